/**
 * POST /quotes/{id}/renew (docs/product/life-cycle.md "Renewals"): a new DRAFT quote from an issued policy, owned by
 * the policy's broker, every section copied, starting on the anniversary and rated with the version effective
 * then. The declaration is copied unconfirmed: the broker answers it again before the renewal completes.
 * `renewal_of_id` is unique, so two requests for one policy make one renewal; the other hears 409.
 */

import { and, eq } from "drizzle-orm";
import { INSURER_NAME } from "../../../domain/constants";
import { actsForQuote } from "../../../domain/firms/firm";
import { policyExpiryDate } from "../../../domain/quote/policy-period";
import { decideRenewal, RENEWAL_MESSAGES, renewalInceptionDate } from "../../../domain/quote/renewal";
import { renewedDeclaration } from "../../../domain/quote/retroactive-cover";
import { RUN_OFF_MESSAGES } from "../../../domain/quote/run-off";
import { type AuditEvent, recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type NewQuoteRow, type QuoteRow, quotes } from "../../db/schema";
import { AppError, sqlStateOf } from "../../errors";
import { insertReceipt } from "../receipts/service";
import { requireQuote } from "./access-service";
import { insertCreatedQuote, insuredsDetailsColumns } from "./change";
import { currentAnswersOf, findPolicyTransactions, isCancelledPolicy } from "./policy-transactions";
import { ratedAudit, rateStoredQuote, ratingColumns, ratingReceiptOf } from "./rating";
import { findRenewalOf } from "./renewals";
import { type QuoteWithBroker, renewedPolicyRow } from "./repository";

/** The run-off issued from policy `policyId`, if any. */
async function findIssuedRunOffOf(db: Database, policyId: string) {
  const [row] = await db
    .select({ reference: quotes.reference })
    .from(quotes)
    .where(and(eq(quotes.runOffOfId, policyId), eq(quotes.status, "ISSUED")))
    .limit(1);
  return row;
}

function alreadyRenewed(reference: string): AppError {
  return new AppError("RENEWAL_CONFLICT", RENEWAL_MESSAGES.alreadyRenewed(reference));
}

/**
 * A new quote's columns from an issued policy's answers, starting on `inceptionDate`: every section copied, the
 * declaration unconfirmed (the broker answers it again) and its retroactive date kept (continuity: a first policy's
 * inception becomes the date). No premium, decision or number yet. Renewals and run-off both start from it.
 */
export function policyCopyValues(policy: QuoteRow, inceptionDate: string, now: Date) {
  return {
    productCode: policy.productCode,
    productType: policy.productType,
    contactEmail: policy.contactEmail,
    brokerId: policy.brokerId,
    // A renewal or a run-off is the same firm's business as the policy it comes from.
    firmId: policy.firmId,
    proposerName: policy.proposerName,
    tradingName: policy.tradingName,
    businessAddress: policy.businessAddress,
    incorporationDate: policy.incorporationDate,
    isSoleTrader: policy.isSoleTrader,
    tradingSince: policy.tradingSince,
    numberOfDirectors: policy.numberOfDirectors,
    numberOfQualifiedStaff: policy.numberOfQualifiedStaff,
    hasFinancialInterest: policy.hasFinancialInterest,
    financialInterestDetails: policy.financialInterestDetails,
    ...(policy.insuredsDetails ? insuredsDetailsColumns({ ...policy.insuredsDetails, inceptionDate }) : {}),
    inceptionDate,
    insuredsDetails: policy.insuredsDetails ? { ...policy.insuredsDetails, inceptionDate } : null,
    financialOverview: policy.financialOverview,
    designLiability: policy.designLiability,
    activitySplit: policy.activitySplit,
    contracts: policy.contracts,
    declaration: policy.declaration
      ? renewedDeclaration(
          policy.declaration,
          policy.inceptionDate,
          policyExpiryDate(policy.inceptionDate),
          INSURER_NAME,
        )
      : null,
    risk: policy.risk,
    turnoverBand: policy.turnoverBand,
    limitBasis: policy.limitBasis,
    defenceCosts: policy.defenceCosts,
    premiumOverridden: false,
    overrideBasePremium: null,
    declarationConfirmed: false,
    createdAt: now,
    updatedAt: now,
  } satisfies NewQuoteRow;
}

