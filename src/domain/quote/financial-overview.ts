/**
 * Wizard step 2, "Financial Overview" (docs/product/screens.md and docs/product/errors.md), plus the step-7 additional covers that docs/product/
 * keeps in the same object. Amounts are whole pounds.
 */
import { z } from "zod";
import {
  CUSTOM_COVER_LIMIT_MAX,
  CUSTOM_COVER_LIMIT_MIN,
  DEFAULT_COVER_LIMIT,
  DIRECTORS_OFFICERS_LIMIT_OPTIONS,
  MAX_DECLARED_AMOUNT,
  MAX_DECLARED_AMOUNT_MESSAGE,
  MINIMUM_COVER_LIMIT,
} from "../constants";
import { declaredAmount, isBlank, optionalText } from "../validation";
import { ADDITIONAL_COVERS } from "./additional-covers";

export const FINANCIAL_OVERVIEW_MESSAGES = {
  coverLimitAggregate: "Cover limit must be at least £250,000",
  turnover: "Turnover is required",
  largestSingleProjectValue: "Largest single project value is required",
  overseasWorkSplit: "Please provide % split for overseas work by territory",
  customCoverLimit: "Minimum £1,000, Maximum £1,000,000",
  directorsOfficersLimit: "Please select a Directors' & Officers' limit",
} as const;

const M = FINANCIAL_OVERVIEW_MESSAGES;

// The covers themselves are in additional-covers.ts (no zod, for the screens that only read them).
export * from "./additional-covers";

const directorsOfficersLimit = z
  .number({ error: M.directorsOfficersLimit })
  .refine((limit) => (DIRECTORS_OFFICERS_LIMIT_OPTIONS as readonly number[]).includes(limit), M.directorsOfficersLimit);

/** Contents, equipment and stock: a listed option (5,000..50,000) or a custom whole-pound amount in range. */
const propertyCoverLimit = z
  .number({ error: M.customCoverLimit })
  .int(M.customCoverLimit)
  .min(CUSTOM_COVER_LIMIT_MIN, M.customCoverLimit)
  .max(CUSTOM_COVER_LIMIT_MAX, M.customCoverLimit);

/** The additional-cover fields on their own: the step-7 selection the client may send with a rating. */
export const additionalCoversFields = {
  hasDirectorsOfficersInsurance: z.boolean().default(false),
  directorsOfficersLimit: directorsOfficersLimit.nullish(),
  hasContentsInsurance: z.boolean().default(false),
  contentsLimit: propertyCoverLimit.nullish(),
  hasBusinessEquipmentComputers: z.boolean().default(false),
  businessEquipmentComputersLimit: propertyCoverLimit.nullish(),
  hasBusinessEquipmentSpecialist: z.boolean().default(false),
  businessEquipmentSpecialistLimit: propertyCoverLimit.nullish(),
  hasStockContents: z.boolean().default(false),
  stockContentsLimit: propertyCoverLimit.nullish(),
};

export const financialOverviewFields = {
  coverLimitAggregate: z
    .number({ error: M.coverLimitAggregate })
    .int(M.coverLimitAggregate)
    .min(MINIMUM_COVER_LIMIT, M.coverLimitAggregate)
    .max(MAX_DECLARED_AMOUNT, MAX_DECLARED_AMOUNT_MESSAGE)
    .default(DEFAULT_COVER_LIMIT),
  turnover: declaredAmount(M.turnover, { min: 1 }),
  largestSingleProjectValue: declaredAmount(M.largestSingleProjectValue, { min: 1 }),
  isAllTurnoverUK: z.boolean().default(true),
  overseasWorkSplit: optionalText(),
  hasNonUKJurisdictionWork: z.boolean().default(false),
  turnoverIncrease20Percent: z.boolean().default(false),
  ...additionalCoversFields,
};

export function checkOverseasWorkSplit(
  value: { isAllTurnoverUK?: boolean | undefined; overseasWorkSplit?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.isAllTurnoverUK === false && isBlank(value.overseasWorkSplit)) {
    ctx.addIssue({ code: "custom", path: ["overseasWorkSplit"], message: M.overseasWorkSplit });
  }
}

export const financialOverviewSchema = z
  .strictObject(financialOverviewFields)
  .superRefine(checkOverseasWorkSplit)
  .transform(normaliseFinancialOverview);
export type FinancialOverviewInput = z.input<typeof financialOverviewSchema>;
export type FinancialOverview = z.infer<typeof financialOverviewSchema>;

/**
 * What the form does on the way in, done again on the server so stored data never contradicts itself
 * (docs/product/screens.md and docs/product/life-cycle.md): all-UK work clears the overseas split and the non-UK-jurisdiction flag, and an
 * unticked cover has no limit.
 */
function normaliseFinancialOverview<T extends z.infer<z.ZodObject<typeof financialOverviewFields>>>(value: T): T {
  const normalised: T = { ...value };
  if (normalised.isAllTurnoverUK) {
    normalised.overseasWorkSplit = null;
    normalised.hasNonUKJurisdictionWork = false;
  }
  for (const cover of ADDITIONAL_COVERS) {
    if (!normalised[cover.flag]) normalised[cover.limit] = null;
  }
  return normalised;
}
