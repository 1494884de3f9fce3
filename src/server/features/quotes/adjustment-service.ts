import { type Pence, penceToMoneyString, roundHalfUp } from "../../../domain/money";
import {
  ADJUSTMENT_MESSAGES,
  type AdjustmentCharge,
  adjustmentCharge,
  adjustmentDateProblem,
  adjustmentReferralReasons,
} from "../../../domain/quote/adjustment";
import { POLICY_CHANGED_MESSAGE } from "../../../domain/quote/cancellation";
import { policyCommissionOn } from "../../../domain/quote/commission";
import {
  type PolicyChangeLine,
  type PolicyChanges,
  policyChangeLines,
  withPolicyChanges,
} from "../../../domain/quote/policy-changes";
import type { AdjustmentFiguresAnswer, AdjustmentRequest } from "../../../domain/quote/policy-schema";
import { ratingInputOf } from "../../../domain/quote/rating-input";
import { policyExpiryDate } from "../../../domain/quote/renewal";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import type { PolicyTransactionRow, QuoteRow } from "../../db/schema";
import { AppError } from "../../errors";
import type { compiledRaterFor } from "../rating-versions/effective-service";
import { type EngineRating, insertReceipt, receiptToWrite } from "../receipts/service";
import { assertUnderwriterMayDecide } from "../underwriting/authority-service";
import {
  currentAnswersOf,
  findPolicyTransactions,
  lastAdjustmentDate,
  recordPolicyTransaction,
} from "./policy-transactions";
import { findPolicyByNumber, openPolicyForChange, type PolicyRecord } from "./policy-view";
import { policyRater, quoteRatingVersion } from "./rating";

/**
 * What a capacity provider's bordereau reports of the policy as a transaction leaves it: its insured and cover
 * after the change. Kept on every transaction after the issue, so a renamed insured reads as renamed from then on.
 */
export function reportedPolicy(answers: QuoteRow) {
  const input = ratingInputOf(answers);
  return {
    insuredName: answers.proposerName,
    tradingName: answers.insuredsDetails?.tradingName ?? answers.tradingName ?? null,
    businessAddress: answers.insuredsDetails?.businessAddress ?? answers.businessAddress ?? null,
    businessActivity: answers.insuredsDetails?.businessActivity ?? null,
    coverLimit: input.coverLimit,
    excessOption: input.excessOption,
  };
}

export interface AdjustmentPlan {
  policy: PolicyRecord;
  transactions: PolicyTransactionRow[];
  lines: PolicyChangeLine[];
  charge: AdjustmentCharge;
  referralReasons: string[];
  canBind: boolean;
  after: QuoteRow;
  /** The year's gross premium after the change (base, the policy's fees, IPT): what an underwriter accepts. */
  annualGrossAfter: Pence;
  /** The engine's rating of the year after the change. */
  ratedAfter: AfterRating;
}

/** The engine's rating of the year after the change: what the adjustment's receipt records. */
type AfterRating = Pick<EngineRating, "input" | "result">;

/** The year's base premium of `answers` under `version`, with the underwriter's counter offer the policy carries. */
function annualBase(
  rater: ReturnType<typeof compiledRaterFor>,
  answers: QuoteRow,
): { base: Pence; referralHits: { description: string }[]; coverLimit: number; engine: AfterRating } {
  const input = ratingInputOf(answers);
  const result = rater.rate(input);
  const multiplier = answers.adjustmentMultiplier ?? 1;
  return {
    base: roundHalfUp(result.basePremium * multiplier),
    referralHits: [...result.referralHits],
    coverLimit: input.coverLimit,
    engine: { input, result },
  };
}

/**
 * Works out a change from `effectiveDate`, refusing in the order the API answers: a policy the caller may not see
 * (404), a role that may not change it (403), a policy not in force or changed since the caller read it (409), a
 * date or a change that cannot be made (400 naming the field).
 */
