import { PI001_RATING_CONFIG } from "@domain/rating/configs/pi001";
import { defaultRatingInput } from "@domain/rating/input";
import { ratingConfigText } from "@domain/rating/version";
import { describe, expect, it } from "vitest";
import { checkTestCaseDrafts, runTestCaseDrafts, toTestCaseDraft } from "./test-cases";

const input = defaultRatingInput({ turnover: 500_000, industry: "technology", claimsLast3Yrs: 0 });
const config = ratingConfigText(PI001_RATING_CONFIG as Record<string, unknown>);

describe("test case drafts in the editor", () => {
  it("round-trips a saved case and runs it with the engine: 196.00 passes, 190.00 fails by +6.00", () => {
    const pass = toTestCaseDraft({ name: "Example", input, expectedTotal: "196.00", expectedReferrals: [] });
    const fail = { ...pass, key: "other", name: "Low", expectedTotal: "190" };
    const run = runTestCaseDrafts(config, [pass, fail]);
    expect(run.kind).toBe("ran");
    if (run.kind !== "ran") return;
    expect(run.results.map((r) => [r.name, r.passed, r.difference])).toEqual([
      ["Example", true, "0.00"],
      ["Low", false, "6.00"],
    ]);
  });

  it("names the case and the field of every problem, and an input that is not JSON", () => {
    const draft = toTestCaseDraft({ name: "Example", input, expectedTotal: "196.00", expectedReferrals: ["A, B"] });
    const broken = { ...draft, inputText: JSON.stringify({ ...input, coverLimit: "x" }) };
    expect(checkTestCaseDrafts([draft, broken])).toEqual({
      ok: false,
      problems: [{ index: 1, message: "Case 2 (Example): input.coverLimit: Must be a number" }],
    });
    expect(checkTestCaseDrafts([{ ...draft, inputText: "{" }])).toEqual({
      ok: false,
      problems: [{ index: 0, message: "Case 1 (Example): the rating input is not valid JSON" }],
    });
  });

  it("splits referral codes on commas and spaces", () => {
    const draft = { ...toTestCaseDraft({ name: "R", input, expectedTotal: "1", expectedReferrals: [] }) };
    const checked = checkTestCaseDrafts([{ ...draft, expectedReferrals: "HIGH_TURNOVER, CLAIMS  X" }]);
    expect(checked.ok && checked.cases[0]?.expectedReferrals).toEqual(["HIGH_TURNOVER", "CLAIMS", "X"]);
  });

  it("sends a cancellation check only when one is filled in, and names the half that is missing", () => {
    const draft = toTestCaseDraft({ name: "C", input, expectedTotal: "196.00", expectedReferrals: [] });
    expect(draft).toMatchObject({ cancelAfterMonths: "", expectedReturn: "" });
    const none = checkTestCaseDrafts([draft]);
    expect(none.ok && none.cases[0]?.cancellation).toBeUndefined();
    const both = checkTestCaseDrafts([{ ...draft, cancelAfterMonths: "6", expectedReturn: "0" }]);
    expect(both.ok && both.cases[0]?.cancellation).toEqual({ afterMonths: 6, expectedReturn: "0" });
    expect(checkTestCaseDrafts([{ ...draft, cancelAfterMonths: "6" }])).toEqual({
      ok: false,
      problems: [
        {
          index: 0,
          message:
            "Case 1 (C): cancellation.expectedReturn: Expected return must be an amount in pounds with at most two decimals, e.g. 560.00",
        },
      ],
    });
    // PI001 keeps the D/C-PI default £250, more than its £150.00 base: nothing comes back after six months.
    const run = runTestCaseDrafts(config, [{ ...draft, cancelAfterMonths: "6", expectedReturn: "0.00" }]);
    expect(run.kind === "ran" && run.results[0]).toMatchObject({
      passed: true,
      cancellation: { afterMonths: 6, expectedReturn: "0.00", actualReturn: "0.00" },
    });
    expect(
      toTestCaseDraft({
        name: "C",
        input,
        expectedTotal: "1",
        expectedReferrals: [],
        cancellation: { afterMonths: 3, expectedReturn: "12.00" },
      }),
    ).toMatchObject({ cancelAfterMonths: "3", expectedReturn: "12.00" });
  });
});
