/**
 * Turnover bands and their representative values (docs/product/rating.md).
 */
import {
  TURNOVER_BAND_REPRESENTATIVE_VALUES,
  TURNOVER_BAND_THRESHOLDS,
  TURNOVER_BANDS,
  type TurnoverBand,
} from "../constants";

/** The band a turnover falls in; each threshold belongs to the band below it (500,000 is up_to_500k). */
export function turnoverBandFor(turnover: number): TurnoverBand {
  const index = TURNOVER_BAND_THRESHOLDS.findIndex((threshold) => turnover <= threshold);
  return TURNOVER_BANDS[index === -1 ? TURNOVER_BANDS.length - 1 : index] as TurnoverBand;
}

/** The turnover that rates a band: 400,000; 750,000; 1,250,000; 1,750,000. */
export function representativeTurnover(band: TurnoverBand): number {
  return TURNOVER_BAND_REPRESENTATIVE_VALUES[band];
}

/** Bands ordered low to high, for comparing a chosen band with the declared turnover's band. */
export function turnoverBandRank(band: TurnoverBand): number {
  return TURNOVER_BANDS.indexOf(band);
}
