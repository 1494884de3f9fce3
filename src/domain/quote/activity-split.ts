/**
 * Wizard step 4, "Activity Split" (docs/product/screens.md and docs/product/errors.md): the share of work in each professional activity.
 * The total is shown but, per docs/product/, not required to reach 100.
 */
import { z } from "zod";
import { isBlank, optionalText, percent } from "../validation";
import { ACTIVITY_FIELDS } from "./catalogue";
import type { ActivityField } from "./section-forms";

// The live total and the blank split are in section-forms.ts (no zod, for the step while the broker types).
export { type ActivityField, activitySplitDefaults, activitySplitTotal } from "./section-forms";

export const ACTIVITY_SPLIT_MESSAGES = {
  otherDetails: "Please provide details for other activities",
} as const;

const activityPercentFields = Object.fromEntries(ACTIVITY_FIELDS.map((field) => [field.key, percent().default(0)])) as {
  [K in ActivityField]: z.ZodDefault<ReturnType<typeof percent>>;
};

export const activitySplitFields = { ...activityPercentFields, otherDetails: optionalText() };

export const activitySplitSchema = z.strictObject(activitySplitFields).superRefine((value, ctx) => {
  if (value.other > 0 && isBlank(value.otherDetails)) {
    ctx.addIssue({ code: "custom", path: ["otherDetails"], message: ACTIVITY_SPLIT_MESSAGES.otherDetails });
  }
});
export type ActivitySplitInput = z.input<typeof activitySplitSchema>;
export type ActivitySplit = z.infer<typeof activitySplitSchema>;
