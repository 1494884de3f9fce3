/**
 * Wizard step 4, "Activity Split" (docs/product/screens.md and docs/product/errors.md): the share of work in each professional activity.
 * The total is shown but, per docs/product/, not required to reach 100.
 */
import { z } from "zod";
import { isBlank, optionalText, percent, sumPercent } from "../validation";
import { ACTIVITY_FIELDS } from "./catalogue";

export const ACTIVITY_SPLIT_MESSAGES = {
  otherDetails: "Please provide details for other activities",
} as const;

export type ActivityField = (typeof ACTIVITY_FIELDS)[number]["key"];

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

/** The live total the wizard shows beside the table. */
export function activitySplitTotal(value: Partial<Record<ActivityField, number | null | undefined>>): number {
  return sumPercent(ACTIVITY_FIELDS.map((field) => value[field.key] ?? 0));
}
