/**
 * The turnover a quote is rated on (docs/product/rating.md), apart from the rest of the rating input's derivation in
 * rating-input.ts (re-exported there), so step 7 shows it without the rating input's fields.
 */
import { DEFAULT_TURNOVER, TURNOVER_BANDS, type TurnoverBand } from "../constants";
import { representativeTurnover, turnoverBandFor, turnoverBandRank } from "../format/turnover";
import { formatGbpWhole, poundsToPence } from "../money";
import type { Maybe, StoredQuoteSections } from "./rating-input";
import { TURNOVER_BAND_LABELS } from "./turnover-band";

/** The top band ends at 2,000,000: above it no band represents the insured. */
const TOP_BAND_CEILING = 2_000_000;

/**
 * Turnover to rate on (docs/product/rating.md: the chosen band's representative value). Two guards keep a band choice
 * from hiding what the insured declared: a band below the declared turnover's band is raised to it (the server refuses
 * such a choice, `turnoverBandRefusal`; a quote saved before that rule re-rates on the declared band), and a
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

function declaredOf(declaredTurnover: Maybe<number>): number | null {
  return typeof declaredTurnover === "number" && declaredTurnover > 0 ? declaredTurnover : null;
}

/** The band a declared turnover falls in, or null when none is declared. */
export function declaredTurnoverBand(declaredTurnover: Maybe<number>): TurnoverBand | null {
  const declared = declaredOf(declaredTurnover);
  return declared === null ? null : turnoverBandFor(declared);
}

/** The bands step 7 may offer: the declared turnover's band and every higher one (all of them when none is declared). */
export function allowedTurnoverBands(declaredTurnover: Maybe<number>): TurnoverBand[] {
  const floor = declaredTurnoverBand(declaredTurnover);
  return floor === null ? [...TURNOVER_BANDS] : TURNOVER_BANDS.filter((band) => isAtOrAbove(band, floor));
}

function isAtOrAbove(band: TurnoverBand, floor: TurnoverBand): boolean {
  return turnoverBandRank(band) >= turnoverBandRank(floor);
}

/**
 * The lowest band the declared turnover allows, in words ("The declared turnover of £850,000 falls in £500k – £1m:
 * choose that band or a higher one"); null when every band is allowed. Step 7 shows it under the band, and the
 * server refuses a lower band with it.
 */
export function turnoverBandFloorMessage(declaredTurnover: Maybe<number>): string | null {
  const declared = declaredOf(declaredTurnover);
  if (declared === null) return null;
  const floor = turnoverBandFor(declared);
  if (turnoverBandRank(floor) === 0) return null;
  const amount = formatGbpWhole(poundsToPence(declared));
  return declared > TOP_BAND_CEILING
    ? `The declared turnover of ${amount} is above every band: choose ${TURNOVER_BAND_LABELS[floor]}`
    : `The declared turnover of ${amount} falls in ${TURNOVER_BAND_LABELS[floor]}: choose that band or a higher one`;
}

/**
 * Why a chosen band cannot rate the quote, or null when it can: a band below the declared turnover's band would
 * price less than the insured declared (docs/product/rating.md "Turnover band"). A higher band is the broker's choice.
 */
export function turnoverBandRefusal(chosenBand: Maybe<TurnoverBand>, declaredTurnover: Maybe<number>): string | null {
  const floor = declaredTurnoverBand(declaredTurnover);
  if (!chosenBand || floor === null || isAtOrAbove(chosenBand, floor)) return null;
  return turnoverBandFloorMessage(declaredTurnover);
}

/** The band a quote is rated on: the chosen one, never below the declared turnover's band; null when neither is known. */
export function turnoverBandUsed(
  chosenBand: Maybe<TurnoverBand>,
  declaredTurnover: Maybe<number>,
): TurnoverBand | null {
  const floor = declaredTurnoverBand(declaredTurnover);
  if (!chosenBand) return floor;
  return floor !== null && !isAtOrAbove(chosenBand, floor) ? floor : chosenBand;
}

/**
 * The words step 7, the review and the statement of fact print when the broker chose a band above the declared
 * turnover's ("Rated on £1m – £1.5m, chosen by the broker (declared turnover £850,000)"); null otherwise.
 */
export function brokerChosenBandNote(chosenBand: Maybe<TurnoverBand>, declaredTurnover: Maybe<number>): string | null {
  const declared = declaredOf(declaredTurnover);
  const floor = declaredTurnoverBand(declaredTurnover);
  if (!chosenBand || declared === null || floor === null || turnoverBandRank(chosenBand) <= turnoverBandRank(floor)) {
    return null;
  }
  if (declared > TOP_BAND_CEILING) return null;
  return `Rated on ${TURNOVER_BAND_LABELS[chosenBand]}, chosen by the broker (declared turnover ${formatGbpWhole(poundsToPence(declared))})`;
}
