/**
 * The excess shown on step 7 (docs/product/rating.md): by cover limit, multiplied for the 2x and 5x options.
 */
import { EXCESS_AMOUNT_ABOVE_BANDS, EXCESS_AMOUNT_BANDS, EXCESS_FACTORS, EXCESS_MULTIPLES } from "../constants";
import type { ExcessOption } from "../rating/input";

export const EXCESS_OPTION_LABELS: Readonly<Record<ExcessOption, string>> = {
  standard: "Standard Excess",
  "2x": "Excess (2x)",
  "5x": "Excess (5x)",
};
/** The toggle cards of step 7 (the standard option has no card: clicking the active card returns to it). */
export const EXCESS_DISCOUNT_CARD_LABELS = { "2x": "2x Excess (15% OFF)", "5x": "5x Excess (25% OFF)" } as const;

/** Excess in whole pounds: up to 500,000 cover 1,000; up to 1,000,000 1,500; above 2,500; x2 or x5. */
export function excessAmount(coverLimit: number, option: ExcessOption): number {
  const band = EXCESS_AMOUNT_BANDS.find((candidate) => coverLimit <= candidate.upToCoverLimit);
  const standard = band ? band.amount : EXCESS_AMOUNT_ABOVE_BANDS;
  return standard * EXCESS_MULTIPLES[option];
}

/** The base-premium factor of an excess option: 1, 0.85 (15% off) or 0.75 (25% off). */
export function excessFactor(option: ExcessOption): number {
  return EXCESS_FACTORS[option];
}

/** Clicking the active excess card returns to standard (docs/product/life-cycle.md Step 7). */
export function toggleExcessOption(current: ExcessOption, clicked: ExcessOption): ExcessOption {
  return current === clicked ? "standard" : clicked;
}
