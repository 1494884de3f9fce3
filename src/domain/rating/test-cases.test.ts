import { describe, expect, it } from "vitest";
import { type CompiledRater, compileRatingConfig } from "./compile";
import { PI001_RATING_CONFIG } from "./configs/pi001";
import { defaultRatingInput } from "./input";
import { failingTestCasesMessage, ratingTestCasesSchema, runTestCases } from "./test-cases";

function compileOrFail(config: unknown): CompiledRater {
  const result = compileRatingConfig(config);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.rater;
}

const pi001 = compileOrFail(PI001_RATING_CONFIG);
// docs/product/rating.md's PI001 example: the minimum premium 150.00 + 25.00 fee + 12% tax = 196.00.
const exampleInput = defaultRatingInput({ turnover: 500_000, industry: "technology", claimsLast3Yrs: 0 });

describe("runTestCases", () => {
  it("checks what cancelling the case's premium returns under the version's terms, when the case asks", () => {
    // Pro rata with nothing kept: 1 January to 1 July is 181 of 365 days; £150.00 base earns £74.38, so £75.62
    // comes back with £9.07 IPT at 12%: £84.69. Under the D/C-PI default (£250 kept) nothing comes back.
    const proRata = compileOrFail({
      ...PI001_RATING_CONFIG,
      cancellation: { basis: "proRata", shortPeriodScale: [], minimumRetainedPremium: 0 },
    });
    const check = { afterMonths: 6, expectedReturn: "84.69" };
    const [passing] = runTestCases(proRata, [
      { name: "Six months", input: exampleInput, expectedTotal: "196.00", expectedReferrals: [], cancellation: check },
    ]);
    expect(passing).toMatchObject({
      passed: true,
      cancellation: { afterMonths: 6, expectedReturn: "84.69", actualReturn: "84.69" },
    });
    const [failing] = runTestCases(pi001, [
      { name: "Six months", input: exampleInput, expectedTotal: "196.00", expectedReferrals: [], cancellation: check },
    ]);
    expect(failing).toMatchObject({ passed: false, cancellation: { actualReturn: "0.00" } });
    expect(
      ratingTestCasesSchema
        .safeParse([{ name: "Half", input: exampleInput, expectedTotal: "1.00", cancellation: { afterMonths: 13 } }])
        .error?.issues.map((issue) => issue.message),
    ).toEqual([
      "Months must be a whole number from 0 to 12",
      "Expected return must be an amount in pounds with at most two decimals, e.g. 560.00",
    ]);
  });

  it("passes a case whose total matches to the penny and whose referrals match in any order", () => {
    const [result] = runTestCases(pi001, [
      { name: "Example", input: exampleInput, expectedTotal: "196.00", expectedReferrals: [] },
    ]);
    expect(result).toEqual({
      name: "Example",
      passed: true,
      expectedTotal: "196.00",
      actualTotal: "196.00",
      difference: "0.00",
      expectedReferrals: [],
      actualReferrals: [],
      expectedEndorsements: [],
      actualEndorsements: [],
    });
  });

  it("fails a case one penny out, with the signed difference", () => {
    const [result] = runTestCases(pi001, [
      { name: "Penny", input: exampleInput, expectedTotal: "196.01", expectedReferrals: [] },
    ]);
    expect(result?.passed).toBe(false);
    expect(result?.difference).toBe("-0.01");
  });

  it("fails a case when a referral expected is not raised, even with the right total", () => {
    const [result] = runTestCases(pi001, [
      { name: "Refer", input: exampleInput, expectedTotal: "196", expectedReferrals: ["HIGH_TURNOVER"] },
    ]);
    expect(result?.passed).toBe(false);
    expect(result?.difference).toBe("0.00");
    expect(result?.expectedReferrals).toEqual(["HIGH_TURNOVER"]);
    expect(result?.actualReferrals).toEqual([]);
  });

  it("names every failing case in the publish refusal, and none when all pass", () => {
    const results = runTestCases(pi001, [
      { name: "Small architect", input: exampleInput, expectedTotal: "1.00", expectedReferrals: [] },
      { name: "Fine", input: exampleInput, expectedTotal: "196.00", expectedReferrals: [] },
      { name: "Large contractor", input: exampleInput, expectedTotal: "2.00", expectedReferrals: [] },
    ]);
    expect(failingTestCasesMessage(results)).toBe("Test cases fail: Small architect, Large contractor");
    expect(failingTestCasesMessage(results.filter((r) => r.passed))).toBeNull();
  });
});

describe("ratingTestCasesSchema", () => {
  it("refuses an input field of the wrong type with its path", () => {
    const parsed = ratingTestCasesSchema.safeParse([
      { name: "A", input: { ...exampleInput, coverLimit: "lots" }, expectedTotal: "1.00" },
    ]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([0, "input", "coverLimit"]);
  });

  it("refuses a missing or unknown input field, three decimals and a repeated name, each with its path", () => {
    const { coverLimit: _, ...missing } = exampleInput;
    const cases = [
      { name: "A", input: missing, expectedTotal: "1.00" },
      { name: "B", input: { ...exampleInput, colour: "red" }, expectedTotal: "1.00" },
      { name: "C", input: exampleInput, expectedTotal: "1.001" },
    ];
    const parsed = ratingTestCasesSchema.safeParse(cases);
    const paths = parsed.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["0.input.coverLimit", "1.input", "2.expectedTotal"]));
    const repeated = ratingTestCasesSchema.safeParse([
      { name: "C", input: exampleInput, expectedTotal: "1.00" },
      { name: "C", input: exampleInput, expectedTotal: "1.00" },
    ]);
    expect(repeated.error?.issues.map((issue) => issue.path.join("."))).toEqual(["1.name"]);
  });
});
