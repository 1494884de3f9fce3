import { describe, expect, it } from "vitest";
import { percentOf } from "../money";
import { type CompiledRater, compileRatingConfig, type RatingConfig } from "./compile";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";
import { PI001_RATING_CONFIG } from "./configs/pi001";
import { defaultRatingInput, type RatingInput } from "./input";

function compileOrFail(config: unknown): CompiledRater {
  const result = compileRatingConfig(config);
  if (!result.ok) throw new Error(`configuration refused: ${JSON.stringify(result.issues)}`);
  return result.rater;
}

const pi001 = compileOrFail(PI001_RATING_CONFIG);
const dcPi = compileOrFail(DC_PI_RATING_CONFIG);

/** docs/product/rating.md's test risk: turnover 500,000, technology, sum insured 2,000,000 is NOT above 2,000,000. */
function pi001Input(overrides: Partial<RatingInput> = {}): RatingInput {
  return defaultRatingInput({ turnover: 500_000, industry: "technology", claimsLast3Yrs: 0, ...overrides });
}

describe("PI001 (docs/product/rating.md's example), worked by hand", () => {
  it("floors 1.2 x 0.95 x 1 = 1.14 (114.00) to the 150.00 minimum premium: total 196.00", () => {
    const result = pi001.rate(pi001Input());
    expect(result.uncappedMultiplier).toBe(1.14);
    expect(result.multiplier).toBe(1.14);
    expect(result.basePremium).toBe(15_000);
    expect(result.fees).toEqual([{ code: "POLICY_FEE", label: "Policy fee", amount: 2_500 }]);
    expect(result.subtotal).toBe(17_500);
    expect(result.taxes).toBe(2_100);
    expect(result.totalPremium).toBe(19_600);
    expect(result.referralHits).toEqual([]);
    expect(result.overridden).toBe(false);
    expect(result.excessOption).toBe("standard");
  });

  it("rates 3 claims at 1.2 x 0.95 x 1.6 = 1.824: base 182.40, taxes 24.89, total 232.29 and refers", () => {
    const result = pi001.rate(pi001Input({ claimsLast3Yrs: 3 }));
    expect(result.multiplier).toBe(1.824);
    expect(result.basePremium).toBe(18_240);
    expect(result.taxes).toBe(2_489);
    expect(result.totalPremium).toBe(23_229);
    expect(result.referralHits).toEqual([
      { code: "CLAIMS_HISTORY", description: "More than 2 claims in the last 3 years" },
    ]);
  });

  it("explains the premium: the base rate, one trace line per factor with the matched band or key, then the floor", () => {
    const result = pi001.rate(pi001Input());
    expect(result.trace).toEqual([
      { kind: "baseRate", name: "baseRate", matched: "£100.00", multiplier: 1 },
      { kind: "factor", name: "turnover", matched: "200,001–500,000", multiplier: 1.2 },
      { kind: "factor", name: "industry", matched: "technology", multiplier: 0.95 },
      { kind: "factor", name: "claimsLast3Yrs", matched: "0", multiplier: 1 },
      { kind: "minPremium", name: "minPremium", matched: "raised to the minimum premium of £150.00", multiplier: 1 },
    ]);
    expect(pi001.rate(pi001Input({ turnover: 900_000, claimsLast3Yrs: 4 })).trace.slice(1, 4)).toEqual([
      { kind: "factor", name: "turnover", matched: "500,001+", multiplier: 1.5 },
      { kind: "factor", name: "industry", matched: "technology", multiplier: 0.95 },
      { kind: "factor", name: "claimsLast3Yrs", matched: "3+", multiplier: 1.6 },
    ]);
  });

  it("caps construction, high turnover and 3+ claims (1.4 x 1.5 x 1.6 = 3.36) at the max multiplier 3", () => {
    const result = pi001.rate(pi001Input({ industry: "construction", turnover: 750_000, claimsLast3Yrs: 3 }));
    expect(result.uncappedMultiplier).toBe(3.36);
    expect(result.multiplier).toBe(3);
    expect(result.basePremium).toBe(30_000);
    expect(result.taxes).toBe(3_900);
    expect(result.totalPremium).toBe(36_400);
    expect(result.trace).toContainEqual({
      kind: "cap",
      name: "maxMultiplier",
      matched: "multiplier 3.36 capped at 3",
      multiplier: 3,
    });
  });

  it("does not floor a base above the minimum premium (construction, 1 claim: 1.2 x 1.4 x 1.25 = 2.1)", () => {
    const result = pi001.rate(pi001Input({ industry: "construction", claimsLast3Yrs: 1 }));
    expect(result.basePremium).toBe(21_000);
    expect(result.trace.some((line) => line.kind === "minPremium")).toBe(false);
  });

  it.each([
    [199_999, 1],
    [200_000, 1],
    [200_000.5, 1],
    [200_001, 1.2],
    [499_999, 1.2],
    [500_000, 1.2],
    [500_000.99, 1.2],
    [500_001, 1.5],
    [50_000_000, 1.5],
  ])("matches turnover %d to the band with multiplier %d ([min, next min))", (turnover, multiplier) => {
    const line = pi001.rate(pi001Input({ turnover })).trace.find((entry) => entry.name === "turnover");
    expect(line?.multiplier).toBe(multiplier);
  });

  it("applies the factor 1 and says so when a value is outside every band or a key is missing", () => {
    const result = pi001.rate(pi001Input({ turnover: -5, industry: "bakery" }));
    expect(result.trace).toContainEqual({
      kind: "factor",
      name: "turnover",
      matched: "no band matched -5",
      multiplier: 1,
    });
    expect(result.trace).toContainEqual({
      kind: "factor",
      name: "industry",
      matched: 'no key matched "bakery"',
      multiplier: 1,
    });
    expect(result.uncappedMultiplier).toBe(1);
  });

  it("refers a sum insured above 2,000,000 but not one of exactly 2,000,000", () => {
    expect(pi001.rate(pi001Input({ sumInsured: 2_000_000 })).referralHits).toEqual([]);
    expect(pi001.rate(pi001Input({ sumInsured: 2_000_001 })).referralHits.map((hit) => hit.code)).toEqual([
      "HIGH_SUM_INSURED",
    ]);
  });

  it("lists several hits in the configuration's rule order", () => {
    const result = pi001.rate(pi001Input({ sumInsured: 5_000_000, claimsLast3Yrs: 5 }));
    expect(result.referralHits.map((hit) => hit.code)).toEqual(["HIGH_SUM_INSURED", "CLAIMS_HISTORY"]);
  });

  it("keeps the standard excess when the configuration offers no other (PI001 has no excess options)", () => {
    const result = pi001.rate(pi001Input(), { excessOption: "2x" });
    expect(result.excessOption).toBe("standard");
    expect(result.basePremium).toBe(15_000);
    expect(result.trace).toContainEqual({
      kind: "excess",
      name: "excessOption",
      matched: 'excess option "2x" is not offered: standard excess',
      multiplier: 1,
    });
  });

  it("replaces the base with a manual override and recomputes taxes and total", () => {
    const result = pi001.rate(pi001Input(), { baseOverridePence: 50_000 });
    expect(result.overridden).toBe(true);
    expect(result.basePremium).toBe(50_000);
    expect(result.taxes).toBe(6_300);
    expect(result.totalPremium).toBe(58_800);
    expect(result.trace.at(-1)).toEqual({
      kind: "override",
      name: "baseOverride",
      matched: "base premium overridden to £500.00",
      multiplier: 1,
    });
  });

  it.each([0, -100, 12.5, Number.NaN])("refuses an override of %d pence (a programming error)", (pence) => {
    expect(() => pi001.rate(pi001Input(), { baseOverridePence: pence })).toThrow(RangeError);
  });

  it("refuses a non-finite number where a factor needs it rather than pricing it as factor 1", () => {
    expect(() => pi001.rate(pi001Input({ turnover: Number.NaN }))).toThrow("turnover must be a finite number");
  });
});

