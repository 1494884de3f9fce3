import { describe, expect, it } from "vitest";
import { compileRatingConfig } from "../rating/compile";
import { DC_PI_RATING_CONFIG } from "../rating/configs/dc-pi";
import { PI001_RATING_CONFIG } from "../rating/configs/pi001";
import { defaultRatingInput } from "../rating/input";
import { retroactiveCoverFactor } from "../rating/retroactive-cover";
import { ratingTestCaseSchema } from "../rating/test-cases";
import { declarationSchema } from "./declaration";
import { deriveRatingInput } from "./rating-input";
import {
  priorActsYears,
  RETROACTIVE_COVER_MESSAGES,
  renewedDeclaration,
  retroactiveCoverRecord,
  retroactiveCoverText,
  retroactiveDateAfterInception,
} from "./retroactive-cover";

const dated = (retroactiveDate: string) => ({
  retroactiveCover: "DATE" as const,
  retroactiveDate,
  previousInsurer: "Acme Mutual",
  previousPolicyEndDate: "2026-05-31",
});

describe("the retroactive date", () => {
  it("counts whole years of prior acts from the retroactive date to inception", () => {
    expect(priorActsYears(dated("2023-06-01"), "2026-06-01")).toBe(3);
    expect(priorActsYears(dated("2023-06-02"), "2026-06-01")).toBe(2);
    expect(priorActsYears(dated("2026-06-01"), "2026-06-01")).toBe(0);
    expect(priorActsYears({ retroactiveCover: "INCEPTION" }, "2026-06-01")).toBe(0);
    expect(priorActsYears({ retroactiveCover: "NONE" }, "2026-06-01")).toBeNull();
    // A declaration saved before the question was asked is unlimited cover.
    expect(priorActsYears({}, "2026-06-01")).toBeNull();
  });

  it("cannot be after inception; on it is allowed", () => {
    expect(retroactiveDateAfterInception(dated("2026-06-02"), "2026-06-01")).toBe(true);
    expect(retroactiveDateAfterInception(dated("2026-06-01"), "2026-06-01")).toBe(false);
    expect(retroactiveDateAfterInception({ retroactiveCover: "INCEPTION" }, "2026-06-01")).toBe(false);
  });

  it("asks the previous insurer and the end of its policy with a date, and nothing without one", () => {
    const missing = declarationSchema.safeParse({ retroactiveCover: "DATE" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["retroactiveDate", RETROACTIVE_COVER_MESSAGES.retroactiveDate],
      ["previousInsurer", RETROACTIVE_COVER_MESSAGES.previousInsurer],
      ["previousPolicyEndDate", RETROACTIVE_COVER_MESSAGES.previousPolicyEndDate],
    ]);
    expect(declarationSchema.parse(dated("2020-01-01")).retroactiveCover).toBe("DATE");
    expect(declarationSchema.parse({}).retroactiveCover).toBe("NONE");
    expect(declarationSchema.parse({ retroactiveCover: "INCEPTION" }).retroactiveCover).toBe("INCEPTION");
  });

  it("prints a date as dd/mm/yyyy, and the insurance history on the statement of fact", () => {
    expect(retroactiveCoverText(dated("2021-04-01"))).toBe("01/04/2021");
    expect(retroactiveCoverText({})).toBe("None: unlimited retroactive cover");
    expect(retroactiveCoverText({ retroactiveCover: "INCEPTION" }, "2026-06-01")).toBe(
      "01/06/2026, the inception date: no cover for work before inception",
    );
    expect(retroactiveCoverRecord(dated("2021-04-01"))).toEqual([
      { label: "Retroactive date", value: "A date" },
      { label: "Retroactive date given", value: "01/04/2021" },
      { label: "Previous insurer", value: "Acme Mutual" },
      { label: "Date the previous policy ends", value: "31/05/2026" },
    ]);
  });

  it("is kept on renewal; a firm first insured at inception keeps that first inception date", () => {
    const kept = dated("2021-04-01");
    expect(renewedDeclaration(kept, "2026-06-01", "2027-05-31", "First Underwriting")).toBe(kept);
    expect(
      renewedDeclaration({ retroactiveCover: "INCEPTION" }, "2026-06-01", "2027-05-31", "First Underwriting"),
    ).toEqual({
      retroactiveCover: "DATE",
      retroactiveDate: "2026-06-01",
      previousInsurer: "First Underwriting",
      previousPolicyEndDate: "2027-05-31",
    });
  });
});

