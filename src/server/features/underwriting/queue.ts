/**
 * The underwriters' queue and a quote's history from its audit trail (ADR 0030).
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { penceToMoneyString } from "../../../domain/money";
import { splitReferralReason } from "../../../domain/quote/premium";
import type { UnderwriterDecisionValue } from "../../../domain/quote/quote";
import { QUOTE_HISTORY_ACTIONS, type QuoteHistoryEvent } from "../../../domain/underwriting/history";
import {
  AWAITING_DECISION_STATUSES,
  type UnderwriterQueueItem,
  type UnderwriterQueueQuery,
} from "../../../domain/underwriting/queue";
import { overdueBefore, responseDueAt } from "../../../domain/underwriting/response-target";
import type { Database } from "../../db/client";
import { auditLog, quotes, users } from "../../db/schema";
import { brokerColumns } from "../quotes/repository";

const awaiting = inArray(quotes.status, [...AWAITING_DECISION_STATUSES]);

/**
 * One page of the queue: oldest referral first (ties by id, so paging neither repeats nor skips), with the
 * broker joined in the same query. The page, the view's total and the counts of every waiting and every overdue
 * referral come together, so the queue and the dashboard's summary agree.
 */
export async function findUnderwriterQueue(
  db: Database,
  query: UnderwriterQueueQuery,
  target: { hours: number; now: Date },
): Promise<{ rows: UnderwriterQueueItem[]; total: number; waiting: number; overdue: number }> {
  const cutoff = overdueBefore(target.now, target.hours);
  const isOverdue = lt(quotes.referredAt, cutoff);
  const shown = query.show === "overdue" ? and(awaiting, isOverdue) : awaiting;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: quotes.id,
        reference: quotes.reference,
        proposerName: quotes.proposerName,
        productCode: quotes.productCode,
        status: quotes.status,
        totalPremium: quotes.totalPremium,
        referredAt: quotes.referredAt,
        referralReason: quotes.referralReason,
        broker: brokerColumns,
      })
      .from(quotes)
      .leftJoin(users, eq(users.id, quotes.brokerId))
      .where(shown)
      .orderBy(sql`${quotes.referredAt} asc nulls last`, asc(quotes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        waiting: sql<number>`cast(count(*) as integer)`,
        overdue: sql<number>`cast(count(*) filter (where ${isOverdue}) as integer)`,
      })
      .from(quotes)
      .where(awaiting),
  ]);
  const waiting = Number(counted?.waiting ?? 0);
  const overdue = Number(counted?.overdue ?? 0);
  return {
    rows: rows.map(({ referralReason, totalPremium, referredAt, ...row }) => ({
      ...row,
      totalPremium: totalPremium === null ? null : penceToMoneyString(totalPremium),
      referredAt: referredAt ? referredAt.toISOString() : null,
      referralReasons: splitReferralReason(referralReason),
      respondBy: referredAt ? responseDueAt(referredAt, target.hours).toISOString() : null,
      overdue: referredAt !== null && referredAt < cutoff,
    })),
    total: query.show === "overdue" ? overdue : waiting,
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