describe("excess options (D/C-PI: 2x is 15% off the base, 5x is 25% off, after the caps)", () => {
  const input = defaultRatingInput({ turnover: 400_000, coverLimit: 1_000_000 });

  it("rates the reference risk at the base rate: 750.00 + 35.00 fee + 94.20 IPT = 879.20", () => {
    const result = dcPi.rate(input);
    expect(result.basePremium).toBe(75_000);
    expect(result.taxes).toBe(9_420);
    expect(result.totalPremium).toBe(87_920);
    expect(result.referralHits).toEqual([]);
  });

  it("takes 15% off the base for the 2x excess: 637.50", () => {
    const result = dcPi.rate(input, { excessOption: "2x" });
    expect(result.excessOption).toBe("2x");
    expect(result.basePremium).toBe(63_750);
    expect(result.taxes).toBe(percent12(63_750 + 3_500));
    expect(result.trace).toContainEqual({ kind: "excess", name: "excessOption", matched: "2x", multiplier: 0.85 });
  });

  it("takes 25% off the base for the 5x excess: 562.50", () => {
    expect(dcPi.rate(input, { excessOption: "5x" }).basePremium).toBe(56_250);
  });

  it("reads the excess from the input when the options do not name one", () => {
    expect(dcPi.rate({ ...input, excessOption: "5x" }).basePremium).toBe(56_250);
  });

  it("applies the excess after the minimum-premium floor (docs/product/rating.md)", () => {
    const smallest = defaultRatingInput({ turnover: 100_000, coverLimit: 250_000 });
    // 750 x 0.8 x 0.55 = 330.00, floored to 450.00, then x 0.85 = 382.50
    expect(dcPi.rate(smallest).basePremium).toBe(45_000);
    expect(dcPi.rate(smallest, { excessOption: "2x" }).basePremium).toBe(38_250);
  });

  it("lets an override replace the discounted base", () => {
    expect(dcPi.rate(input, { excessOption: "5x", baseOverridePence: 100_000 }).basePremium).toBe(100_000);
  });
});

