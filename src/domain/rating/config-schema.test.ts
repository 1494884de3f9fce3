import { describe, expect, it } from "vitest";
import { compileRatingConfig } from "./compile";
import {
  DEFAULT_CANCELLATION,
  INVALID_RATING_CONFIG_DESCRIPTION,
  INVALID_RATING_CONFIG_MESSAGE,
  INVALID_RATING_CONFIG_TITLE,
  parseRatingConfigText,
  type RatingConfigIssue,
  validateRatingConfigShape,
} from "./config-schema";
import { PI001_RATING_CONFIG } from "./configs/pi001";
import { defaultRatingInput } from "./input";

function withChanges(change: (config: Record<string, unknown>) => void): Record<string, unknown> {
  const config = JSON.parse(JSON.stringify(PI001_RATING_CONFIG)) as Record<string, unknown>;
  change(config);
  return config;
}

function issuesOf(config: unknown): RatingConfigIssue[] {
  const result = compileRatingConfig(config);
  if (result.ok) throw new Error("expected the configuration to be refused");
  return result.issues;
}

describe("parseRatingConfigText (docs/product/errors.md)", () => {
  it("exports the exact toast texts", () => {
    expect(INVALID_RATING_CONFIG_TITLE).toBe("Validation Error");
    expect(INVALID_RATING_CONFIG_DESCRIPTION).toBe("Invalid JSON configuration");
    expect(INVALID_RATING_CONFIG_MESSAGE).toBe("Validation Error - Invalid JSON configuration");
  });

  it("accepts JSON holding version, productCode and baseRate", () => {
    expect(parseRatingConfigText(JSON.stringify(PI001_RATING_CONFIG))).toEqual({ ok: true, json: PI001_RATING_CONFIG });
  });

  it.each([
    "",
    "not json",
    "{",
    "null",
    "42",
    '"text"',
    "[]",
    '{"productCode": "PI001", "baseRate": 100}',
    '{"version": "1", "baseRate": 100}',
    '{"version": "1", "productCode": "PI001"}',
    '{"version": "1", "productCode": "PI001", "baseRate": null}',
  ])("refuses %j", (text) => {
    expect(parseRatingConfigText(text)).toEqual({ ok: false, message: INVALID_RATING_CONFIG_MESSAGE });
  });
});

