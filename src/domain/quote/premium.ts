/**
 * The rating engine's result in the API's words (money as two-decimal strings), and the referral reason
 * text of a referred quote (docs/product/screens.md: hit descriptions joined by comma plus space).
 */
import { penceToMoneyString } from "../money";
import type { RatingResult } from "../rating/compile";
import type { PremiumBreakdown, ReferralHit } from "./quote";

export function toPremiumBreakdown(
  result: Pick<RatingResult, "basePremium" | "fees" | "subtotal" | "taxes" | "totalPremium" | "multiplier">,
): PremiumBreakdown {
  return {
    basePremium: penceToMoneyString(result.basePremium),
    fees: result.fees.map((fee) => ({ code: fee.code, label: fee.label, amount: penceToMoneyString(fee.amount) })),
    subtotal: penceToMoneyString(result.subtotal),
    taxes: penceToMoneyString(result.taxes),
    totalPremium: penceToMoneyString(result.totalPremium),
    multiplier: result.multiplier,
  };
}

const REASON_SEPARATOR = ", ";

/** The stored referral reason: each hit's description, joined by ", " (docs/product/life-cycle.md). */
export function referralReasonFromHits(hits: readonly ReferralHit[]): string {
  return hits.map((hit) => hit.description).join(REASON_SEPARATOR);
}

/** The review screen's lines: the reason split on ", " with blanks dropped (docs/product/screens.md). */
export function splitReferralReason(reason: string | null | undefined): string[] {
  if (!reason) return [];
  return reason
    .split(REASON_SEPARATOR)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
