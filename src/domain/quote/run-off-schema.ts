/**
 * The run-off requests' schemas (docs/product/life-cycle.md "Run-off"), apart from run-off.ts so the screens that
 * only print a run-off load no zod (ADR 0056).
 */
import { z } from "zod";
import { isoDate } from "../validation";
import { RUN_OFF_MAX_YEARS, RUN_OFF_MESSAGES, RUN_OFF_MIN_YEARS } from "./run-off";

/** The run-off period in whole years, 1 to 12; anything else is refused with one message. */
export const runOffYearsSchema = z
  .number({ error: RUN_OFF_MESSAGES.years })
  .int(RUN_OFF_MESSAGES.years)
  .min(RUN_OFF_MIN_YEARS, RUN_OFF_MESSAGES.years)
  .max(RUN_OFF_MAX_YEARS, RUN_OFF_MESSAGES.years);

/** POST /api/policies/{policyNumber}/run-off: the period and the day the firm stops trading. */
export const runOffRequestSchema = z.strictObject({
  years: runOffYearsSchema,
  startDate: isoDate(RUN_OFF_MESSAGES.startDate),
});
export type RunOffRequest = z.infer<typeof runOffRequestSchema>;
