/**
 * Wizard step 3, "Design Liability" (docs/product/screens.md and docs/product/errors.md): how turnover splits across design arrangements,
 * and fees earned for design work.
 */
import { z } from "zod";
import { declaredAmount, isBlank, isPercent, optionalText, percent, totalsOneHundred } from "../validation";
import { TURNOVER_SPLIT_FIELDS } from "./catalogue";
import { TURNOVER_SPLIT_TOTAL_PATH } from "./section-forms";

// The live total, where it is reported and the blank section are in section-forms.ts (no zod, for the step while
// the broker types).
export {
  designLiabilityDefaults,
  TURNOVER_SPLIT_TOTAL_PATH,
  type TurnoverSplitField,
  turnoverSplitTotal,
} from "./section-forms";

export const DESIGN_LIABILITY_MESSAGES = {
  splitTotal: "Turnover split percentages must total 100%",
  turnoverSplitOtherDetails: "Please provide details for other turnover",
  feesOtherWorkDetails: "Please provide details for other work fees",
  fee: "Fees cannot be negative",
} as const;

const M = DESIGN_LIABILITY_MESSAGES;

const fee = declaredAmount(M.fee);

export const designLiabilityFields = {
  turnoverSplitInHouseDesign: percent().default(0),
  turnoverSplitThirdPartyAppointed: percent().default(0),
  turnoverSplitThirdPartyNotAppointed: percent().default(0),
  turnoverSplitMaintenance: percent().default(0),
  turnoverSplitOther: percent().default(0),
  turnoverSplitOtherDetails: optionalText(),
  undertakesWorkForFee: z.boolean().default(false),
  feesDesignSupervisory: fee.default(0),
  feesOtherWork: fee.default(0),
  feesOtherWorkDetails: optionalText(),
};

export const designLiabilitySchema = z
  .strictObject(designLiabilityFields)
  .superRefine((value, ctx) => {
    const splits = TURNOVER_SPLIT_FIELDS.map((field) => value[field.key]);
    // The total is judged only once every value is itself a valid percentage.
    if (splits.every(isPercent) && !totalsOneHundred(splits)) {
      ctx.addIssue({ code: "custom", path: [TURNOVER_SPLIT_TOTAL_PATH], message: M.splitTotal });
    }
    if (value.turnoverSplitOther > 0 && isBlank(value.turnoverSplitOtherDetails)) {
      ctx.addIssue({ code: "custom", path: ["turnoverSplitOtherDetails"], message: M.turnoverSplitOtherDetails });
    }
    // Without fee work the fees are zeroed below, so their details are not asked for.
    if (value.undertakesWorkForFee && value.feesOtherWork > 0 && isBlank(value.feesOtherWorkDetails)) {
      ctx.addIssue({ code: "custom", path: ["feesOtherWorkDetails"], message: M.feesOtherWorkDetails });
    }
  })
  // Turning the fee-work switch off zeroes the fees and their details (docs/product/life-cycle.md).
  .transform((value) =>
    value.undertakesWorkForFee
      ? value
      : { ...value, feesDesignSupervisory: 0, feesOtherWork: 0, feesOtherWorkDetails: null },
  );
export type DesignLiabilityInput = z.input<typeof designLiabilitySchema>;
export type DesignLiability = z.infer<typeof designLiabilitySchema>;
