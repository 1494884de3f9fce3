/**
 * Quotation options of a stored quote as the API answers them (docs/product/rating.md "Quotation options"),
 * and what a quote must hold before it can be priced at all.
 */
import { z } from "zod";
import { EXCESS_OPTIONS } from "../constants";
import {
  DEFAULT_DEFENCE_COSTS,
  DEFAULT_LIMIT_BASIS,
  DEFENCE_COSTS_BASES,
  type DefenceCosts,
  LIMIT_BASES,
  type LimitBasis,
} from "../format/limit-basis";
import { penceToMoneyString } from "../money";
import type { QuotationOptions } from "../rating/options";
import { describeMissing } from "./completeness";
import { moneyAmountSchema, referralHitSchema } from "./quote";

export const quotationOptionCellSchema = z.object({
  coverLimit: z.number().int(),
  excess: z.enum(EXCESS_OPTIONS),
  /** Whole pounds. */
  excessAmount: z.number().int(),
  basePremium: moneyAmountSchema,
  totalPremium: moneyAmountSchema,
  refers: z.boolean(),
  referralCodes: z.array(z.string()),
  referralHits: z.array(referralHitSchema),
  current: z.boolean(),
});
export type QuotationOptionCellResponse = z.infer<typeof quotationOptionCellSchema>;

/** GET /api/quotes/{id}/options: the grid and the rating version it was priced with. */
export const quotationOptionsSchema = z.object({
  ratingVersionId: z.string(),
  coverLimits: z.array(z.number().int()),
  excessOptions: z.array(z.enum(EXCESS_OPTIONS)),
  /** The limit basis and defence costs every cell is priced on. */
  limitBasis: z.enum(LIMIT_BASES).default(DEFAULT_LIMIT_BASIS),
  defenceCosts: z.enum(DEFENCE_COSTS_BASES).default(DEFAULT_DEFENCE_COSTS),
  cells: z.array(quotationOptionCellSchema),
});
export type QuotationOptionsResponse = z.infer<typeof quotationOptionsSchema>;

export function toQuotationOptionsResponse(
  options: QuotationOptions,
  ratingVersionId: string,
  terms: { limitBasis: LimitBasis; defenceCosts: DefenceCosts } = {
    limitBasis: DEFAULT_LIMIT_BASIS,
    defenceCosts: DEFAULT_DEFENCE_COSTS,
  },
): QuotationOptionsResponse {
  return {
    ratingVersionId,
    coverLimits: [...options.coverLimits],
    excessOptions: [...options.excessOptions],
    limitBasis: terms.limitBasis,
    defenceCosts: terms.defenceCosts,
    cells: options.cells.map((cell) => ({
      coverLimit: cell.coverLimit,
      excess: cell.excess,
      excessAmount: cell.excessAmount,
      basePremium: penceToMoneyString(cell.basePremium),
      totalPremium: penceToMoneyString(cell.totalPremium),
      refers: cell.refers,
      referralCodes: cell.referralHits.map((hit) => hit.code),
      referralHits: cell.referralHits.map((hit) => ({ code: hit.code, description: hit.description })),
      current: cell.current,
    })),
  };
}

/** The stored answers a price depends on (steps 3 and 5 and the declaration, step 6). */
export type QuoteDataForRating = {
  financialOverview?:
    | { turnover?: number | null | undefined; largestSingleProjectValue?: number | null | undefined }
    | null
    | undefined;
  contracts?: object | null | undefined;
  declaration?: object | null | undefined;
};

function positive(amount: number | null | undefined): boolean {
  return typeof amount === "number" && Number.isFinite(amount) && amount > 0;
}

/**
 * Human names of the answers still missing before the quote can be priced, in wizard order; empty when it
 * can be. Without them a rating would price assumed defaults, not the insured.
 */
export function findMissingForRating(quote: QuoteDataForRating): string[] {
  const missing: string[] = [];
  if (!positive(quote.financialOverview?.turnover)) missing.push("turnover");
  if (!positive(quote.financialOverview?.largestSingleProjectValue)) missing.push("largest single project value");
  if (!quote.contracts) missing.push("contracts");
  if (!quote.declaration) missing.push("declaration");
  return missing;
}

/** "Quotation options cannot be priced until the quote can be rated. Missing: turnover and declaration." (409) */
export function quotationOptionsIncompleteMessage(missing: readonly string[]): string {
  return `Quotation options cannot be priced until the quote can be rated. ${describeMissing(missing)}.`;
}