describe("configuration validation returns every problem with its path", () => {
  it("accepts docs/product/rating.md's example", () => {
    expect(compileRatingConfig(PI001_RATING_CONFIG).ok).toBe(true);
  });

  it("reports several problems at once", () => {
    const issues = issuesOf(
      withChanges((config) => {
        config.baseRate = 0;
        config.taxesPct = 120;
        config.caps = { minPremium: -1, maxMultiplier: 3 };
      }),
    );
    expect(issues).toEqual([
      { path: "baseRate", message: "Must be greater than 0" },
      { path: "taxesPct", message: "Must be at most 100" },
      { path: "caps.minPremium", message: "Must be 0 or more" },
    ]);
  });

  it("names missing and mistyped fields", () => {
    const issues = issuesOf({ version: "1", productCode: "X", baseRate: "100", caps: {} });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "baseRate", message: "Invalid input: expected number, received string" },
        { path: "taxesPct", message: "Required" },
        { path: "caps.minPremium", message: "Required" },
        { path: "caps.maxMultiplier", message: "Required" },
      ]),
    );
  });

  it("refuses unknown keys (a typo such as referalRules must not be silently ignored)", () => {
    const issues = issuesOf(withChanges((config) => Object.assign(config, { referalRules: [] })));
    expect(issues).toEqual([{ path: "", message: 'Unrecognized key: "referalRules"' }]);
  });

  describe("bands", () => {
    const turnover = (bands: unknown) =>
      withChanges((config) => Object.assign(config.factors as object, { turnover: bands }));

    it("refuses overlapping bands", () => {
      const bands = [
        { min: 0, max: 200000, multiplier: 1 },
        { min: 200000, max: null, multiplier: 1.2 },
      ];
      expect(issuesOf(turnover(bands))).toEqual([
        { path: "factors.turnover[1].min", message: "Overlaps the previous band: must be above its max (200000)" },
      ]);
    });

    it("refuses a gap of more than 1 between bands", () => {
      const bands = [
        { min: 0, max: 200000, multiplier: 1 },
        { min: 250000, max: null, multiplier: 1.2 },
      ];
      expect(issuesOf(turnover(bands))).toEqual([
        { path: "factors.turnover[1].min", message: "Leaves a gap after the previous band: must be at most 200001" },
      ]);
    });

    it("refuses an open-ended band that is not the last, a max below its min, and a multiplier of 0", () => {
      const bands = [
        { min: 0, max: null, multiplier: 1 },
        { min: 10, max: 5, multiplier: 0 },
      ];
      expect(issuesOf(turnover(bands))).toEqual(
        expect.arrayContaining([
          { path: "factors.turnover[0].max", message: "Only the last band may be open-ended (max null)" },
          { path: "factors.turnover[1].max", message: "Must be at least min (10)" },
          { path: "factors.turnover[1].multiplier", message: "Must be greater than 0" },
        ]),
      );
    });

    it("refuses an empty list of bands and bands on a text input", () => {
      expect(issuesOf(turnover([]))).toEqual([
        { path: "factors.turnover", message: "A factor needs at least one band" },
      ]);
      const onText = withChanges((config) =>
        Object.assign(config.factors as object, { industry: [{ min: 0, max: null, multiplier: 1 }] }),
      );
      expect(issuesOf(onText)).toEqual([
        {
          path: "factors.industry",
          message: '"industry" is a string input: use a map of values to multipliers, not bands',
        },
      ]);
    });
  });

  it("refuses factors over unknown inputs, maps on numbers and yes/no maps with other keys", () => {
    const issues = issuesOf(
      withChanges((config) =>
        Object.assign(config.factors as object, {
          postcodeArea: { SW: 1.2 },
          employees: { "1": 1 },
          hasClaims: { yes: 1.5 },
        }),
      ),
    );
    expect(issues).toEqual([
      { path: "factors.postcodeArea", message: 'Unknown rating input "postcodeArea"' },
      { path: "factors.employees", message: '"employees" is a number input: use a list of bands' },
      { path: "factors.hasClaims.yes", message: '"hasClaims" is a yes/no input: keys must be "true" or "false"' },
    ]);
  });

  it("refuses duplicate codes, and a referral description the review screen would split", () => {
    const issues = issuesOf(
      withChanges((config) => {
        config.fees = [
          { code: "POLICY_FEE", label: "Policy fee", amount: 25 },
          { code: "POLICY_FEE", label: "Again", amount: 5 },
        ];
        config.referralRules = [
          { code: "A", description: "Claims, or circumstances", condition: "hasClaims" },
          { code: "A", description: "Other", condition: "hasExports" },
        ];
      }),
    );
    expect(issues).toEqual([
      { path: "fees[1].code", message: 'Duplicate code "POLICY_FEE"' },
      {
        path: "referralRules[0].description",
        message: 'Must not contain ", " (comma and space): referral reasons are joined and split on it',
      },
      { path: "referralRules[1].code", message: 'Duplicate code "A"' },
    ]);
  });

  it("names the rule and the path of a condition that cannot compile, with the other problems", () => {
    const issues = issuesOf(
      withChanges((config) => {
        config.baseRate = -5;
        config.referralRules = [
          { code: "OK", description: "Fine", condition: "hasClaims" },
          { code: "TYPO", description: "Typo", condition: "sumInsurd > 2000000" },
          { code: "NOT_BOOL", description: "Not yes/no", condition: "turnover + 1" },
        ];
      }),
    );
    expect(issues).toEqual([
      { path: "baseRate", message: "Must be greater than 0" },
      { path: "referralRules[1].condition", message: "Rule TYPO: Does not type-check: Unknown variable: sumInsurd" },
      {
        path: "referralRules[2].condition",
        message: "Rule NOT_BOOL: Must be a yes/no (bool) expression, but it gives double",
      },
    ]);
  });

  it("refuses an additional cover switched by a non-yes/no input or priced over a text input", () => {
    const issues = issuesOf(
      withChanges((config) => {
        config.additionalCovers = [
          {
            code: "CONTENTS",
            label: "Contents",
            enabledBy: "contentsLimit",
            limitInput: "industry",
            pricing: [{ min: 1000, max: null, premium: 40 }],
          },
        ];
      }),
    );
    expect(issues).toEqual([
      { path: "additionalCovers[0].enabledBy", message: "Must name a yes/no rating input" },
      { path: "additionalCovers[0].limitInput", message: "Must name a number rating input" },
    ]);
  });

  it("refuses an excess option that would cost more than the standard excess", () => {
    const issues = issuesOf(
      withChanges((config) => Object.assign(config, { excessOptions: { standard: 1, "2x": 1.2 } })),
    );
    expect(issues).toEqual([{ path: "excessOptions.2x", message: "Must be at most 1" }]);
  });
});

