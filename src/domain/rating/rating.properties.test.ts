import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentOf } from "../money";
import { type CompiledRater, compileRatingConfig, type RateOptions } from "./compile";
import type { RatingConfigInput } from "./config-schema";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";
import { PI001_RATING_CONFIG } from "./configs/pi001";
import { defaultRatingInput, RATING_INPUT_FIELDS, type RatingInput } from "./input";

function compileOrFail(config: unknown): CompiledRater {
  const result = compileRatingConfig(config);
  if (!result.ok) throw new Error(`configuration refused: ${JSON.stringify(result.issues)}`);
  return result.rater;
}

const raters = { PI001: compileOrFail(PI001_RATING_CONFIG), "D/C-PI": compileOrFail(DC_PI_RATING_CONFIG) };

const limit = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 2_000_000 }),
  fc.constantFrom(5_000, 25_000, 1_000_000),
);

/** Any rating input a quote could produce, including amounts with pennies and values outside every band. */
const ratingInput: fc.Arbitrary<RatingInput> = fc
  .record({
    turnover: fc.oneof(fc.integer({ min: 0, max: 6_000_000 }), fc.double({ min: 0, max: 6_000_000, noNaN: true })),
    industry: fc.oneof(fc.constantFrom("technology", "restaurant", "consultant", "construction"), fc.string()),
    employees: fc.integer({ min: 0, max: 500 }),
    sumInsured: fc.constantFrom(250_000, 500_000, 1_000_000, 2_000_000, 2_000_001, 5_000_000),
    claimsLast3Yrs: fc.integer({ min: 0, max: 10 }),
    coverLimit: fc.constantFrom(250_000, 500_000, 1_000_000, 2_000_000, 5_000_000),
    largestSingleProjectValue: fc.integer({ min: 0, max: 20_000_000 }),
    hasMaterialFacts: fc.boolean(),
    isAllTurnoverUK: fc.boolean(),
    subcontractorInsuranceConfirmed: fc.boolean(),
    responsibleForManufacturing: fc.boolean(),
    hasDirectorsOfficersInsurance: fc.boolean(),
    directorsOfficersLimit: limit,
    hasContentsInsurance: fc.boolean(),
    contentsLimit: limit,
    hasStockContents: fc.boolean(),
    stockContentsLimit: limit,
  })
  .map((fields) => defaultRatingInput(fields));

const rateOptions: fc.Arbitrary<RateOptions> = fc.record(
  {
    excessOption: fc.constantFrom("standard", "2x", "5x"),
    baseOverridePence: fc.integer({ min: 1, max: 10_000_000 }),
  },
  { requiredKeys: [] },
);

const product = fc.constantFrom("PI001", "D/C-PI") as fc.Arbitrary<keyof typeof raters>;

