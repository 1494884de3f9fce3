import { PI001_RATING_CONFIG } from "@domain/rating/configs/pi001";
import { defaultRatingInput } from "@domain/rating/input";
import { ratingConfigText } from "@domain/rating/version";
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { editorResolver } from "./editor-check";
import { type EditorValues, requestIssues } from "./editor-form";
import { toTestCaseDraft } from "./test-cases";

const OPTIONS: ResolverOptions<EditorValues> = { fields: {}, shouldUseNativeValidation: false };

function values(changes: Partial<EditorValues> = {}): EditorValues {
  return {
    name: "  PI001 2027  ",
    notes: "  Higher base rate ",
    effectiveFrom: "2027-01-01",
    effectiveTo: "",
    json: ratingConfigText({ ...PI001_RATING_CONFIG, baseRate: 400 }),
    testCases: [
      toTestCaseDraft({
        name: "Reference risk",
        input: defaultRatingInput({ turnover: 500_000 }),
        expectedTotal: "196.00",
        expectedReferrals: [],
      }),
    ],
    ...changes,
  };
}

describe("the rating version editor's form", () => {
  it("gives Save the body the server takes: names trimmed, the configuration parsed, an open end as null", async () => {
    const result = await editorResolver(values(), undefined, OPTIONS);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      name: "PI001 2027",
      notes: "Higher base rate",
      effectiveFrom: "2027-01-01",
      effectiveTo: null,
      json: { productCode: "PI001", baseRate: 400 },
      testCases: [{ name: "Reference risk", expectedTotal: "196.00", expectedReferrals: [] }],
    });
  });

  it("refuses an empty name with the words Save has always shown", async () => {
    const result = await editorResolver(values({ name: "   " }), undefined, OPTIONS);
    expect(result.values).toEqual({});
    expect(result.errors.name?.message).toBe("Version name is required");
  });

  it("reports a case whose input is not JSON under testCases, naming the case", async () => {
    const [draft] = values().testCases;
    if (!draft) throw new Error("no case");
    const result = await editorResolver(
      values({ testCases: [{ ...draft, inputText: "{ not json" }] }),
      undefined,
      OPTIONS,
    );
    expect(result.values).toEqual({});
    expect(result.errors.testCases?.message).toBe("Case 1 (Reference risk): the rating input is not valid JSON");
  });

  it("lists the other problems as the server's schema orders them, the period's among them", async () => {
    const result = await editorResolver(
      values({ notes: "x".repeat(2_001), effectiveTo: "2026-12-31" }),
      undefined,
      OPTIONS,
    );
    // The first is the message the server answers with; Save shows it in its 'Creation Error' toast.
    expect(requestIssues(result.errors)).toEqual([
      { path: "notes", message: "Notes must be at most 2,000 characters" },
      { path: "effectiveTo", message: "Effective to must be after effective from" },
    ]);
  });
});
