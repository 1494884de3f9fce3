/**
 * The `risk` object the wizard sends with a rating (docs/product/screens.md Risk and docs/product/permissions.md POST /rate) and the rate request.
 * The server uses only the step-7 selections from it (turnover band, cover limit, excess option,
 * additional covers; docs/product/life-cycle.md): every referral-relevant fact comes from the stored quote.
 */

import { z } from "zod";
import { EXCESS_OPTIONS, MAX_DECLARED_AMOUNT, MAX_DECLARED_AMOUNT_MESSAGE, MINIMUM_COVER_LIMIT } from "../constants";
import { DEFENCE_COSTS_BASES, DEFENCE_COSTS_MESSAGE, LIMIT_BASES, LIMIT_BASIS_MESSAGE } from "../format/limit-basis";
import { declaredAmount } from "../validation";
import { additionalCoversFields, FINANCIAL_OVERVIEW_MESSAGES } from "./financial-overview";
import { runOffYearsSchema } from "./run-off-schema";
import { TURNOVER_BAND_MESSAGE, TURNOVER_BANDS } from "./turnover-band";

/** The turnover band as the API carries it (turnover-band.ts has the bands and their labels). */
export const turnoverBandSchema = z.enum(TURNOVER_BANDS, { error: TURNOVER_BAND_MESSAGE });

export const excessOptionSchema = z.enum(EXCESS_OPTIONS, { error: "Excess must be standard, 2x or 5x" });
// The options' labels are in format/excess.ts, which step 7 reads without loading zod.
export { EXCESS_DISCOUNT_CARD_LABELS, EXCESS_OPTION_LABELS } from "../format/excess";

const nonNegative = declaredAmount("Must be 0 or greater");

/** Every field optional: the wizard sends what it has. Unknown fields are refused (docs/product/permissions.md). */
export const riskSchema = z.strictObject({
  turnover: nonNegative.optional(),
  industry: z.string().trim().max(100).optional(),
  employees: z.number().int().min(0, "Must be 0 or greater").optional(),
  sumInsured: nonNegative.optional(),
  claimsLast3Yrs: z.number().int().min(0, "Must be 0 or greater").optional(),
  hasClaims: z.boolean().optional(),
  hasExports: z.boolean().optional(),
  hasHazardous: z.boolean().optional(),
  operates24_7: z.boolean().optional(),
  postcode: z.string().trim().max(10).optional(),
  excessDiscount: excessOptionSchema.optional(),
  // the financial-overview fields docs/product/ lists under Risk too
  coverLimitAggregate: z
    .number()
    .int()
    .min(MINIMUM_COVER_LIMIT, FINANCIAL_OVERVIEW_MESSAGES.coverLimitAggregate)
    .max(MAX_DECLARED_AMOUNT, MAX_DECLARED_AMOUNT_MESSAGE)
    .optional(),
  largestSingleProjectValue: nonNegative.optional(),
  isAllTurnoverUK: z.boolean().optional(),
  overseasWorkSplit: z.string().trim().max(4_000).nullish(),
  hasNonUKJurisdictionWork: z.boolean().optional(),
  turnoverIncrease20Percent: z.boolean().optional(),
  hasDirectorsOfficersInsurance: z.boolean().optional(),
  directorsOfficersLimit: additionalCoversFields.directorsOfficersLimit,
  hasContentsInsurance: z.boolean().optional(),
  contentsLimit: additionalCoversFields.contentsLimit,
  hasBusinessEquipmentComputers: z.boolean().optional(),
  businessEquipmentComputersLimit: additionalCoversFields.businessEquipmentComputersLimit,
  hasBusinessEquipmentSpecialist: z.boolean().optional(),
  businessEquipmentSpecialistLimit: additionalCoversFields.businessEquipmentSpecialistLimit,
  hasStockContents: z.boolean().optional(),
  stockContentsLimit: additionalCoversFields.stockContentsLimit,
});
export type RiskInput = z.input<typeof riskSchema>;
export type Risk = z.infer<typeof riskSchema>;

export const expectedVersionSchema = z
  .number({ error: "expectedVersion must be a whole number" })
  .int("expectedVersion must be a whole number")
  .min(0, "expectedVersion must be a whole number")
  // Versions are 32-bit counters in the database; nothing larger can be current.
  .max(2_147_483_647, "expectedVersion is larger than any quote version");

export const limitBasisSchema = z.enum(LIMIT_BASES, { error: LIMIT_BASIS_MESSAGE });
export const defenceCostsSchema = z.enum(DEFENCE_COSTS_BASES, { error: DEFENCE_COSTS_MESSAGE });

export const rateQuoteRequestSchema = z.strictObject({
  risk: riskSchema.optional(),
  turnoverBand: turnoverBandSchema.optional(),
  /** Left out: the quote keeps the basis and defence costs it has. */
  limitBasis: limitBasisSchema.optional(),
  defenceCosts: defenceCostsSchema.optional(),
  /** Run-off cover for 1 to 12 years (docs/product/life-cycle.md "Run-off"); null: annual; left out: as it is. */
  runOffYears: runOffYearsSchema.nullable().optional(),
  expectedVersion: expectedVersionSchema.optional(),
});
export type RateQuoteRequestInput = z.input<typeof rateQuoteRequestSchema>;
export type RateQuoteRequest = z.infer<typeof rateQuoteRequestSchema>;
