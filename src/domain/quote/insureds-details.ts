/**
 * Wizard step 1, "Insureds Details" (docs/product/screens.md Insureds details and docs/product/errors.md Step 1).
 */
import { z } from "zod";
import { BUSINESS_ACTIVITY_MAX_LENGTH } from "../constants";
import { isBlank, isoDate, optionalText, requiredText } from "../validation";
import { insuredDateIssues, reportDateIssues } from "./plausible-dates";

// A fresh step-1 form is in section-forms.ts (no zod, for the step before the broker first saves).
export { insuredsDetailsDefaults } from "./section-forms";

export const INSUREDS_DETAILS_MESSAGES = {
  proposerName: "Company name is required",
  businessActivity: "Business activity is required",
  businessAddress: "Business address is required",
  inceptionDate: "Inception date is required",
  numberOfDirectors: "Number of directors/partners/principals is required",
  numberOfQualifiedStaff: "Number of qualified staff must be 0 or greater",
  financialInterestDetails: "Please provide details about the other company/organisation",
} as const;

const M = INSUREDS_DETAILS_MESSAGES;

/** No design-and-construct firm has more people than this; it also keeps the counts inside a 32-bit column. */
export const MAX_HEADCOUNT = 100_000;
const MAX_HEADCOUNT_TEXT = "100,000";

/** The step-1 fields without the cross-field rule, so other request shapes can reuse them. */
export const insuredsDetailsFields = {
  proposerName: requiredText(M.proposerName),
  tradingName: optionalText(500),
  businessActivity: requiredText(M.businessActivity, BUSINESS_ACTIVITY_MAX_LENGTH),
  businessAddress: requiredText(M.businessAddress, 1_000),
  inceptionDate: isoDate(M.inceptionDate),
  incorporationDate: isoDate("Incorporation date must be a valid date").nullish(),
  isSoleTrader: z.boolean({ error: "Sole trader must be yes or no" }).default(false),
  tradingSince: isoDate("Trading since must be a valid date").nullish(),
  numberOfDirectors: z
    .number({ error: M.numberOfDirectors })
    .int(M.numberOfDirectors)
    .min(1, M.numberOfDirectors)
    .max(MAX_HEADCOUNT, `Number of directors/partners/principals must be at most ${MAX_HEADCOUNT_TEXT}`),
  numberOfQualifiedStaff: z
    .number({ error: M.numberOfQualifiedStaff })
    .int(M.numberOfQualifiedStaff)
    .min(0, M.numberOfQualifiedStaff)
    .max(MAX_HEADCOUNT, `Number of qualified staff must be at most ${MAX_HEADCOUNT_TEXT}`),
  hasFinancialInterest: z.boolean().default(false),
  financialInterestDetails: optionalText(),
};

/** Details of the other company are required exactly when the insured declares a financial interest. */
export function checkFinancialInterestDetails(
  value: { hasFinancialInterest?: boolean | undefined; financialInterestDetails?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.hasFinancialInterest === true && isBlank(value.financialInterestDetails)) {
    ctx.addIssue({ code: "custom", path: ["financialInterestDetails"], message: M.financialInterestDetails });
  }
}

/** Turning the financial-interest switch off clears its details (docs/product/life-cycle.md), on the server as in the form. */
function clearUnusedFinancialInterest<
  T extends { hasFinancialInterest: boolean; financialInterestDetails?: string | null | undefined },
>(value: T): T {
  return value.hasFinancialInterest ? value : { ...value, financialInterestDetails: null };
}

export type SoleTraderFacts = {
  isSoleTrader: boolean;
  incorporationDate?: string | null | undefined;
  tradingSince?: string | null | undefined;
};

/**
 * A sole trader is not incorporated, so no incorporation date is kept for one; the date trading began is
 * asked of sole traders only, so a company keeps none.
 */
export function soleTraderFacts<T extends SoleTraderFacts>(value: T): T {
  return value.isSoleTrader
    ? { ...value, incorporationDate: null, tradingSince: value.tradingSince ?? null }
    : { ...value, tradingSince: null };
}

export const insuredsDetailsSchema = z
  .strictObject(insuredsDetailsFields)
  .superRefine(checkFinancialInterestDetails)
  .transform((value) => soleTraderFacts(clearUnusedFinancialInterest(value)));
export type InsuredsDetailsInput = z.input<typeof insuredsDetailsSchema>;

/**
 * Step 1 as the form checks it on `today` (London): the schema and the plausible-date rule the server applies too,
 * judged alongside the other rules so every message shows at once.
 */
export function insuredsDetailsSchemaOn(today: string) {
  return z
    .strictObject(insuredsDetailsFields)
    .superRefine(checkFinancialInterestDetails)
    .superRefine((value, ctx) => reportDateIssues(insuredDateIssues(value, today), ctx))
    .transform((value) => soleTraderFacts(clearUnusedFinancialInterest(value)));
}
export type InsuredsDetails = z.infer<typeof insuredsDetailsSchema>;

/**
 * Step 1 as docs/product/permissions.md's update sends it: the same rules, but businessActivity and the sole-trader answer may
 * be absent (the stored ones are kept; the product's update does not carry them).
 */
export const insuredsDetailsUpdateFields = {
  ...insuredsDetailsFields,
  businessActivity: insuredsDetailsFields.businessActivity.optional(),
  isSoleTrader: z.boolean({ error: "Sole trader must be yes or no" }).optional(),
};
export const insuredsDetailsUpdateSchema = z
  .strictObject(insuredsDetailsUpdateFields)
  .superRefine(checkFinancialInterestDetails)
  .transform(clearUnusedFinancialInterest);
export type InsuredsDetailsUpdate = z.infer<typeof insuredsDetailsUpdateSchema>;