describe("rating invariants (fast-check)", () => {
  it("total = base + fees + taxes to the penny, every amount a whole number of pence", () => {
    fc.assert(
      fc.property(product, ratingInput, rateOptions, (code, input, options) => {
        const result = raters[code].rate(input, options);
        const fees = result.fees.reduce((sum, fee) => sum + fee.amount, 0);
        expect(result.subtotal).toBe(result.basePremium + fees);
        expect(result.totalPremium).toBe(result.basePremium + fees + result.taxes);
        for (const amount of [
          result.basePremium,
          result.taxes,
          result.totalPremium,
          ...result.fees.map((f) => f.amount),
        ]) {
          expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it("taxes are 12% of base + fees rounded half-up", () => {
    fc.assert(
      fc.property(product, ratingInput, rateOptions, (code, input, options) => {
        const result = raters[code].rate(input, options);
        expect(result.taxes).toBe(percentOf(result.subtotal, 12));
      }),
      { numRuns: 1_000 },
    );
  });

  it("the multiplier never exceeds maxMultiplier and is the capped product of the factor lines", () => {
    fc.assert(
      fc.property(product, ratingInput, (code, input) => {
        const rater = raters[code];
        const result = rater.rate(input);
        const max = rater.config.caps.maxMultiplier;
        const factorProduct = result.trace
          .filter((line) => line.kind === "factor")
          .reduce((acc, line) => acc * line.multiplier, 1);
        expect(result.multiplier).toBeLessThanOrEqual(max);
        expect(result.uncappedMultiplier).toBeCloseTo(factorProduct, 9);
        expect(result.multiplier).toBe(Math.min(result.uncappedMultiplier, max));
      }),
      { numRuns: 1_000 },
    );
  });

  it("the base is never below the minimum premium before the excess discount, and an override replaces it", () => {
    fc.assert(
      fc.property(product, ratingInput, rateOptions, (code, input, options) => {
        const rater = raters[code];
        const result = rater.rate(input, options);
        if (options.baseOverridePence !== undefined) {
          expect(result.basePremium).toBe(options.baseOverridePence);
          expect(result.overridden).toBe(true);
          return;
        }
        const excess = rater.config.excessOptions[result.excessOption] ?? 1;
        expect(result.basePremium).toBeGreaterThanOrEqual(Math.floor(rater.config.caps.minPremium * 100 * excess));
      }),
      { numRuns: 1_000 },
    );
  });

  it("is deterministic: the same input rates the same way every time", () => {
    fc.assert(
      fc.property(product, ratingInput, rateOptions, (code, input, options) => {
        const rater = raters[code];
        expect(rater.rate(input, options)).toEqual(rater.rate(structuredCopy(input), { ...options }));
      }),
      { numRuns: 500 },
    );
  });

  it("a higher excess never costs more", () => {
    fc.assert(
      fc.property(ratingInput, (input) => {
        const rater = raters["D/C-PI"];
        const standard = rater.rate(input, { excessOption: "standard" }).totalPremium;
        const twice = rater.rate(input, { excessOption: "2x" }).totalPremium;
        const five = rater.rate(input, { excessOption: "5x" }).totalPremium;
        expect(twice).toBeLessThanOrEqual(standard);
        expect(five).toBeLessThanOrEqual(twice);
      }),
      { numRuns: 500 },
    );
  });
});

function structuredCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// --- Referral conditions from arbitrary text: refused when the configuration is validated, or harmless. ---

const fieldNames = Object.keys(RATING_INPUT_FIELDS);
const token = fc.oneof(
  fc.constantFrom(...fieldNames),
  fc.constantFrom("&&", "||", "!", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "?", ":", "(", ")"),
  fc.constantFrom("[", "]", ",", ".", "in", "true", "false", "null", "size", "contains", "matches", "map", "x"),
  fc.constantFrom("constructor", "__proto__", "prototype", "globalThis", "this", "process", "cel.bind", "has"),
  fc.integer({ min: -10, max: 3_000_000 }).map(String),
  fc.double({ noNaN: true }).map(String),
  fc.string({ maxLength: 8 }).map((text) => JSON.stringify(text)),
);
const tokenCondition = fc.array(token, { minLength: 1, maxLength: 25 }).map((tokens) => tokens.join(" "));
const garbageCondition = fc.oneof(
  tokenCondition,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
);

function configWithCondition(condition: string): RatingConfigInput {
  return {
    ...PI001_RATING_CONFIG,
    referralRules: [{ code: "FUZZ", description: "Generated rule", condition }],
  };
}

describe("a rule that cannot compile is refused when the configuration is validated, never at rating time", () => {
  it("either refuses a generated condition with its path, or rates every input without throwing", () => {
    fc.assert(
      fc.property(garbageCondition, fc.array(ratingInput, { minLength: 1, maxLength: 5 }), (condition, inputs) => {
        const compiled = compileRatingConfig(configWithCondition(condition));
        if (!compiled.ok) {
          expect(compiled.issues.length).toBeGreaterThan(0);
          for (const issue of compiled.issues) expect(issue.message.length).toBeGreaterThan(0);
          return;
        }
        for (const input of inputs) {
          const result = compiled.rater.rate(input);
          expect(Array.isArray(result.referralHits)).toBe(true);
        }
      }),
      { numRuns: 1_500 },
    );
  });

  it("refers (never passes) a quote whose condition fails for its input", () => {
    const compiled = compileRatingConfig(configWithCondition("10 / (size(industry) - 5) > 1"));
    if (!compiled.ok) throw new Error("expected the condition to compile");
    const result = compiled.rater.rate(defaultRatingInput({ industry: "chefs" }));
    expect(result.referralHits).toEqual([{ code: "FUZZ", description: "Generated rule" }]);
    expect(result.trace).toContainEqual({
      kind: "referral",
      name: "FUZZ",
      matched: "condition could not be evaluated (division by zero): referred",
      multiplier: 1,
    });
  });
});