function percent12(pence: number): number {
  return percentOf(pence, 12);
}

describe("D/C-PI referral rules: each is triggered by one input", () => {
  const clean = defaultRatingInput({ turnover: 400_000 });
  const cases: [string, Partial<RatingInput>][] = [
    ["MATERIAL_FACTS", { hasMaterialFacts: true }],
    ["MATERIAL_FACTS", { asbestosOrEnvironmentalWork: true }],
    ["MATERIAL_FACTS", { collateralWarrantiesOrThirdPartyRights: true }],
    ["MATERIAL_FACTS", { criminalConvictions: true }],
    ["PREVIOUS_CLAIMS", { claimsLast3Yrs: 1 }],
    ["PREVIOUS_CLAIMS", { hasClaims: true }],
    ["NON_UK_WORK", { isAllTurnoverUK: false }],
    ["NON_UK_JURISDICTION", { hasNonUKJurisdictionWork: true }],
    ["TURNOVER_GROWTH", { turnoverIncrease20Percent: true }],
    ["TURNOVER_ABOVE_2M", { turnover: 2_000_001 }],
    ["COVER_LIMIT_ABOVE_2M", { coverLimit: 5_000_000 }],
    ["SPECIAL_AREA_WORK", { hasSpecialAreaWork: true }],
    ["WAIVED_RIGHTS_OF_RECOURSE", { requiresCoverForWaivedRights: true }],
    ["SUBCONTRACTOR_INSURANCE_NOT_CONFIRMED", { subcontractorInsuranceConfirmed: false }],
  ];

  it("refers nothing for a clean UK risk within appetite", () => {
    expect(dcPi.rate(clean).referralHits).toEqual([]);
    expect(dcPi.rate({ ...clean, turnover: 2_000_000, coverLimit: 2_000_000 }).referralHits).toEqual([]);
  });

  it.each(cases)("hits %s for %o", (code, change) => {
    const hits = dcPi.rate({ ...clean, ...change }).referralHits;
    expect(hits.map((hit) => hit.code)).toEqual([code]);
  });

  it("refers previous claims declared in the business facts under both rules (a material fact and a claim)", () => {
    const hits = dcPi.rate({ ...clean, previousClaims: true }).referralHits.map((hit) => hit.code);
    expect(hits).toEqual(["MATERIAL_FACTS", "PREVIOUS_CLAIMS"]);
  });

  it("covers every referral docs/product/rating.md asks for", () => {
    const codes = new Set(cases.map(([code]) => code));
    expect([...codes].sort()).toEqual(dcPi.config.referralRules.map((rule) => rule.code).sort());
  });

  it("writes descriptions a broker can read and the review screen can split (no ', ')", () => {
    for (const rule of dcPi.config.referralRules) {
      expect(rule.description).not.toContain(", ");
      expect(rule.description.length).toBeGreaterThan(10);
    }
  });
});

