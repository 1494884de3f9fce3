import { PI001_RATING_CONFIG } from "@domain/rating/configs/pi001";
import { TEST_RISK_DEFAULTS } from "@domain/rating/version";
import { describe, expect, it } from "vitest";
import { checkRatingConfigText, runTestRating } from "./test-rating";

const PI001_TEXT = JSON.stringify(PI001_RATING_CONFIG);

describe("Validate", () => {
  it("refuses text that is not JSON, or lacks version, productCode or baseRate (docs/product/errors.md)", () => {
    expect(checkRatingConfigText("{ not json")).toEqual({ kind: "invalid-json" });
    const { baseRate: _dropped, ...withoutBaseRate } = PI001_RATING_CONFIG;
    expect(checkRatingConfigText(JSON.stringify(withoutBaseRate))).toEqual({ kind: "invalid-json" });
  });

  it("reports every problem of a parsable configuration with its JSON path", () => {
    const broken = { ...PI001_RATING_CONFIG, baseRate: -1, taxesPct: 140 };
    const check = checkRatingConfigText(JSON.stringify(broken));
    expect(check.kind).toBe("invalid-config");
    const paths = check.kind === "invalid-config" ? check.issues.map((issue) => issue.path) : [];
    expect(paths).toEqual(expect.arrayContaining(["baseRate", "taxesPct"]));
  });

  it("accepts docs/product/rating.md's example configuration", () => {
    expect(checkRatingConfigText(PI001_TEXT).kind).toBe("valid");
  });
});

describe("Test Rating", () => {
  it("rates docs/product/rating.md's defaults with the real engine: £150 floor + £25 fee + 12% = £196.00", () => {
    const outcome = runTestRating(PI001_TEXT, { ...TEST_RISK_DEFAULTS });
    expect(outcome.kind).toBe("rated");
    if (outcome.kind !== "rated") return;
    expect(outcome.result.basePremium).toBe(15_000);
    expect(outcome.result.taxes).toBe(2_100);
    expect(outcome.result.totalPremium).toBe(19_600);
    expect(outcome.result.referralHits).toEqual([]);
    expect(outcome.highSumInsured).toBe(false);
  });

  it("notes a high sum insured only above £2,000,000", () => {
    const at = runTestRating(PI001_TEXT, { ...TEST_RISK_DEFAULTS, sumInsured: 2_000_000 });
    const above = runTestRating(PI001_TEXT, { ...TEST_RISK_DEFAULTS, sumInsured: 2_000_001 });
    expect(at.kind === "rated" && at.highSumInsured).toBe(false);
    expect(above.kind === "rated" && above.highSumInsured).toBe(true);
    expect(above.kind === "rated" && above.result.referralHits.map((hit) => hit.code)).toEqual(["HIGH_SUM_INSURED"]);
  });
});
