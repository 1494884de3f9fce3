/**
 * What a rating leaves on a quote (docs/product/life-cycle.md and docs/product/rating.md): the premium lines in pence, and beside them the hits,
 * the explanation, the capped multiplier, the configuration's own version label and the input it rated. The
 * server keeps them as the quote's rating; the review screen and later re-ratings read them back.
 */
import type { RatingResult } from "../rating/compile";
import type { RatingInput } from "../rating/input";
import type { RatingTraceEntry, ReferralHit } from "./quote";

/** A fee line as stored: the amount in pence. */
export interface StoredFeeLine {
  code: string;
  label: string;
  /** pence */
  amount: number;
}

/** The rating's result besides the premium lines (stored in `rating_result`). */
export interface StoredRatingResult {
  referralHits: ReferralHit[];
  /** The clauses the rating attached, by code (absent on ratings made before clauses could be attached). */
  endorsements?: string[];
  trace: RatingTraceEntry[];
  multiplier: number;
  subtotal: number;
  configVersion: string;
  excessOption: string;
  input: Record<string, unknown>;
}

/** A rating as the quote stores it: premium lines in pence and the result that explains them. */
export interface StoredRating {
  basePremium: number;
  fees: StoredFeeLine[];
  feesTotal: number;
  taxes: number;
  totalPremium: number;
  ratingResult: StoredRatingResult;
}

export function toStoredRating(result: RatingResult, input: RatingInput): StoredRating {
  return {
    basePremium: result.basePremium,
    fees: result.fees.map((fee) => ({ code: fee.code, label: fee.label, amount: fee.amount })),
    feesTotal: result.subtotal - result.basePremium,
    taxes: result.taxes,
    totalPremium: result.totalPremium,
    ratingResult: {
      referralHits: result.referralHits.map((hit) => ({ code: hit.code, description: hit.description })),
      ...(result.endorsements.length > 0 ? { endorsements: [...result.endorsements] } : {}),
      trace: result.trace.map((line) => ({
        kind: line.kind,
        name: line.name,
        matched: line.matched,
        multiplier: line.multiplier,
      })),
      multiplier: result.multiplier,
      subtotal: result.subtotal,
      configVersion: result.configVersion,
      excessOption: result.excessOption,
      input: { ...input },
    },
  };
}
