/**
 * The retroactive cover factor (docs/product/rating.md "Retroactive date"): PI is claims-made, so the more years of
 * past work a policy covers, the more claims can attach to it. A configuration prices the years of prior acts in
 * bands (`maxYears` inclusive, ascending; only the last may be open-ended, null) and unlimited retroactive cover
 * with its own factor. A configuration without this part rates exactly as before: every factor is 1 and the
 * trace gains no line.
 */
import { z } from "zod";

export const DEFAULT_RETROACTIVE_COVER_FACTORS = { bands: [], unlimited: 1 } as const;

const factorSchema = z.number().gt(0, "Must be greater than 0").max(1_000, "Must be at most 1000");

export const retroactiveCoverSchema = z.strictObject({
  bands: z
    .array(
      z.strictObject({
        maxYears: z.number().int("Must be a whole number of years").min(0, "Must be 0 or more").max(200).nullable(),
        factor: factorSchema,
      }),
    )
    .max(50, "At most 50 bands")
    .superRefine((bands, ctx) => {
      bands.forEach((band, index) => {
        const previous = bands[index - 1];
        if (band.maxYears === null && index < bands.length - 1) {
          ctx.addIssue({ code: "custom", path: [index, "maxYears"], message: "Only the last band may be open-ended" });
        }
        if (previous?.maxYears !== undefined && previous.maxYears !== null && band.maxYears !== null) {
          if (band.maxYears <= previous.maxYears) {
            ctx.addIssue({
              code: "custom",
              path: [index, "maxYears"],
              message: `Must be above the previous band's (${previous.maxYears})`,
            });
          }
        }
      });
    }),
  unlimited: factorSchema,
});
export type RetroactiveCoverFactors = z.infer<typeof retroactiveCoverSchema>;

export function isNeutralRetroactiveCover(factors: RetroactiveCoverFactors): boolean {
  return factors.unlimited === 1 && factors.bands.every((band) => band.factor === 1);
}

/** The band's words in the trace and worksheet: "unlimited", "0 years", "up to 5 years", "more than 5 years". */
function bandText(factors: RetroactiveCoverFactors, index: number): string {
  const band = factors.bands[index];
  const previous = factors.bands[index - 1];
  if (band === undefined) return "no band";
  if (band.maxYears === null) return previous?.maxYears == null ? "any years" : `more than ${previous.maxYears} years`;
  if (band.maxYears === 0) return "0 years";
  return `up to ${band.maxYears} years`;
}

/**
 * The factor for a rating input's prior acts and the band it matched. Years above every band take factor 1
 * (a configuration that wants otherwise ends with an open band).
 */
export function retroactiveCoverFactor(
  factors: RetroactiveCoverFactors,
  unlimited: boolean,
  years: number,
): { factor: number; matched: string } {
  if (unlimited) return { factor: factors.unlimited, matched: "unlimited" };
  const index = factors.bands.findIndex((band) => band.maxYears === null || years <= band.maxYears);
  const band = factors.bands[index];
  if (band === undefined) return { factor: 1, matched: `${years} years: no band` };
  return { factor: band.factor, matched: `${years} years (${bandText(factors, index)})` };
}
