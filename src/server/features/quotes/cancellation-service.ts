import { penceToMoneyString } from "../../../domain/money";
import {
  CANCELLATION_MESSAGES,
  type CancellationFigures,
  cancellationDateProblem,
  cancellationFigures,
  POLICY_CHANGED_MESSAGE,
} from "../../../domain/quote/cancellation";
import { policyCommissionOn } from "../../../domain/quote/commission";
import type { CancellationFiguresAnswer, CancellationRequest } from "../../../domain/quote/policy-schema";
import { policyExpiryDate } from "../../../domain/quote/renewal";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import type { PolicyTransactionRow } from "../../db/schema";
import { AppError } from "../../errors";
import { reportedPolicy } from "./adjustment-service";
import { currentAnswersOf, findPolicyTransactions, recordPolicyTransaction } from "./policy-transactions";
import { findPolicyByNumber, openPolicyForChange, type PolicyRecord } from "./policy-view";
import { policyRater } from "./rating";

interface CancellablePolicy {
  policy: PolicyRecord;
  transactions: PolicyTransactionRow[];
  figures: CancellationFigures;
}

/**
 * The policy, if the caller may cancel it from `effectiveDate`, with the figures that gives. Refused in the order
 * the API answers: a policy the caller may not see (404), a role that may not cancel (403), a policy not in force
 * (409), then a date outside what the caller may choose (400 naming `effectiveDate`).
 */
async function openForCancellation(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  effectiveDate: string,
  now: Date,
): Promise<CancellablePolicy> {
  const { policy, quote, transactions, today } = await openPolicyForChange(
    db,
    actor,
    policyNumber,
    now,
    CANCELLATION_MESSAGES.notInForce,
  );
  const problem = cancellationDateProblem({
    role: actor.role,
    inceptionDate: quote.inceptionDate,
    effectiveDate,
    today,
  });
  if (problem !== null) throw AppError.validation([{ path: "effectiveDate", message: problem }]);
  const { config } = await policyRater(db, quote);
  const figures = cancellationFigures({
    inceptionDate: quote.inceptionDate,
    effectiveDate,
    charged: transactions,
    terms: config.cancellation,
    taxesPct: config.taxesPct,
  });
  return { policy, transactions, figures };
}

const money = penceToMoneyString;

export function cancellationFiguresAnswer(
  figures: CancellationFigures,
  policy: { commissionRateBasisPoints: number | null; commissionOverridden: boolean },
): CancellationFiguresAnswer {
  return {
    effectiveDate: figures.effectiveDate,
    basis: figures.basis,
    daysInPeriod: figures.daysInPeriod,
    daysInForce: figures.daysInForce,
    scalePercent: figures.scalePercent,
    paid: {
      basePremium: money(figures.paid.basePremium),
      fees: money(figures.paid.fees),
      taxes: money(figures.paid.taxes),
      totalPremium: money(figures.paid.totalPremium),
    },
    retainedPremium: money(figures.retainedPremium),
    returnPremium: money(figures.returnPremium),
    returnTaxes: money(figures.returnTaxes),
    returnTotal: money(figures.returnTotal),
    // Positive like the return: the stored transaction's lines negated, and rounding is the same size either way.
    commission: policyCommissionOn(
      [{ basePremium: figures.returnPremium, fees: 0, totalPremium: figures.returnTotal }],
      policy,
    ),
  };
}

/** What cancelling from `effectiveDate` would return; nothing is written. */
export async function cancellationFiguresFor(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  effectiveDate: string,
  now: Date,
): Promise<CancellationFiguresAnswer> {
  const { policy, figures } = await openForCancellation(db, actor, policyNumber, effectiveDate, now);
  return cancellationFiguresAnswer(figures, policy.found.quote);
}