describe("the retroactive cover factor", () => {
  const dcPi = compileRatingConfig(DC_PI_RATING_CONFIG);
  if (!dcPi.ok) throw new Error("D/C-PI must compile");
  const factors = dcPi.rater.config.retroactiveCover;

  it("prices D/C-PI's years of prior acts by band, and unlimited cover at the base rate", () => {
    expect(retroactiveCoverFactor(factors, false, 0).factor).toBe(0.7);
    expect(retroactiveCoverFactor(factors, false, 2).factor).toBe(0.85);
    expect(retroactiveCoverFactor(factors, false, 3).factor).toBe(0.95);
    expect(retroactiveCoverFactor(factors, false, 5).factor).toBe(0.95);
    expect(retroactiveCoverFactor(factors, false, 6).factor).toBe(1);
    expect(retroactiveCoverFactor(factors, true, 0)).toEqual({ factor: 1, matched: "unlimited" });
  });

  it("applies the factor to the base premium, read from the declaration", () => {
    const rate = (declaration: object) =>
      dcPi.rater.rate(
        deriveRatingInput({ insuredsDetails: { inceptionDate: "2026-06-01" }, declaration: { ...declaration } }),
      );
    const unlimited = rate({ retroactiveCover: "NONE" });
    const inception = rate({ retroactiveCover: "INCEPTION" });
    const threeYears = rate(dated("2023-01-01"));
    expect(inception.basePremium).toBe(Math.round(unlimited.basePremium * 0.7));
    expect(threeYears.basePremium).toBe(Math.round(unlimited.basePremium * 0.95));
    expect(threeYears.trace.find((line) => line.name === "priorActsYears")).toMatchObject({
      matched: "3 years (up to 5 years)",
      multiplier: 0.95,
    });
  });

  it("leaves a configuration written without it rating and tracing exactly as before", () => {
    const pi001 = compileRatingConfig(PI001_RATING_CONFIG);
    if (!pi001.ok) throw new Error("PI001 must compile");
    expect(pi001.rater.config.retroactiveCover).toEqual({ bands: [], unlimited: 1 });
    const input = deriveRatingInput({
      insuredsDetails: { inceptionDate: "2026-06-01" },
      declaration: { retroactiveCover: "INCEPTION" },
    });
    const before = pi001.rater.rate(deriveRatingInput({ insuredsDetails: { inceptionDate: "2026-06-01" } }));
    const after = pi001.rater.rate(input);
    expect(after).toEqual(before);
    expect(after.trace.some((line) => line.name === "priorActsYears")).toBe(false);
  });

  it("refuses bands out of order and an open band before the last", () => {
    const bad = compileRatingConfig({
      ...DC_PI_RATING_CONFIG,
      retroactiveCover: {
        bands: [
          { maxYears: 3, factor: 0.9 },
          { maxYears: null, factor: 1 },
          { maxYears: 2, factor: 1 },
        ],
        unlimited: 1,
      },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((issue) => issue.path)).toEqual(["retroactiveCover.bands[1].maxYears"]);
  });
});

describe("a published version's test cases", () => {
  it("read a case stored before the retroactive date as unlimited cover", () => {
    const { priorActsUnlimited: _u, priorActsYears: _y, ...stored } = defaultRatingInput();
    const parsed = ratingTestCaseSchema.parse({ name: "Stored before", input: stored, expectedTotal: "1.00" });
    expect(parsed.input).toEqual(defaultRatingInput());
  });
});
