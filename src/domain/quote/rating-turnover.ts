/**
 * The turnover a quote is rated on (docs/product/rating.md), apart from the rest of the rating input's derivation in
 * rating-input.ts (re-exported there), so step 7 shows it without the rating input's fields.
 */
import { DEFAULT_TURNOVER, type TurnoverBand } from "../constants";
import { representativeTurnover, turnoverBandFor, turnoverBandRank } from "../format/turnover";
import type { Maybe, StoredQuoteSections } from "./rating-input";

/** The top band ends at 2,000,000: above it no band represents the insured. */
const TOP_BAND_CEILING = 2_000_000;

/**
 * Turnover to rate on (docs/product/rating.md: the chosen band's representative value). Two guards keep a band choice
 * from hiding what the insured declared: a band below the declared turnover's band is raised to it, and a
 * declared turnover above every band (over 2,000,000) is rated as declared, so the turnover referral fires.
 */
export function ratingTurnover(chosenBand: Maybe<TurnoverBand>, declaredTurnover: Maybe<number>): number {
  const declared = typeof declaredTurnover === "number" && declaredTurnover > 0 ? declaredTurnover : null;
  if (declared !== null && declared > TOP_BAND_CEILING) return declared;
  if (!chosenBand) return declared ?? DEFAULT_TURNOVER;
  if (declared === null) return representativeTurnover(chosenBand);
  const declaredBand = turnoverBandFor(declared);
  const band = turnoverBandRank(declaredBand) > turnoverBandRank(chosenBand) ? declaredBand : chosenBand;
  return representativeTurnover(band);
}

/** The turnover a rated quote declared and the one it was rated on, for the worksheet's turnover line. */
export function ratedTurnoverOf(quote: StoredQuoteSections): {
  declaredTurnover: number | null;
  ratedTurnover: number;
} {
  const declared = quote.financialOverview?.turnover;
  return {
    declaredTurnover: typeof declared === "number" ? declared : null,
    ratedTurnover: ratingTurnover(quote.turnoverBand, declared),
  };
}
