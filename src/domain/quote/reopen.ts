/**
 * Reopening (docs/product/life-cycle.md and docs/product/permissions.md): a change that would price a completed, referred or approved quote differently
 * sends it back to DRAFT, to be rated and completed or referred again. The server applies these rules on every
 * write; the wizard asks the same ones before it warns the broker. A write that changes nothing reopens nothing.
 */
import { type RatedQuote, ratingInputOf } from "./rating-input";
import { isReopenable } from "./reopenable";
import type { QuoteStatus } from "./status";

export { isReopenable, REOPENABLE_STATUSES } from "./reopenable";

/** A quote's parts that decide its price: the rated sections and selections, the product and the inception date. */
export type PricedQuote = RatedQuote & { productCode: string; inceptionDate: string };

/**
 * Whether two states of a quote would be priced differently: a different derived rating input, product or
 * inception date (the date picks the rating version). Wording, addresses and other unrated answers do not count.
 */
export function changesRatingInput(before: PricedQuote, after: PricedQuote): boolean {
  if (before.productCode !== after.productCode || before.inceptionDate !== after.inceptionDate) return true;
  return JSON.stringify(ratingInputOf(before)) !== JSON.stringify(ratingInputOf(after));
}

/** A section edit reopens a reopenable quote only when it changes what the quote is rated on. */
export function editReopens(status: QuoteStatus, before: PricedQuote, after: PricedQuote): boolean {
  return isReopenable(status) && changesRatingInput(before, after);
}

/** Applying or removing a manual premium override always changes the price: it reopens a reopenable quote. */
export function overrideReopens(status: QuoteStatus): boolean {
  return isReopenable(status);
}

/**
 * A re-rating reopens a reopenable quote, except that a QUOTED quote re-rated with the same selections to the
 * same premium and referral hits (renewing its 30-day validity) stays QUOTED.
 */
export function ratingReopens(
  status: QuoteStatus,
  rerating: { selectionsChanged: boolean; samePremium: boolean },
): boolean {
  if (!isReopenable(status)) return false;
  const keepsStatus = status === "QUOTED" && !rerating.selectionsChanged && rerating.samePremium;
  return !keepsStatus;
}

/** The underwriter's decision on a quote, as a reopening of an approved quote clears it. */
export type ClearedDecision = {
  decision: null;
  adjustmentMultiplier: null;
  uwNote: null;
  decidedAt: null;
  decidedBy: null;
};

/** What a reopening sets: DRAFT again, and for an approved quote no decision (its history keeps it). */
export type ReopenReset = { status: "DRAFT" } & Partial<ClearedDecision>;

/**
 * Back to DRAFT. The premium stays for display until the next rating; an underwriter's approval no longer
 * applies to the changed risk, so it is cleared (the decision history keeps it).
 */
export function reopenReset(status: QuoteStatus): ReopenReset {
  if (status !== "UW_APPROVED") return { status: "DRAFT" };
  return {
    status: "DRAFT",
    decision: null,
    adjustmentMultiplier: null,
    uwNote: null,
    decidedAt: null,
    decidedBy: null,
  };
}
