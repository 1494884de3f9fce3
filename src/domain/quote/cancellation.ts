/**
 * Cancelling an issued policy (docs/product/life-cycle.md "Cancellation"): who may cancel from which date, and the
 * premium the insurer returns. Pure rules: the server decides and stores with them, the policy screen shows the
 * same figures before the broker confirms. Money is integer pence; a return is a positive amount here and is
 * stored as a negative transaction.
 */
import type { Role } from "../auth/schemas";
import { formatDateGb } from "../format/dates";
import { type Pence, percentOf, roundHalfUp, sumPence } from "../money";
import type { CancellationBasis, CancellationTerms } from "../rating/config-schema";
import { policyExpiryDate } from "./policy-period";

/** What the policy has been charged so far, one line per transaction (the issue, later adjustments). */
export interface ChargedTransaction {
  /** The day the charge took effect: the inception date for the issue. */
  effectiveDate: string;
  basePremium: Pence;
  fees: Pence;
  taxes: Pence;
}

export interface CancellationFigures {
  effectiveDate: string;
  basis: CancellationBasis;
  /** Days of cover in the whole period (365, or 366 over a 29 February). */
  daysInPeriod: number;
  /** Days of cover before the cancellation takes effect: 0 from inception. */
  daysInForce: number;
  /** On the short-period basis, the share of the premium the scale keeps; null on pro rata. */
  scalePercent: number | null;
  /** The premium paid before the cancellation, by line. */
  paid: { basePremium: Pence; fees: Pence; taxes: Pence; totalPremium: Pence };
  /** The premium the insurer keeps: what the basis earns, never below the minimum, never above what was paid. */
  retainedPremium: Pence;
  /** Returned to the insured, each a positive amount; fees are never returned. */
  returnPremium: Pence;
  returnTaxes: Pence;
  returnTotal: Pence;
}

const DAY_MS = 24 * 60 * 60 * 1_000;

function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Whole days from `from` to `to` (0 on the same day). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** `isoDate` moved by whole calendar months; past a month's end it rolls on, as the period's anniversary does. */
function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

/** Months of cover begun before `effectiveDate`: 0 from inception, 1 for any day up to a month, and so on. */
export function monthsBegun(inceptionDate: string, effectiveDate: string): number {
  if (effectiveDate <= inceptionDate) return 0;
  let months = 1;
  while (addMonths(inceptionDate, months) < effectiveDate) months += 1;
  return months;
}

/**
 * The short-period scale's share for a policy in force `months` months: nothing from inception, the first step
 * covering the months, and the whole premium beyond the last step.
 */
export function shortPeriodPercent(scale: CancellationTerms["shortPeriodScale"], months: number): number {
  if (months === 0) return 0;
  return scale.find((step) => step.upToMonths >= months)?.retainedPercent ?? 100;
}

/**
 * The return premium for cancelling from `effectiveDate`. Pro rata earns each charge for the days it was in
 * force out of the days it covered; short period earns the scale's share of the premium paid. Either way the
 * insurer keeps at least the minimum retained premium and never more than was paid, and IPT is returned at the
 * version's rate on the premium returned, never more than the IPT paid. Each amount is rounded half up to the
 * penny once.
 */
export function cancellationFigures(input: {
  inceptionDate: string;
  effectiveDate: string;
  charged: readonly ChargedTransaction[];
  terms: CancellationTerms;
  taxesPct: number;
}): CancellationFigures {
  const { inceptionDate, effectiveDate, charged, terms } = input;
  const periodEnd = policyExpiryDate(inceptionDate);
  const daysInPeriod = daysBetween(inceptionDate, periodEnd) + 1;
  const daysInForce = Math.max(0, daysBetween(inceptionDate, effectiveDate));
  const paid = {
    basePremium: sumPence(charged.map((line) => line.basePremium)),
    fees: sumPence(charged.map((line) => line.fees)),
    taxes: sumPence(charged.map((line) => line.taxes)),
    totalPremium: 0,
  };
  paid.totalPremium = paid.basePremium + paid.fees + paid.taxes;

  let earned: Pence;
  let scalePercent: number | null = null;
  if (terms.basis === "proRata") {
    earned = sumPence(
      charged.map((line) => {
        const covered = daysBetween(line.effectiveDate, periodEnd) + 1;
        const inForce = Math.min(covered, Math.max(0, daysBetween(line.effectiveDate, effectiveDate)));
        return covered <= 0 ? line.basePremium : roundHalfUp((line.basePremium * inForce) / covered);
      }),
    );
  } else {
    scalePercent = shortPeriodPercent(terms.shortPeriodScale, monthsBegun(inceptionDate, effectiveDate));
    earned = percentOf(paid.basePremium, scalePercent);
  }
  const minimum = roundHalfUp(terms.minimumRetainedPremium * 100);
  const retainedPremium = Math.max(0, Math.min(paid.basePremium, Math.max(minimum, earned)));
  const returnPremium = paid.basePremium - retainedPremium;
  const returnTaxes = Math.max(0, Math.min(paid.taxes, percentOf(returnPremium, input.taxesPct)));
  return {
    effectiveDate,
    basis: terms.basis,
    daysInPeriod,
    daysInForce,
    scalePercent,
    paid,
    retainedPremium,
    returnPremium,
    returnTaxes,
    returnTotal: returnPremium + returnTaxes,
  };
}

