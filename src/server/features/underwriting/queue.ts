/**
 * The underwriters' queue and a quote's history from its audit trail (ADR 0030).
 */
import { and, asc, eq, exists, inArray, isNull, lt, not, type SQL, sql } from "drizzle-orm";
import { penceToMoneyString } from "../../../domain/money";
import { splitReferralReason } from "../../../domain/quote/premium";
import type { UnderwriterDecisionValue } from "../../../domain/quote/quote";
import { type Authority, authorityExcesses } from "../../../domain/underwriting/authority";
import { QUOTE_HISTORY_ACTIONS, type QuoteHistoryEvent } from "../../../domain/underwriting/history";
import { referralWaiting } from "../../../domain/underwriting/questions";
import {
  AWAITING_DECISION_STATUSES,
  type UnderwriterQueueItem,
  type UnderwriterQueueQuery,
} from "../../../domain/underwriting/queue";
import { overdueBefore, responseDueAt } from "../../../domain/underwriting/response-target";
import type { Database } from "../../db/client";
import { auditLog, type QuoteRow, quotes, referralQuestions, users } from "../../db/schema";
import { brokerColumns } from "../quotes/repository";
import { authorityCaseOf } from "./authority-service";

const awaiting = inArray(quotes.status, [...AWAITING_DECISION_STATUSES]);

/** The response target of the queue: its working hours, and the referral time before which one is overdue. */
interface Target {
  hours: number;
  cutoff: Date;
}

/** The referral waits for the broker: an underwriter's question on it is open. */
function openQuestionOf(db: Database) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(referralQuestions)
      .where(
        and(
          eq(referralQuestions.quoteId, quotes.id),
          isNull(referralQuestions.answeredAt),
          isNull(referralQuestions.closedAt),
        ),
      ),
  );
}

function queueItemOf(
  quote: QuoteRow,
  broker: UnderwriterQueueItem["broker"],
  target: Target,
  authority: Authority | null,
  awaitingBroker: boolean,
): UnderwriterQueueItem {
  const { referredAt } = quote;
  const beyond =
    authority !== null && authorityExcesses(authority, authorityCaseOf(quote, "APPROVED", null)).length > 0;
  return {
    id: quote.id,
    reference: quote.reference,
    proposerName: quote.proposerName,
    productCode: quote.productCode,
    status: quote.status,
    totalPremium: quote.totalPremium === null ? null : penceToMoneyString(quote.totalPremium),
    referredAt: referredAt ? referredAt.toISOString() : null,
    referralReasons: splitReferralReason(quote.referralReason),
    broker,
    respondBy: referredAt ? responseDueAt(referredAt, target.hours).toISOString() : null,
    overdue: referredAt !== null && referredAt < target.cutoff,
    needsHigherAuthority: beyond,
    waiting: referralWaiting(awaitingBroker),
  };
}

/**
 * One page of the queue: oldest referral first (ties by id, so paging neither repeats nor skips), with the
 * broker joined in the same query, each referral marked when it is beyond the reader's authority (null for an
 * administrator). The page, the view's total and the counts of every waiting and every overdue referral come
 * together, so the queue and the dashboard's summary agree. Filtered by authority (ADR 0064), the referrals the
 * view shows are read and judged by the domain's rule, then paged: the total counts the filtered rows.
 */
export async function findUnderwriterQueue(
  db: Database,
  query: UnderwriterQueueQuery,
  target: { hours: number; now: Date },
  authority: Authority | null,
): Promise<{ rows: UnderwriterQueueItem[]; total: number; waiting: number; overdue: number }> {
  const cutoff = overdueBefore(target.now, target.hours);
  const isOverdue = lt(quotes.referredAt, cutoff);
  const awaitingBroker = openQuestionOf(db);
  // The views combine: overdue or not, and whom the referral waits for (the broker while a question is open).
  const filters: SQL[] = [];
  if (query.show === "overdue") filters.push(isOverdue);
  if (query.waiting === "broker") filters.push(awaitingBroker);
  if (query.waiting === "underwriter") filters.push(not(awaitingBroker));
  const kept = filters.length > 0 ? and(...filters) : undefined;
  const shown = kept ? and(awaiting, kept) : awaiting;
  const ordered = () =>
    db
      .select({ quote: quotes, broker: brokerColumns, awaitingBroker: sql<boolean>`${awaitingBroker}` })
      .from(quotes)
      .leftJoin(users, eq(users.id, quotes.brokerId))
      .where(shown)
      .orderBy(sql`${quotes.referredAt} asc nulls last`, asc(quotes.id));
  const counts = db
    .select({
      waiting: sql<number>`cast(count(*) as integer)`,
      overdue: sql<number>`cast(count(*) filter (where ${isOverdue}) as integer)`,
      shown: kept
        ? sql<number>`cast(count(*) filter (where ${kept}) as integer)`
        : sql<number>`cast(count(*) as integer)`,
    })
    .from(quotes)
    .where(awaiting);
  const itemOf = (row: { quote: QuoteRow; broker: UnderwriterQueueItem["broker"]; awaitingBroker: boolean }) =>
    queueItemOf(row.quote, row.broker, { hours: target.hours, cutoff }, authority, Boolean(row.awaitingBroker));
  const offset = (query.page - 1) * query.pageSize;
  if (query.authority !== undefined && authority !== null) {
    const wanted = query.authority === "beyond";
    const [all, [counted]] = await Promise.all([ordered(), counts]);
    const filtered = all.map(itemOf).filter((item) => item.needsHigherAuthority === wanted);
    return {
      rows: filtered.slice(offset, offset + query.pageSize),
      total: filtered.length,
      waiting: Number(counted?.waiting ?? 0),
      overdue: Number(counted?.overdue ?? 0),
    };
  }
  const [rows, [counted]] = await Promise.all([ordered().limit(query.pageSize).offset(offset), counts]);
  const waiting = Number(counted?.waiting ?? 0);
  const overdue = Number(counted?.overdue ?? 0);
  return {
    rows: rows.map(itemOf),
    total: Number(counted?.shown ?? 0),
    waiting,
    overdue,
  };
}

function detailOf(details: unknown, key: string): unknown {
  return details !== null && typeof details === "object" ? (details as Record<string, unknown>)[key] : undefined;
}

/** The quote's history, oldest first, from the audit entries written with each change. */
export async function findQuoteHistory(db: Database, quoteId: string): Promise<QuoteHistoryEvent[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actor: { name: users.name, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entityType, "quote"),
        eq(auditLog.entityId, quoteId),
        inArray(auditLog.action, [...QUOTE_HISTORY_ACTIONS]),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((row) => {
    const decision = detailOf(row.details, "decision");
    const multiplier = detailOf(row.details, "adjustmentMultiplier");
    return {
      id: String(row.id),
      action: row.action as QuoteHistoryEvent["action"],
      actor: row.actor,
      at: row.createdAt.toISOString(),
      decision:
        row.action === "decision_recorded" ? ((decision as UnderwriterDecisionValue | undefined) ?? null) : null,
      adjustmentMultiplier: typeof multiplier === "number" ? multiplier : null,
    };
  });
}