/** The renewal's columns: the policy's answers with the new inception date, linked to the policy it renews. */
function renewalValues(policy: QuoteRow, now: Date) {
  return {
    ...policyCopyValues(policy, renewalInceptionDate(policy.inceptionDate), now),
    renewalOfId: policy.id,
  } satisfies NewQuoteRow;
}

/**
 * A new quote made from a policy (its renewal, its run-off): rated as any stored quote, then inserted with its
 * "created" and "rated" entries and the policy's own entry in one transaction. A policy has one of each: when
 * another request made it first, the unique column keeps that one and `taken` names it in the refusal.
 */
export async function insertQuoteFromPolicy(
  db: Database,
  actor: AuthUser,
  now: Date,
  made: {
    values: NewQuoteRow & Parameters<typeof rateStoredQuote>[1];
    createdDetails: Record<string, unknown>;
    policyId: string;
    policyEntry: (row: QuoteRow) => AuditEvent;
    taken: () => Promise<AppError | undefined>;
  },
): Promise<QuoteRow> {
  const rating = await rateStoredQuote(db, made.values, now);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertCreatedQuote(
        tx,
        { ...made.values, ...ratingColumns(rating, now) },
        actor,
        made.createdDetails,
      );
      const receipt = ratingReceiptOf(rating, row.reference, now);
      await insertReceipt(tx, row.id, receipt, now);
      await recordAudit(tx, {
        at: now,
        entityType: "quote",
        entityId: row.id,
        actorId: actor.id,
        ...ratedAudit(row.reference, rating, receipt),
      });
      await recordAudit(tx, {
        at: now,
        entityType: "quote",
        entityId: made.policyId,
        actorId: actor.id,
        ...made.policyEntry(row),
      });
      return row;
    });
  } catch (error) {
    if (sqlStateOf(error) === "23505") {
      const refusal = await made.taken();
      if (refusal) throw refusal;
    }
    throw error;
  }
}

export async function renewQuote(db: Database, actor: AuthUser, id: string, now: Date): Promise<QuoteWithBroker> {
  const found = await requireQuote(db, id);
  const policy = found.quote;
  const [existing, transactions] = await Promise.all([
    findRenewalOf(db, policy.id),
    findPolicyTransactions(db, policy.id),
  ]);
  const decision = decideRenewal({
    role: actor.role,
    isOwner: actsForQuote(policy, actor),
    status: policy.status,
    renewedAs: existing?.reference ?? null,
    cancelled: isCancelledPolicy(transactions),
  });
  if (!decision.allowed) {
    if (decision.kind === "forbidden") throw new AppError("INSUFFICIENT_PERMISSIONS");
    throw new AppError("RENEWAL_CONFLICT", decision.reason);
  }
  // Run-off is the firm's last policy: it runs to its end and is not renewed.
  if (policy.runOffYears !== null) throw new AppError("RENEWAL_CONFLICT", RUN_OFF_MESSAGES.runOffPolicy);
  const runOff = await findIssuedRunOffOf(db, policy.id);
  if (runOff) throw new AppError("RENEWAL_CONFLICT", RUN_OFF_MESSAGES.inRunOff(runOff.reference));

  // The renewal carries the cover as it stands after every mid-term adjustment.
  const values = renewalValues(currentAnswersOf(policy, transactions), now);
  // Rated as any stored quote is, with the version effective on the renewal's inception date (422 when none is).
  const renewal = await insertQuoteFromPolicy(db, actor, now, {
    values,
    createdDetails: { renewalOf: policy.policyNumber, renewalOfReference: policy.reference },
    policyId: policy.id,
    policyEntry: (row) => ({
      action: "renewed",
      details: { reference: policy.reference, policyNumber: policy.policyNumber, renewal: row.reference },
    }),
    // Another request renewed the policy between our check and our insert: the unique column kept it to one.
    taken: async () => {
      const winner = await findRenewalOf(db, policy.id);
      return winner ? alreadyRenewed(winner.reference) : undefined;
    },
  });
  return { quote: renewal, broker: found.broker, decidedBy: null, renewalOf: renewedPolicyRow(policy) };
}
