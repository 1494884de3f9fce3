/**
 * Mid-term adjustments of an issued policy (docs/product/life-cycle.md "Mid-term adjustments"): the rules a change
 * of cover or of the insured's details follows, before any screen or route offers it. The whole year is rated again
 * with the policy's own rating version; the difference in premium is charged or returned for the days left in the
 * period, pro rata, and waived when it is smaller than the version's threshold. A change that would refer goes to
 * an underwriter. Money is integer pence; an additional premium is positive, a return negative.
 */
import { formatDateGb } from "../format/dates";
import { type Pence, percentOf, roundHalfUp } from "../money";
import { daysBetween } from "./cancellation";
import { policyExpiryDate } from "./policy-period";

/** The year's premium before and after the change, both rated now with the policy's own rating version. */
export interface AnnualPremiums {
  before: Pence;
  after: Pence;
}

export interface AdjustmentCharge {
  effectiveDate: string;
  /** Days of cover in the whole period. */
  daysInPeriod: number;
  /** Days of cover from the effective date to the period's last day, both included. */
  daysRemaining: number;
  /** The year's base premium before and after, as rated. */
  annualBefore: Pence;
  annualAfter: Pence;
  /** Additional (positive) or return (negative) base premium, after any waiver. */
  premium: Pence;
  /** IPT on it at the version's rate, with the same sign. */
  taxes: Pence;
  total: Pence;
  /** The difference was under the threshold and is not charged or returned. */
  waived: boolean;
}

/**
 * The charge for a change effective on `effectiveDate`: the change in the year's base premium times the days left
 * out of the days in the period, rounded half away from zero to the penny once; IPT at `taxesPct` on that. An
 * amount whose size is under `thresholdPence` is waived (charged as zero), so a broker is never billed pennies.
 */
export function adjustmentCharge(input: {
  inceptionDate: string;
  effectiveDate: string;
  annual: AnnualPremiums;
  taxesPct: number;
  thresholdPence: Pence;
}): AdjustmentCharge {
  const { inceptionDate, effectiveDate, annual } = input;
  const periodEnd = policyExpiryDate(inceptionDate);
  const daysInPeriod = daysBetween(inceptionDate, periodEnd) + 1;
  const daysRemaining = Math.max(0, Math.min(daysInPeriod, daysBetween(effectiveDate, periodEnd) + 1));
  const proRata = roundHalfUp(((annual.after - annual.before) * daysRemaining) / daysInPeriod);
  const waived = proRata !== 0 && Math.abs(proRata) < input.thresholdPence;
  const premium = waived ? 0 : proRata;
  const taxes = premium === 0 ? 0 : percentOf(premium, input.taxesPct);
  return {
    effectiveDate,
    daysInPeriod,
    daysRemaining,
    annualBefore: annual.before,
    annualAfter: annual.after,
    premium,
    taxes,
    total: premium + taxes,
    waived,
  };
}

export const ADJUSTMENT_MESSAGES = {
  outsidePeriod: (inceptionDate: string) =>
    `The adjustment date must be within the policy period, ${formatDateGb(inceptionDate)} to ${formatDateGb(
      policyExpiryDate(inceptionDate),
    )}`,
  beforeLastAdjustment: (lastDate: string) =>
    `An adjustment cannot take effect before the last one, from ${formatDateGb(lastDate)}: choose that date or a later one`,
  backDated: "Takes effect before today",
  nothingChanges: "Nothing changes: every answer sent is as the policy holds it",
  notInForce: (status: string) => `Only a policy in force can be adjusted: this policy is ${status.toLowerCase()}`,
  higherLimit: "Raises the limit of indemnity above the policy's",
} as const;

/**
 * Is `effectiveDate` one an adjustment may take effect from? Inside the period, both ends included, and never
 * before an earlier adjustment's date: adjustments stand in the order they take effect, so none is ever re-rated
 * under a later one. Returns the message naming what is wrong, or null.
 */
export function adjustmentDateProblem(context: {
  inceptionDate: string;
  effectiveDate: string;
  /** The effective date of the policy's last adjustment, if any. */
  lastAdjustmentDate: string | null;
}): string | null {
  const { inceptionDate, effectiveDate, lastAdjustmentDate } = context;
  if (effectiveDate < inceptionDate || effectiveDate > policyExpiryDate(inceptionDate)) {
    return ADJUSTMENT_MESSAGES.outsidePeriod(inceptionDate);
  }
  if (lastAdjustmentDate !== null && effectiveDate < lastAdjustmentDate) {
    return ADJUSTMENT_MESSAGES.beforeLastAdjustment(lastAdjustmentDate);
  }
  return null;
}

/**
 * Why a change must go to an underwriter rather than bind at once: each referral rule the new rating hits (its
 * description), a limit of indemnity raised above the policy's, and a date before London `today`. None: it binds.
 */
export function adjustmentReferralReasons(context: {
  effectiveDate: string;
  today: string;
  coverLimitBefore: number;
  coverLimitAfter: number;
  referralHits: readonly { description: string }[];
}): string[] {
  return [
    ...context.referralHits.map((hit) => hit.description),
    ...(context.coverLimitAfter > context.coverLimitBefore ? [ADJUSTMENT_MESSAGES.higherLimit] : []),
    ...(context.effectiveDate < context.today ? [ADJUSTMENT_MESSAGES.backDated] : []),
  ];
}