/** Cancels the policy from `request.effectiveDate`, at the version the caller read. */
export async function cancelPolicy(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  request: CancellationRequest,
  now: Date,
): Promise<void> {
  const { policy, transactions, figures } = await openForCancellation(
    db,
    actor,
    policyNumber,
    request.effectiveDate,
    now,
  );
  const { quote } = policy.found;
  if (quote.version !== request.expectedVersion) throw new AppError("VERSION_CONFLICT", POLICY_CHANGED_MESSAGE);
  const sequence = (transactions.at(-1)?.sequence ?? 0) + 1;
  await recordPolicyTransaction(db, {
    quote,
    expectedVersion: request.expectedVersion,
    actorId: actor.id,
    now,
    transaction: {
      sequence,
      kind: "CANCELLATION",
      effectiveDate: figures.effectiveDate,
      // Stored as negatives; a return of nothing is stored as zero and stays zero (never -0).
      basePremium: 0 - figures.returnPremium,
      fees: 0,
      taxes: 0 - figures.returnTaxes,
      totalPremium: 0 - figures.returnTotal,
      details: {
        reason: request.reason,
        basis: figures.basis,
        scalePercent: figures.scalePercent,
        daysInForce: figures.daysInForce,
        daysInPeriod: figures.daysInPeriod,
        retainedPremium: figures.retainedPremium,
        policy: reportedPolicy(currentAnswersOf(quote, transactions)),
      },
    },
    audit: {
      action: "cancelled",
      details: {
        reference: quote.reference,
        policyNumber: quote.policyNumber,
        effectiveDate: figures.effectiveDate,
        cancellationReason: request.reason,
        returnPremium: money(figures.returnPremium),
        returnTaxes: money(figures.returnTaxes),
        returnTotal: money(figures.returnTotal),
      },
    },
  });
}

/** What the cancellation notice prints: the policy, who holds it, and the cancellation as stored. */
export interface CancellationNoticeView {
  policyNumber: string;
  reference: string;
  productCode: string;
  insured: { name: string; tradingName: string | null; address: string | null; isSoleTrader: boolean };
  broker: { name: string; email: string } | null;
  period: { from: string; to: string };
  cancellation: {
    effectiveDate: string;
    reason: string;
    /** When it was recorded (ISO timestamp). */
    recordedAt: string;
    basis: string;
    scalePercent: number | null;
    daysInForce: number | null;
    daysInPeriod: number | null;
  };
  /** Pence, before the cancellation: what had been paid. */
  paid: { basePremium: number; fees: number; taxes: number; totalPremium: number };
  /** Pence, positive: what is kept and what is returned. */
  retainedPremium: number;
  returnPremium: number;
  returnTaxes: number;
  returnTotal: number;
  generatedAt: string;
}

/**
 * The cancellation notice of a cancelled policy, for whoever may see the policy (404 otherwise, and for a policy
 * with no cancellation). Its figures are the stored transaction's, so the notice prints what was confirmed.
 */
export async function cancellationNoticeViewFor(
  db: Database,
  actor: AuthUser,
  policyNumber: string,
  now: Date,
): Promise<CancellationNoticeView> {
  const { found } = await findPolicyByNumber(db, actor, policyNumber);
  const { quote } = found;
  const transactions = await findPolicyTransactions(db, quote.id);
  const index = transactions.findIndex((transaction) => transaction.kind === "CANCELLATION");
  const cancellation = transactions[index];
  if (!cancellation || quote.policyNumber === null) throw new AppError("POLICY_NOT_FOUND");
  const before = transactions.slice(0, index);
  const answers = currentAnswersOf(quote, before);
  const sum = (line: "basePremium" | "fees" | "taxes" | "totalPremium") =>
    before.reduce((total, transaction) => total + transaction[line], 0);
  const { details } = cancellation;
  const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);
  return {
    policyNumber: quote.policyNumber,
    reference: quote.reference,
    productCode: quote.productCode,
    insured: {
      name: answers.proposerName,
      tradingName: answers.tradingName,
      address: answers.businessAddress,
      isSoleTrader: quote.isSoleTrader,
    },
    broker: found.broker,
    period: { from: quote.inceptionDate, to: policyExpiryDate(quote.inceptionDate) },
    cancellation: {
      effectiveDate: cancellation.effectiveDate,
      reason: typeof details.reason === "string" ? details.reason : "",
      recordedAt: cancellation.createdAt.toISOString(),
      basis: typeof details.basis === "string" ? details.basis : "",
      scalePercent: numberOrNull(details.scalePercent),
      daysInForce: numberOrNull(details.daysInForce),
      daysInPeriod: numberOrNull(details.daysInPeriod),
    },
    paid: {
      basePremium: sum("basePremium"),
      fees: sum("fees"),
      taxes: sum("taxes"),
      totalPremium: sum("totalPremium"),
    },
    retainedPremium: numberOrNull(details.retainedPremium) ?? sum("basePremium") + cancellation.basePremium,
    // Stored as negatives; a return of nothing is stored as zero and stays zero (never -0).
    returnPremium: 0 - cancellation.basePremium,
    returnTaxes: 0 - cancellation.taxes,
    returnTotal: 0 - cancellation.totalPremium,
    generatedAt: now.toISOString(),
  };
}