export async function planAdjustment(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  effectiveDate: string,
  changes: PolicyChanges,
  now: Date,
  /** For the change itself: the version the caller read, judged before the change's content (409 first). */
  expectedVersion?: number,
): Promise<AdjustmentPlan> {
  const { policy, quote, transactions, today } = await openPolicyForChange(
    db,
    actor,
    policyNumber,
    now,
    ADJUSTMENT_MESSAGES.notInForce,
  );
  if (expectedVersion !== undefined && quote.version !== expectedVersion)
    throw new AppError("VERSION_CONFLICT", POLICY_CHANGED_MESSAGE);
  const problem = adjustmentDateProblem({
    inceptionDate: quote.inceptionDate,
    effectiveDate,
    lastAdjustmentDate: lastAdjustmentDate(transactions),
  });
  if (problem !== null) throw AppError.validation([{ path: "effectiveDate", message: problem }]);
  const before = currentAnswersOf(quote, transactions);
  const lines = policyChangeLines(before, changes);
  if (lines.length === 0) {
    throw AppError.validation([{ path: "changes", message: ADJUSTMENT_MESSAGES.nothingChanges }]);
  }
  const after = withPolicyChanges(before, changes);

  const rater = await policyRater(db, quote);
  const was = annualBase(rater, before);
  const will = annualBase(rater, after);
  const charge = adjustmentCharge({
    inceptionDate: quote.inceptionDate,
    effectiveDate,
    annual: { before: was.base, after: will.base },
    taxesPct: rater.config.taxesPct,
    thresholdPence: roundHalfUp(rater.config.adjustments.waiverThreshold * 100),
  });
  const referralReasons = adjustmentReferralReasons({
    effectiveDate,
    today,
    coverLimitBefore: was.coverLimit,
    coverLimitAfter: will.coverLimit,
    referralHits: will.referralHits,
  });
  return {
    policy,
    transactions,
    lines,
    charge,
    referralReasons,
    canBind: actor.role === "UNDERWRITER" || referralReasons.length === 0,
    after,
    annualGrossAfter: annualGross(will.base + (quote.feesTotal ?? 0), rater.config.taxesPct),
    ratedAfter: will.engine,
  };
}

const money = penceToMoneyString;

function annualGross(subtotal: Pence, taxesPct: number): Pence {
  return subtotal + roundHalfUp((subtotal * taxesPct) / 100);
}

function figuresAnswer(plan: AdjustmentPlan): AdjustmentFiguresAnswer {
  const { charge } = plan;
  const { quote } = plan.policy.found;
  return {
    effectiveDate: charge.effectiveDate,
    changes: plan.lines,
    annualBefore: money(charge.annualBefore),
    annualAfter: money(charge.annualAfter),
    daysInPeriod: charge.daysInPeriod,
    daysRemaining: charge.daysRemaining,
    premium: money(charge.premium),
    taxes: money(charge.taxes),
    total: money(charge.total),
    waived: charge.waived,
    referralReasons: plan.referralReasons,
    canBind: plan.canBind,
    // The lines the change is stored with (adjustPolicy): an adjustment never changes the fees.
    commission: policyCommissionOn([{ basePremium: charge.premium, fees: 0, totalPremium: charge.total }], quote),
  };
}

/** What a change from `effectiveDate` would charge or return, and whether it refers; nothing is written. */
export async function adjustmentFiguresFor(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  body: { effectiveDate: string; changes: PolicyChanges },
  now: Date,
): Promise<AdjustmentFiguresAnswer> {
  return figuresAnswer(await planAdjustment(db, actor, policyNumber, body.effectiveDate, body.changes, now));
}

