import { describe, expect, it } from "vitest";
import { ratingTurnover } from "../quote/rating-input";
import { compileRatingConfig } from "./compile";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";
import { defaultRatingInput } from "./input";
import { describeMatched, describeTurnover, ratingWorksheet } from "./worksheet";

const compiled = compileRatingConfig(DC_PI_RATING_CONFIG);
if (!compiled.ok) throw new Error("the D/C-PI configuration must compile");
const dcPi = compiled.rater;

describe("the rating worksheet", () => {
  it("reads a D/C-PI rating aloud: base rate, named factors, Yes/No, the rated band, then fees, IPT and total", () => {
    const declaredTurnover = 180_000;
    const ratedTurnover = ratingTurnover("up_to_500k", declaredTurnover);
    const result = dcPi.rate(defaultRatingInput({ turnover: ratedTurnover, responsibleForManufacturing: false }));
    const rows = ratingWorksheet(result.trace, {
      declaredTurnover,
      ratedTurnover,
      premium: result,
    });
    expect(rows.map((row) => [row.label, row.detail, row.value])).toEqual([
      ["Base rate", "", "£750.00"],
      [
        "Turnover band",
        "Declared turnover £180,000 rated in band 250,001–500,000 at its representative value £400,000",
        "×1.00",
      ],
      ["Cover limit", "Band 500,001–1,000,000", "×1.00"],
      ["Claims in the last 3 years", "0", "×1.00"],
      ["Employees", "Band 0–5", "×1.00"],
      ["Largest single project value", "Band 0–250,000", "×1.00"],
      ["Responsible for manufacturing", "No", "×1.00"],
      ["Years of prior acts covered", "Unlimited", "×1.00"],
      ["Base Premium", "", "£750.00"],
      ["Policy fee", "", "£35.00"],
      ["Insurance Premium Tax (IPT)", "", "£94.20"],
      ["Premium (inclusive)", "", "£879.20"],
    ]);
    expect(rows.some((row) => /Rating factor|false|true/.test(`${row.label} ${row.detail}`))).toBe(false);
  });

  it("says a turnover above every wizard band was rated as declared", () => {
    expect(describeTurnover("2,000,001+", { declaredTurnover: 2_500_000, ratedTurnover: 2_500_000 })).toBe(
      "Declared turnover £2,500,000 rated as declared in band 2,000,001+",
    );
    expect(describeTurnover("250,001–500,000", { declaredTurnover: null, ratedTurnover: 400_000 })).toBe(
      "Rated in band 250,001–500,000 at £400,000",
    );
    expect(describeTurnover("250,001–500,000", {})).toBe("Band 250,001–500,000");
  });

  it("says Yes and No for answers, names bands and keeps a key's own words", () => {
    expect(describeMatched("true")).toBe("Yes");
    expect(describeMatched("false")).toBe("No");
    expect(describeMatched("500,001+")).toBe("Band 500,001+");
    expect(describeMatched("construction")).toBe("Construction");
  });

  it("still reads a trace stored before the base-rate line, and a line of a kind it does not know", () => {
    const stored = [
      { kind: "factor", name: "hasClaims", matched: "true", multiplier: 1.3 },
      { kind: "excess", name: "excessOption", matched: "2x", multiplier: 0.85 },
      { kind: "loading", name: "someNewInput", matched: "false", multiplier: 1 },
    ];
    expect(ratingWorksheet(stored).map((row) => [row.label, row.detail, row.value])).toEqual([
      ["Previous claims", "Yes", "×1.30"],
      ["Excess option", "Excess (2x)", "×0.85"],
      ["Loading", "Some new input: No", ""],
    ]);
  });

  it("names an additional cover by its fee's label and its limit band", () => {
    const result = dcPi.rate(
      defaultRatingInput({ hasDirectorsOfficersInsurance: true, directorsOfficersLimit: 250_000 }),
    );
    const rows = ratingWorksheet(result.trace, { premium: result });
    const cover = rows.find((row) => row.label === "Additional cover");
    const fee = result.fees.find((line) => line.code !== "POLICY_FEE");
    expect(cover?.detail.startsWith(`${fee?.label}: limit band `)).toBe(true);
    expect(rows.some((row) => row.section === "premium" && row.label === fee?.label)).toBe(true);
  });
});