describe("hostile configurations are refused with clear errors", () => {
  it("caps the number of bands, rules and fees", () => {
    const bands = Array.from({ length: 201 }, (_, index) => ({
      min: index,
      max: index === 200 ? null : index,
      multiplier: 1,
    }));
    const rules = Array.from({ length: 201 }, (_, index) => ({
      code: `R${index}`,
      description: "Rule",
      condition: "true",
    }));
    const issues = issuesOf(
      withChanges((config) => {
        Object.assign(config.factors as object, { turnover: bands });
        config.referralRules = rules;
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "factors.turnover", message: "At most 200 bands" },
        { path: "referralRules", message: "At most 200 referral rules" },
      ]),
    );
  });

  it("caps text lengths and condition lengths", () => {
    const issues = issuesOf(
      withChanges((config) => {
        config.fees = [{ code: "POLICY_FEE", label: "x".repeat(1_001), amount: 25 }];
        config.referralRules = [{ code: "LONG", description: "Long", condition: `true${" && true".repeat(300)}` }];
      }),
    );
    expect(issues).toEqual([
      { path: "fees[0].label", message: "Must be at most 1000 characters" },
      { path: "referralRules[0].condition", message: "Must be at most 2000 characters" },
    ]);
  });

  it("caps all conditions together, so a maximal configuration stays cheap to validate and rate", () => {
    const condition = Array.from({ length: 99 }, (_, index) => `turnover > ${index}`).join(" || ");
    const rules = Array.from({ length: 31 }, (_, index) => ({ code: `R${index}`, description: "Rule", condition }));
    const issues = issuesOf(withChanges((config) => Object.assign(config, { referralRules: rules })));
    expect(issues).toEqual([
      { path: "referralRules", message: "All conditions together must be at most 50000 characters (found 51739)" },
    ]);
  });

  it.each([
    ["Infinity", Number.POSITIVE_INFINITY],
    ["NaN", Number.NaN],
    ["a huge amount", 1e20],
  ])("refuses %s as the base rate", (_, baseRate) => {
    const issues = issuesOf(withChanges((config) => Object.assign(config, { baseRate })));
    expect(issues.map((issue) => issue.path)).toEqual(["baseRate"]);
  });

  it("treats constructor and toString as ordinary map keys, never as the prototype", () => {
    const json = JSON.parse(
      JSON.stringify(PI001_RATING_CONFIG).replace('"restaurant":1.1', '"constructor":3,"restaurant":1.1'),
    );
    const compiled = compileRatingConfig(json);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const rate = (industry: string) =>
      compiled.rater.rate({ ...defaultInput, industry }).trace.find((line) => line.name === "industry");
    expect(rate("constructor")?.multiplier).toBe(3);
    expect(rate("toString")?.matched).toBe('no key matched "toString"');
    expect(rate("__proto__")?.matched).toBe('no key matched "__proto__"');
  });

  it("refuses __proto__ as a key instead of silently losing it", () => {
    const json = JSON.parse(
      JSON.stringify(PI001_RATING_CONFIG).replace('"restaurant":1.1', '"__proto__":2,"restaurant":1.1'),
    );
    expect(issuesOf(json)).toEqual([{ path: "factors.industry.__proto__", message: '"__proto__" cannot be a key' }]);
  });

  it("refuses a hostile referral condition at validation", () => {
    const issues = issuesOf(
      withChanges((config) => {
        config.referralRules = [
          { code: "ESCAPE", description: "Escape", condition: 'industry.constructor.constructor("return process")()' },
          { code: "REDOS", description: "ReDoS", condition: 'industry.matches("(a+)+$")' },
          { code: "DEEP", description: "Deep", condition: `${"(".repeat(300)}true${")".repeat(300)}` },
        ];
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      "referralRules[0].condition",
      "referralRules[1].condition",
      "referralRules[2].condition",
    ]);
    expect(issues[1]?.message).toContain("the method .matches() is not allowed");
  });
});

const defaultInput = defaultRatingInput({ turnover: 500_000, industry: "technology" });

describe("cancellation terms", () => {
  it("are the documented D/C-PI defaults when a configuration leaves them out, so older versions read the same", () => {
    const shape = validateRatingConfigShape(withChanges(() => {}));
    expect(shape.ok && shape.config.cancellation).toEqual(DEFAULT_CANCELLATION);
    expect(shape.ok && shape.config.adjustments).toEqual({ waiverThreshold: 25 });
  });

  it("take a pro-rata basis, and refuse a scale whose months do not rise or whose shares fall", () => {
    const proRata = validateRatingConfigShape(
      withChanges((config) => {
        config.cancellation = { basis: "proRata", shortPeriodScale: [], minimumRetainedPremium: 0 };
      }),
    );
    expect(proRata.ok && proRata.config.cancellation.basis).toBe("proRata");
    expect(
      issuesOf(
        withChanges((config) => {
          config.cancellation = {
            basis: "monthly",
            shortPeriodScale: [
              { upToMonths: 2, retainedPercent: 30 },
              { upToMonths: 2, retainedPercent: 20 },
            ],
            minimumRetainedPremium: -1,
          };
        }),
      ),
    ).toEqual([
      { path: "cancellation.basis", message: "Must be one of proRata, shortPeriod" },
      { path: "cancellation.shortPeriodScale[1].upToMonths", message: "Must be more than the previous step's 2" },
      { path: "cancellation.shortPeriodScale[1].retainedPercent", message: "Must be at least the previous step's 30" },
      { path: "cancellation.minimumRetainedPremium", message: "Must be 0 or more" },
    ]);
  });
});
