/**
 * Run-off factors (docs/product/rating.md "Run-off"): a firm that stops trading buys one policy for 1 to 12 years
 * after it stops, paid as a single premium = its last annual base premium (or, for a firm never insured here, the
 * annual base premium its answers rate to) x the factor for the number of years. The factors live in the rating
 * configuration by whole years. The table is optional: a configuration without it rates every annual quote exactly
 * as before and quotes no run-off at all (the server refuses a run-off with RUN_OFF_MESSAGES.noFactor).
 */
import { z } from "zod";
import { RUN_OFF_MAX_YEARS, RUN_OFF_MIN_YEARS } from "../quote/run-off";

export { runOffYearsText } from "../quote/run-off";

const factorSchema = z.number().gt(0, "Must be greater than 0").max(1_000, "Must be at most 1000");

export const runOffFactorsSchema = z
  .array(
    z.strictObject({
      years: z
        .number()
        .int("Must be a whole number of years")
        .min(RUN_OFF_MIN_YEARS, `Must be ${RUN_OFF_MIN_YEARS} or more`)
        .max(RUN_OFF_MAX_YEARS, `Must be at most ${RUN_OFF_MAX_YEARS}`),
      factor: factorSchema,
    }),
  )
  .min(1, "A run-off table needs at least one period")
  .max(RUN_OFF_MAX_YEARS, `At most ${RUN_OFF_MAX_YEARS} periods`)
  .superRefine((periods, ctx) => {
    periods.forEach((period, index) => {
      const previous = periods[index - 1];
      if (previous !== undefined && period.years <= previous.years) {
        ctx.addIssue({
          code: "custom",
          path: [index, "years"],
          message: `Must be above the previous period's (${previous.years} years)`,
        });
      }
    });
  });
export type RunOffFactors = z.infer<typeof runOffFactorsSchema>;

/** The factor a configuration gives a run-off of `years`, or null when it prices no such period. */
export function runOffFactorFor(factors: RunOffFactors | undefined, years: number): number | null {
  return factors?.find((period) => period.years === years)?.factor ?? null;
}
