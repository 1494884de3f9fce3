/**
 * Quotation options (docs/product/rating.md "Quotation options"): the same quote priced at every cover limit
 * and excess option the product offers, side by side, so the broker sees what a higher limit costs and what a
 * larger excess saves before choosing. Pure: a compiled rater and one rating input in, a grid out; the server
 * answers it and the statement of fact prints it, and nothing of it is stored.
 */
import { COVER_LIMIT_OPTIONS, EXCESS_OPTIONS } from "../constants";
import { excessAmount } from "../format/excess";
import type { Pence } from "../money";
import type { CompiledRater, RateOptions, ReferralHit } from "./compile";
import type { ExcessOption, RatingInput } from "./input";

export interface QuotationOptionCell {
  /** Aggregate cover limit in whole pounds. */
  readonly coverLimit: number;
  /** The excess option asked for. */
  readonly excess: ExcessOption;
  /** The excess in whole pounds that option means at this limit (what step 7 shows). */
  readonly excessAmount: number;
  /** pence */
  readonly basePremium: Pence;
  /** pence: base, fees and Insurance Premium Tax */
  readonly totalPremium: Pence;
  /** The quote would have to be referred to an underwriter at this limit and excess. */
  readonly refers: boolean;
  readonly referralHits: readonly ReferralHit[];
  /** The limit and excess the quote holds now. */
  readonly current: boolean;
}

export interface QuotationOptions {
  readonly coverLimits: readonly number[];
  readonly excessOptions: readonly ExcessOption[];
  /** Row by row: each cover limit in turn, each excess option within it. */
  readonly cells: readonly QuotationOptionCell[];
}

/**
 * Rates `input` at every cover limit x excess option. Each cell is exactly the rating a quote with that limit
 * and excess would get: the cover limit and the sum insured move together (as the rating input derives
 * them), every other answer stays, and `rateOptions` (a manual base override) applies to every cell as it
 * would to a single rating.
 */
export function quotationOptions(
  rater: CompiledRater,
  input: RatingInput,
  rateOptions: Omit<RateOptions, "excessOption"> = {},
  coverLimits: readonly number[] = COVER_LIMIT_OPTIONS,
  excessOptions: readonly ExcessOption[] = EXCESS_OPTIONS,
): QuotationOptions {
  const cells: QuotationOptionCell[] = [];
  for (const coverLimit of coverLimits) {
    const atLimit: RatingInput = { ...input, coverLimit, sumInsured: coverLimit };
    for (const excess of excessOptions) {
      const result = rater.rate({ ...atLimit, excessOption: excess }, rateOptions);
      cells.push({
        coverLimit,
        excess,
        excessAmount: excessAmount(coverLimit, excess),
        basePremium: result.basePremium,
        totalPremium: result.totalPremium,
        refers: result.referralHits.length > 0,
        referralHits: result.referralHits,
        current: coverLimit === input.coverLimit && excess === (input.excessOption ?? "standard"),
      });
    }
  }
  return { coverLimits, excessOptions, cells };
}

/** The cell at a cover limit and excess, if the grid has one. */
export function optionCell(
  options: QuotationOptions,
  coverLimit: number,
  excess: ExcessOption,
): QuotationOptionCell | undefined {
  return options.cells.find((cell) => cell.coverLimit === coverLimit && cell.excess === excess);
}