describe("D/C-PI additional covers", () => {
  const clean = defaultRatingInput({ turnover: 400_000 });

  it("adds one fee line per chosen cover, priced by the band its limit falls in", () => {
    const result = dcPi.rate({
      ...clean,
      hasDirectorsOfficersInsurance: true,
      directorsOfficersLimit: 250_000,
      hasContentsInsurance: true,
      contentsLimit: 25_000,
      hasStockContents: true,
      stockContentsLimit: 5_000,
    });
    expect(result.fees).toEqual([
      { code: "POLICY_FEE", label: "Policy fee", amount: 3_500 },
      { code: "DIRECTORS_OFFICERS", label: "Directors' & Officers' Insurance", amount: 47_500 },
      { code: "CONTENTS", label: "Contents Insurance", amount: 13_000 },
      { code: "STOCK", label: "Stock Insurance", amount: 4_500 },
    ]);
    expect(result.subtotal).toBe(75_000 + 3_500 + 47_500 + 13_000 + 4_500);
    expect(result.taxes).toBe(percent12(result.subtotal));
    expect(result.trace).toContainEqual({
      kind: "additionalCover",
      name: "CONTENTS",
      matched: "20,001–30,000",
      multiplier: 1,
    });
  });

  it("ignores a limit when the cover is not chosen", () => {
    const result = dcPi.rate({ ...clean, hasContentsInsurance: false, contentsLimit: 25_000 });
    expect(result.fees.map((fee) => fee.code)).toEqual(["POLICY_FEE"]);
  });

  it("prices every limit the wizard offers (5,000 to 50,000 and custom 1,000 to 1,000,000)", () => {
    for (const limit of [1_000, 5_000, 10_000, 25_000, 50_000, 50_000.5, 999_999, 1_000_000]) {
      const result = dcPi.rate({
        ...clean,
        hasBusinessEquipmentComputers: true,
        businessEquipmentComputersLimit: limit,
      });
      expect(result.fees).toHaveLength(2);
      expect(result.referralHits).toEqual([]);
    }
  });

  it("refers a cover chosen at a limit the configuration cannot price instead of giving it away", () => {
    const result = dcPi.rate({ ...clean, hasContentsInsurance: true, contentsLimit: 2_000_000 });
    expect(result.fees.map((fee) => fee.code)).toEqual(["POLICY_FEE"]);
    expect(result.referralHits).toEqual([
      { code: "CONTENTS_UNPRICED", description: "Contents Insurance: no price for a limit of £2,000,000" },
    ]);
  });
});

describe("D/C-PI numbers are plausible for UK D&C PI", () => {
  it("charges a small contractor (£400k turnover, £1m limit) a base between a few hundred pounds and £1,500", () => {
    const base = dcPi.rate(defaultRatingInput({ turnover: 400_000, coverLimit: 1_000_000 })).basePremium;
    expect(base).toBeGreaterThanOrEqual(30_000);
    expect(base).toBeLessThanOrEqual(150_000);
  });

  it("charges more for more turnover and a higher limit", () => {
    const rate = (turnover: number, coverLimit: number) =>
      dcPi.rate(defaultRatingInput({ turnover, coverLimit })).basePremium;
    expect(rate(750_000, 1_000_000)).toBeGreaterThan(rate(400_000, 1_000_000));
    expect(rate(400_000, 2_000_000)).toBeGreaterThan(rate(400_000, 1_000_000));
    expect(rate(1_750_000, 5_000_000)).toBeGreaterThan(rate(1_750_000, 2_000_000));
  });

  it("uses IPT at the UK standard rate of 12%", () => {
    expect((DC_PI_RATING_CONFIG as RatingConfig).taxesPct).toBe(12);
  });
});