/**
 * The basis a return premium was worked out on, in words for the screen and the notice: "Short-period scale: 50%
 * kept, 4 months begun" or "Pro rata: 100 of 365 days in force"; from inception, whatever the basis, only the
 * minimum is kept.
 */
export function cancellationBasisInWords(figures: {
  basis: string;
  scalePercent: number | null;
  daysInForce: number | null;
  daysInPeriod: number | null;
  inceptionDate?: string;
  effectiveDate?: string;
}): string {
  if (figures.daysInForce === 0) return "From inception: only the minimum retained premium is kept";
  if (figures.basis === "shortPeriod") {
    const months =
      figures.inceptionDate && figures.effectiveDate ? monthsBegun(figures.inceptionDate, figures.effectiveDate) : null;
    const begun = months === null ? "" : `, ${months} ${months === 1 ? "month" : "months"} begun`;
    return `Short-period scale: ${figures.scalePercent ?? 0}% kept${begun}`;
  }
  return `Pro rata: ${figures.daysInForce ?? 0} of ${figures.daysInPeriod ?? 0} days in force`;
}

/** The reference year examples are worked in: 365 days from 1 January, so a month is a calendar month. */
const EXAMPLE_INCEPTION = "2025-01-01";

function addWholeMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

/**
 * What cancelling a year's premium would return after `months` whole months of cover, under a configuration's
 * terms: the rating version editor's Test Rating and its test cases show and check a version's terms this way.
 */
export function cancellationExample(
  terms: CancellationTerms,
  taxesPct: number,
  premium: { basePremium: Pence; fees: Pence; taxes: Pence },
  months: number,
): CancellationFigures {
  return cancellationFigures({
    inceptionDate: EXAMPLE_INCEPTION,
    effectiveDate: addWholeMonths(EXAMPLE_INCEPTION, months),
    charged: [{ effectiveDate: EXAMPLE_INCEPTION, ...premium }],
    terms,
    taxesPct,
  });
}

/** The points in the year Test Rating shows a cancellation's return at: from inception, then after whole months. */
export const CANCELLATION_EXAMPLE_MONTHS = [0, 1, 3, 6, 9] as const;

export const CANCELLATION_MESSAGES = {
  reasonRequired: "Enter why the policy is being cancelled",
  reasonTooLong: "The reason must be at most 500 characters",
  dateRequired: "Enter the date the cancellation takes effect",
  outsidePeriod: (inceptionDate: string) =>
    `The cancellation date must be within the policy period, ${formatDateGb(inceptionDate)} to ${formatDateGb(
      policyExpiryDate(inceptionDate),
    )}`,
  brokerBackDated: "A broker can cancel from today or a later date: ask an underwriter to cancel from an earlier date",
  notInForce: (status: string) => `Only a policy in force can be cancelled: this policy is ${status.toLowerCase()}`,
} as const;

/** A change to a policy made from a screen that was read before someone else changed it (409 VERSION_CONFLICT). */
export const POLICY_CHANGED_MESSAGE = "The policy was changed by someone else: reload it to see the change";

/** Who may change a policy at all (cancel or adjust it): brokers their own, underwriters any; administrators never (403). */
export function mayChangePolicy(role: Role, isOwner: boolean): boolean {
  if (role === "ADMIN") return false;
  return role === "UNDERWRITER" || isOwner;
}

/**
 * Is `effectiveDate` one this user may cancel from? Inside the period, both ends included; a broker from London
 * `today` on, an underwriter from any day of the period (a back-dated cancellation is theirs to make). Returns the
 * message naming what is wrong, or null.
 */
export function cancellationDateProblem(context: {
  role: Role;
  inceptionDate: string;
  effectiveDate: string;
  today: string;
}): string | null {
  const { inceptionDate, effectiveDate } = context;
  if (effectiveDate < inceptionDate || effectiveDate > policyExpiryDate(inceptionDate)) {
    return CANCELLATION_MESSAGES.outsidePeriod(inceptionDate);
  }
  if (context.role !== "UNDERWRITER" && effectiveDate < context.today) return CANCELLATION_MESSAGES.brokerBackDated;
  return null;
}

/** The earliest date the date field offers this user: the inception date, or today for a broker if later. */
export function earliestCancellationDate(role: Role, inceptionDate: string, today: string): string {
  return role === "UNDERWRITER" || today < inceptionDate ? inceptionDate : today;
}