/** Makes the change at the version the caller read: version n+1 of the policy, with its endorsement. */
export async function adjustPolicy(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  request: AdjustmentRequest,
  now: Date,
  /** More to write in the same database transaction (closing the request an underwriter approves). */
  alsoWithin?: (tx: Database) => Promise<void>,
): Promise<void> {
  const changes = request.changes as PolicyChanges;
  const plan = await planAdjustment(
    db,
    actor,
    policyNumber,
    request.effectiveDate,
    changes,
    now,
    request.expectedVersion,
  );
  const { quote } = plan.policy.found;
  if (!plan.canBind) {
    throw new AppError(
      "ADJUSTMENT_NEEDS_UNDERWRITER",
      `This change needs an underwriter: ${plan.referralReasons.join("; ")}`,
    );
  }
  // An underwriter binding a change that refers (directly, or by approving a broker's request) accepts its cover
  // limit and the year's premium after it, so that must be within their authority.
  if (actor.role === "UNDERWRITER" && (plan.referralReasons.length > 0 || alsoWithin !== undefined)) {
    await assertUnderwriterMayDecide(db, actor.id, {
      decision: "APPROVED",
      coverLimit: ratingInputOf(plan.after).coverLimit,
      grossPremium: plan.annualGrossAfter,
      referrals: [],
      multiplier: null,
    });
  }
  const sequence = (plan.transactions.at(-1)?.sequence ?? 0) + 1;
  const endorsement = plan.transactions.filter((transaction) => transaction.kind === "ADJUSTMENT").length + 1;
  const { charge } = plan;
  const stored = await quoteRatingVersion(db, quote);
  const receipt =
    stored &&
    receiptToWrite(
      "ADJUSTMENT",
      { version: stored.version, options: {}, ...plan.ratedAfter },
      { reference: quote.reference, policyNumber: quote.policyNumber, endorsement, policySequence: sequence },
      now,
    );
  await recordPolicyTransaction(db, {
    quote,
    expectedVersion: request.expectedVersion,
    actorId: actor.id,
    now,
    alsoWithin: async (tx) => {
      if (receipt) await insertReceipt(tx, quote.id, receipt, now);
      await alsoWithin?.(tx);
    },
    transaction: {
      sequence,
      kind: "ADJUSTMENT",
      effectiveDate: charge.effectiveDate,
      basePremium: charge.premium,
      fees: 0,
      taxes: charge.taxes,
      totalPremium: charge.total,
      details: {
        endorsement,
        changes,
        changeLines: plan.lines,
        annualBefore: charge.annualBefore,
        annualAfter: charge.annualAfter,
        daysInPeriod: charge.daysInPeriod,
        daysRemaining: charge.daysRemaining,
        waived: charge.waived,
        referralReasons: plan.referralReasons,
        policy: reportedPolicy(plan.after),
      },
    },
    audit: {
      action: "adjusted",
      details: {
        reference: quote.reference,
        policyNumber: quote.policyNumber,
        endorsement,
        effectiveDate: charge.effectiveDate,
        changedAnswers: plan.lines.map((line) => `${line.label}: ${line.from} -> ${line.to}`),
        adjustmentTotal: money(charge.total),
        receipt: receipt?.receipt.hash ?? null,
      },
    },
  });
}

/** What an endorsement prints: the policy, the changes and the charge, exactly as stored. */
export interface EndorsementView {
  policyNumber: string;
  reference: string;
  productCode: string;
  insuredName: string;
  broker: { name: string; email: string } | null;
  period: { from: string; to: string };
  endorsement: number;
  effectiveDate: string;
  recordedAt: string;
  changes: PolicyChangeLine[];
  /** Pence, signed: positive charged, negative returned. */
  premium: number;
  taxes: number;
  total: number;
  waived: boolean;
  generatedAt: string;
}

/** Endorsement No. `number` of a policy, for whoever may see the policy (404 otherwise, and for no such number). */
export async function endorsementViewFor(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  number: number,
  now: Date,
): Promise<EndorsementView> {
  const { found } = await findPolicyByNumber(db, actor, policyNumber);
  const { quote } = found;
  const transactions = await findPolicyTransactions(db, quote.id);
  const adjustment = transactions.filter((transaction) => transaction.kind === "ADJUSTMENT")[number - 1];
  if (!adjustment || quote.policyNumber === null) throw new AppError("POLICY_NOT_FOUND");
  const upTo = transactions.filter((transaction) => transaction.sequence <= adjustment.sequence);
  return {
    policyNumber: quote.policyNumber,
    reference: quote.reference,
    productCode: quote.productCode,
    insuredName: currentAnswersOf(quote, upTo).proposerName,
    broker: found.broker,
    period: { from: quote.inceptionDate, to: policyExpiryDate(quote.inceptionDate) },
    endorsement: number,
    effectiveDate: adjustment.effectiveDate,
    recordedAt: adjustment.createdAt.toISOString(),
    changes: (adjustment.details.changeLines ?? []) as PolicyChangeLine[],
    premium: adjustment.basePremium,
    taxes: adjustment.taxes,
    total: adjustment.totalPremium,
    waived: adjustment.details.waived === true,
    generatedAt: now.toISOString(),
  };
}
