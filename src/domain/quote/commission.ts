/**
 * Broker commission (docs/product/firms.md "Commission"): the broker's firm keeps a percentage of the premium
 * before IPT (the base premium plus fees, the amount IPT is charged on) and remits the rest of what the client
 * pays. Commission is never part of the premium: the rating engine prices the cover, and commission only says how
 * that premium is shared between the broker and the insurer.
 *
 * Rates are whole basis points (1250 = 12.5%), as the firm's rate is stored. One rounding: half away from zero to
 * the penny, so a return premium returns exactly the commission its charge paid.
 */
import { type Pence, penceToMoneyString, roundHalfUp, sumPence } from "../money";
import type { QuoteCommission } from "./quote";

/** The range an underwriter may set on one quote when a rating configuration says none: the firms' own 0% to 40%. */
export const DEFAULT_COMMISSION_LIMITS = { minPercent: 0, maxPercent: 40 } as const;
export interface CommissionLimits {
  minPercent: number;
  maxPercent: number;
}

const BASIS_POINTS_PER_WHOLE = 10_000;

export const COMMISSION_MESSAGES = {
  rate: "Commission rate must be a percentage from 0 to 100, with at most two decimal places",
  outsideLimits: (limits: CommissionLimits) =>
    `Commission rate must be from ${limits.minPercent}% to ${limits.maxPercent}% under this quote's rating version`,
  limitsOrder: "The minimum commission must not be above the maximum",
  notRated: "Rate the quote before setting its commission",
} as const;

/** Whether a percentage has at most two decimal places, i.e. is a whole number of basis points. */
export function isWholeBasisPoints(percent: number): boolean {
  return Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-9;
}

/** The refusal of a rate outside the rating version's limits, or null when the underwriter may set it. */
export function commissionLimitsRefusal(percent: number, limits: CommissionLimits): string | null {
  return percent < limits.minPercent || percent > limits.maxPercent ? COMMISSION_MESSAGES.outsideLimits(limits) : null;
}

/**
 * The commission on an amount of premium before IPT at a rate in basis points, rounded half away from zero to
 * the penny. A return premium (negative) gives a return commission of exactly the same size as its charge's.
 */
export function commissionPence(premiumBeforeIpt: Pence, rateBasisPoints: number): Pence {
  return roundHalfUp((premiumBeforeIpt * rateBasisPoints) / BASIS_POINTS_PER_WHOLE);
}

/** Premium lines of a quote or of one policy transaction, in signed pence. */
export interface PremiumLines {
  basePremium: Pence;
  fees: Pence;
  totalPremium: Pence;
}

export interface CommissionLines {
  rateBasisPoints: number;
  /** The broker's commission on base premium plus fees. */
  commission: Pence;
  /** What the broker remits to the insurer: the gross premium including IPT less the commission. */
  netPremium: Pence;
}

/** The commission and the net premium due from the broker on one set of premium lines. */
export function commissionLines(lines: PremiumLines, rateBasisPoints: number): CommissionLines {
  const commission = commissionPence(lines.basePremium + lines.fees, rateBasisPoints);
  return { rateBasisPoints, commission, netPremium: lines.totalPremium - commission };
}

/**
 * Commission as the API shows it, over one or more sets of premium lines (a quote's premium, or a policy's
 * transactions): each set's commission rounded on its own and then summed, as the bordereau adds them up.
 */
export function commissionAnswer(
  lines: readonly PremiumLines[],
  rateBasisPoints: number,
  overridden: boolean,
): QuoteCommission {
  const each = lines.map((line) => commissionLines(line, rateBasisPoints));
  return {
    ratePercent: rateBasisPoints / 100,
    amount: penceToMoneyString(sumPence(each.map((line) => line.commission))),
    netPremium: penceToMoneyString(sumPence(each.map((line) => line.netPremium))),
    overridden,
  };
}

/**
 * The commission on a policy's transactions at the policy's rate, each rounded on its own (`commissionAnswer`): all
 * of them on the policy screen, or the one a change would add, previewed before it is made, exactly as the policy
 * screen and the bordereau will count it once stored. Null for a policy with no commission (no firm).
 */
export function policyCommissionOn(
  lines: readonly PremiumLines[],
  policy: { commissionRateBasisPoints: number | null; commissionOverridden: boolean },
): QuoteCommission | null {
  const rate = policy.commissionRateBasisPoints;
  return rate === null ? null : commissionAnswer(lines, rate, policy.commissionOverridden);
}

/** A rated quote's commission for the API; null when the quote is unrated or carries no commission (no firm). */
export function quoteCommissionOf(quote: {
  basePremium: Pence | null;
  feesTotal: Pence | null;
  totalPremium: Pence | null;
  commissionRateBasisPoints: number | null;
  commissionOverridden: boolean;
}): QuoteCommission | null {
  const { basePremium, totalPremium, commissionRateBasisPoints: rate } = quote;
  if (basePremium === null || totalPremium === null || rate === null) return null;
  return commissionAnswer(
    [{ basePremium, fees: quote.feesTotal ?? 0, totalPremium }],
    rate,
    quote.commissionOverridden,
  );
}
