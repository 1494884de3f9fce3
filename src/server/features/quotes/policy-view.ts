/**
 * GET /api/policies/{policyNumber} (docs/product/screens.md "Policy"): an issued quote read as its policy. Whoever
 * may see the quote may see its policy; an unknown number and another broker's policy alike answer 404
 * POLICY_NOT_FOUND, so a broker learns nothing of policies that are not theirs. The status, period and cover are
 * the domain's; the figures are the quote's own, as stored.
 */

import { and, asc, eq, inArray, or } from "drizzle-orm";
import { auditDetailLines } from "../../../domain/audit";
import { actsForQuote } from "../../../domain/firms/firm";
import { todayInLondon } from "../../../domain/format/dates";
import { penceToMoneyString, sumPence } from "../../../domain/money";
import { earliestCancellationDate, mayChangePolicy } from "../../../domain/quote/cancellation";
import { policyCommissionOn } from "../../../domain/quote/commission";
import { decideQuoteAction } from "../../../domain/quote/lifecycle";
import { policyCover, policyHistoryEventOf, policyHistoryTitle, policyStatus } from "../../../domain/quote/policy";
import { adjustableAnswers } from "../../../domain/quote/policy-changes";
import type { PolicyView } from "../../../domain/quote/policy-schema";
import { policyExpiryDate } from "../../../domain/quote/renewal";
import { retroactiveCoverText } from "../../../domain/quote/retroactive-cover";
import { RUN_OFF_MESSAGES } from "../../../domain/quote/run-off";
import type { Database } from "../../db/client";
import { auditLog, quotes, users } from "../../db/schema";
import { AppError } from "../../errors";
import { pendingChangeOf } from "./change-requests";
import { currentAnswersOf, findPolicyTransactions, lastAdjustmentDate } from "./policy-transactions";
import { findQuoteWithBroker, type QuoteActor, type QuoteWithBroker } from "./repository";
import { feesAnswer, money } from "./response";

async function findPolicyId(db: Database, policyNumber: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.policyNumber, policyNumber), eq(quotes.status, "ISSUED")))
    .limit(1);
  return row?.id;
}

async function findRenewal(db: Database, policyId: string) {
  const [row] = await db
    .select({
      quoteId: quotes.id,
      reference: quotes.reference,
      status: quotes.status,
      policyNumber: quotes.policyNumber,
    })
    .from(quotes)
    .where(eq(quotes.renewalOfId, policyId))
    .limit(1);
  return row ?? null;
}

