import { describe, expect, it } from "vitest";
import { percentOf, roundHalfUp } from "../money";
import { type CompiledRater, compileRatingConfig } from "./compile";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";
import { defaultRatingInput } from "./input";
import { runOffFactorFor, runOffFactorsSchema } from "./run-off";
import { ratingWorksheet } from "./worksheet";

function compileOrFail(config: unknown): CompiledRater {
  const result = compileRatingConfig(config);
  if (!result.ok) throw new Error(`configuration refused: ${JSON.stringify(result.issues)}`);
  return result.rater;
}

/** The D/C-PI configuration as a version published before run-off could be quoted holds it. */
function withoutRunOff(): Record<string, unknown> {
  const { runOff: _runOff, ...before } = DC_PI_RATING_CONFIG;
  return before;
}

const dcPi = compileOrFail(DC_PI_RATING_CONFIG);
const published = compileOrFail(withoutRunOff());
const input = defaultRatingInput({ turnover: 1_200_000, coverLimit: 2_000_000, limitBasis: "EACH_AND_EVERY" });

describe("run-off factors", () => {
  const annual = dcPi.rate(input);

  it("leave an annual quote exactly as a version without them rates it", () => {
    expect(published.rate(input)).toEqual(annual);
    expect(annual.trace.map((line) => line.kind)).not.toContain("runOff");
    expect(published.config.runOff).toBeUndefined();
  });

  it("price a run-off of 6 years as the annual base premium x 2.7, fees once and IPT on the single premium", () => {
    const runOff = dcPi.rate(input, { runOff: { years: 6 } });
    expect(runOff.basePremium).toBe(roundHalfUp(annual.basePremium * 2.7));
    expect(runOff.fees).toEqual(annual.fees);
    const subtotal = runOff.basePremium + runOff.fees.reduce((total, fee) => total + fee.amount, 0);
    expect(runOff.taxes).toBe(percentOf(subtotal, DC_PI_RATING_CONFIG.taxesPct ?? 0));
    expect(runOff.totalPremium).toBe(subtotal + runOff.taxes);
    // The factor lines that rated the annual premium stay: they say how the basis was reached.
    expect(runOff.trace.slice(0, -1)).toEqual(annual.trace);
    expect(runOff.trace.at(-1)).toEqual({ kind: "runOff", name: "runOffYears", matched: "6 years", multiplier: 2.7 });
    expect(runOff.referralHits).toEqual(annual.referralHits);
  });

  it("take a policy's last annual base premium as the basis when one is given, and say so on the worksheet", () => {
    const runOff = dcPi.rate(input, { runOff: { years: 1, annualBasePence: 123_456 } });
    expect(runOff.basePremium).toBe(roundHalfUp(123_456 * 0.85));
    expect(runOff.trace.map((line) => line.kind)).toEqual(["runOffBasis", "runOff"]);
    const rows = ratingWorksheet(runOff.trace).map((row) => [row.label, row.detail, row.value]);
    expect(rows).toEqual([
      ["Last annual base premium", "The policy's base premium for its last year", "£1,234.56"],
      ["Run-off period", "1 year: one single premium", "×0.85"],
    ]);
  });

  it("refuse a period the configuration does not price, and a basis that is not whole pence", () => {
    expect(runOffFactorFor(published.config.runOff, 6)).toBeNull();
    expect(() => published.rate(input, { runOff: { years: 6 } })).toThrow(RangeError);
    expect(() => dcPi.rate(input, { runOff: { years: 13 } })).toThrow(RangeError);
    expect(() => dcPi.rate(input, { runOff: { years: 2, annualBasePence: 10.5 } })).toThrow(RangeError);
  });

  it("are whole years from 1 to 12, each once, in ascending order", () => {
    const issues = (periods: unknown) =>
      runOffFactorsSchema.safeParse(periods).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues([{ years: 1, factor: 1 }])).toBeUndefined();
    expect(issues([{ years: 0, factor: 1 }])).toEqual([["0.years", "Must be 1 or more"]]);
    expect(issues([{ years: 13, factor: 1 }])).toEqual([["0.years", "Must be at most 12"]]);
    expect(issues([{ years: 1.5, factor: 1 }])).toEqual([["0.years", "Must be a whole number of years"]]);
    expect(
      issues([
        { years: 3, factor: 2 },
        { years: 3, factor: 2 },
      ]),
    ).toEqual([["1.years", "Must be above the previous period's (3 years)"]]);
    expect(issues([{ years: 1, factor: 0 }])).toEqual([["0.factor", "Must be greater than 0"]]);
    const refused = compileRatingConfig({ ...DC_PI_RATING_CONFIG, runOff: [{ years: 20, factor: 1 }] });
    expect(refused.ok).toBe(false);
  });
});