/** The policy's issue, renewal and cancellation entries, and its renewal's issue, oldest first. */
async function findPolicyHistory(db: Database, policyId: string, renewalId: string | null) {
  const rows = await db
    .select({
      id: auditLog.id,
      entityId: auditLog.entityId,
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
        or(
          and(
            eq(auditLog.entityId, policyId),
            inArray(auditLog.action, [
              "issued",
              "renewed",
              "run_off_quoted",
              "change_referred",
              "change_declined",
              "adjusted",
              "cancelled",
            ]),
          ),
          renewalId === null ? undefined : and(eq(auditLog.entityId, renewalId), eq(auditLog.action, "issued")),
        ),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.flatMap((row) => {
    const event = policyHistoryEventOf({ action: row.action, ofRenewal: row.entityId !== policyId });
    if (event === null) return [];
    return [
      {
        event,
        title: policyHistoryTitle(event),
        at: row.createdAt.toISOString(),
        actor: row.actor,
        lines: auditDetailLines({ entityType: "quote", action: row.action, details: row.details }),
      },
    ];
  });
}

export interface PolicyRecord {
  found: QuoteWithBroker;
  renewal: Awaited<ReturnType<typeof findRenewal>>;
}

/** The issued quote with this policy number, if the caller may see it (else 404 POLICY_NOT_FOUND), and its renewal. */
export async function findPolicyByNumber(db: Database, actor: QuoteActor, policyNumber: string): Promise<PolicyRecord> {
  const id = await findPolicyId(db, policyNumber);
  const found = id === undefined ? undefined : await findQuoteWithBroker(db, id);
  if (!found) throw new AppError("POLICY_NOT_FOUND");
  const { quote } = found;
  const mayView = decideQuoteAction({
    action: "view",
    status: quote.status,
    role: actor.role,
    isOwner: actsForQuote(quote, actor),
  }).allowed;
  if (!mayView || quote.policyNumber === null) throw new AppError("POLICY_NOT_FOUND");
  return { found, renewal: await findRenewal(db, quote.id) };
}

/** The policy's status on London day `today`, from the calendar, its renewal and its transactions. */
export function policyStatusOn(policy: PolicyRecord, transactions: readonly { kind: string }[], today: string) {
  return policyStatus(
    {
      inceptionDate: policy.found.quote.inceptionDate,
      runOffYears: policy.found.quote.runOffYears,
      renewalIssued: policy.renewal?.status === "ISSUED",
      cancelled: transactions.some((transaction) => transaction.kind === "CANCELLATION"),
    },
    today,
  );
}

/**
 * A policy the caller means to change (cancel or adjust), refused in the order the API answers: a policy the caller
 * may not see (404), a role that may not change it (403), a policy not in force (409, `notInForce` naming its status).
 */
export async function openPolicyForChange(
  db: Database,
  actor: QuoteActor,
  policyNumber: string,
  now: Date,
  notInForce: (status: string) => string,
) {
  // The policy and its transactions from one snapshot: read apart, a change landing in between would pair the
  // version read before it with the transactions after it, and a repeat of that change would look like no change
  // instead of meeting the version check.
  const { policy, transactions } = await db.transaction(
    async (tx) => {
      const policy = await findPolicyByNumber(tx, actor, policyNumber);
      return { policy, transactions: await findPolicyTransactions(tx, policy.found.quote.id) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const { quote } = policy.found;
  if (!mayChangePolicy(actor.role, actsForQuote(quote, actor))) throw new AppError("INSUFFICIENT_PERMISSIONS");
  const today = todayInLondon(now);
  const status = policyStatusOn(policy, transactions, today);
  if (status !== "In force") throw new AppError("POLICY_STATE_CONFLICT", notInForce(status));
  if (quote.runOffYears !== null) throw new AppError("POLICY_STATE_CONFLICT", RUN_OFF_MESSAGES.runOffPolicy);
  return { policy, quote, transactions, today };
}

function premiumLines(lines: { basePremium: number; fees: number; taxes: number; totalPremium: number }) {
  return {
    basePremium: penceToMoneyString(lines.basePremium),
    fees: penceToMoneyString(lines.fees),
    taxes: penceToMoneyString(lines.taxes),
    totalPremium: penceToMoneyString(lines.totalPremium),
  };
}

export async function policyViewFor(
  db: Database,
  actor: QuoteActor,
  policyNumber: string,
  now: Date,
): Promise<PolicyView> {
  const { found, renewal } = await findPolicyByNumber(db, actor, policyNumber);
  const { quote } = found;
  if (quote.policyNumber === null) throw new AppError("POLICY_NOT_FOUND");
  const transactions = await findPolicyTransactions(db, quote.id);
  const cancellation = transactions.find((transaction) => transaction.kind === "CANCELLATION");
  const today = todayInLondon(now);
  const status = policyStatusOn({ found, renewal }, transactions, today);
  const sum = (line: "basePremium" | "fees" | "taxes" | "totalPremium") =>
    sumPence(transactions.map((transaction) => transaction[line]));
  // The insured and cover as they stand today, after every adjustment.
  const answers = currentAnswersOf(quote, transactions);
  const cover = policyCover(answers);
  // A run-off policy runs to its end as issued: nothing is offered to change it.
  const mayChange =
    status === "In force" && quote.runOffYears === null && mayChangePolicy(actor.role, actsForQuote(quote, actor));
  const lastAdjusted = lastAdjustmentDate(transactions);
  const pounds = (amount: number) => penceToMoneyString(amount * 100);
  const documentsOf = `/api/quotes/${quote.id}`;
  return {
    policyNumber: quote.policyNumber,
    quoteId: quote.id,
    reference: quote.reference,
    productCode: quote.productCode,
    status,
    broker: found.broker,
    issuedAt: quote.issuedAt ? quote.issuedAt.toISOString() : null,
    insured: {
      proposerName: answers.proposerName,
      tradingName: answers.tradingName,
      businessAddress: answers.businessAddress,
      businessActivity: answers.insuredsDetails?.businessActivity ?? null,
    },
    period: {
      inceptionDate: quote.inceptionDate,
      expiryDate: policyExpiryDate(quote.inceptionDate, quote.runOffYears ?? 1),
      runOffYears: quote.runOffYears,
    },
    cover: {
      coverLimit: pounds(cover.coverLimit),
      excessOption: cover.excessOption,
      excess: pounds(cover.excess),
      additionalCovers: cover.additionalCovers.map((extra) => ({ label: extra.label, limit: pounds(extra.limit) })),
      limitBasis: cover.limitBasis,
      defenceCosts: cover.defenceCosts,
      retroactiveDate: retroactiveCoverText(answers.declaration, quote.inceptionDate),
    },
    premium: {
      basePremium: money(quote.basePremium),
      fees: feesAnswer(quote.fees),
      taxes: money(quote.taxes),
      totalPremium: money(quote.totalPremium),
    },
    transactions: transactions.map((transaction) => ({
      sequence: transaction.sequence,
      kind: transaction.kind,
      effectiveDate: transaction.effectiveDate,
      createdAt: transaction.createdAt.toISOString(),
      ...premiumLines(transaction),
    })),
    paidToDate: premiumLines({
      basePremium: sum("basePremium"),
      fees: sum("fees"),
      taxes: sum("taxes"),
      totalPremium: sum("totalPremium"),
    }),
    commission: policyCommissionOn(
      transactions.map((t) => ({ basePremium: t.basePremium, fees: t.fees, totalPremium: t.totalPremium })),
      quote,
    ),
    cancellation: cancellation
      ? {
          effectiveDate: cancellation.effectiveDate,
          reason: typeof cancellation.details.reason === "string" ? cancellation.details.reason : "",
          returnTotal: penceToMoneyString(-cancellation.totalPremium),
        }
      : null,
    version: quote.version,
    cancelFrom: mayChange ? earliestCancellationDate(actor.role, quote.inceptionDate, today) : null,
    adjustFrom: mayChange ? (lastAdjusted ?? quote.inceptionDate) : null,
    pendingChange: status === "In force" ? await pendingChangeOf(db, actor, quote.id) : null,
    answers: adjustableAnswers(answers),
    documents: [
      { type: "statementOfFact", method: "POST", href: `${documentsOf}/statement-of-fact` },
      { type: "policySchedule", method: "POST", href: `${documentsOf}/policy-schedule` },
      { type: "dcPolicyWording", method: "GET", href: "/api/documents/dc-wording?download=true" },
      ...transactions
        .filter((transaction) => transaction.kind === "ADJUSTMENT")
        .map((_, index) => ({
          type: "endorsement" as const,
          method: "POST" as const,
          href: `/api/policies/${encodeURIComponent(policyNumber)}/endorsements/${index + 1}`,
          endorsement: index + 1,
        })),
      ...(cancellation
        ? [
            {
              type: "cancellationNotice" as const,
              method: "POST" as const,
              href: `/api/policies/${encodeURIComponent(quote.policyNumber)}/cancellation-notice`,
            },
          ]
        : []),
    ],
    renewal,
    renewalOf: found.renewalOf
      ? { reference: found.renewalOf.reference, policyNumber: found.renewalOf.policyNumber }
      : null,
    history: await findPolicyHistory(db, quote.id, renewal?.quoteId ?? null),
  };
}
