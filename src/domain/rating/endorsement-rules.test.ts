import { describe, expect, it } from "vitest";
import { type CompiledRater, compileRatingConfig } from "./compile";
import { diffRatingConfigs } from "./config-diff";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";
import { defaultRatingInput } from "./input";
import { runTestCases } from "./test-cases";

const WITH_CLAUSES = {
  ...DC_PI_RATING_CONFIG,
  endorsementRules: [
    { clause: "ASB-EXCL", condition: "asbestosOrEnvironmentalWork" },
    { clause: "FFP-EXCL", condition: "turnover > 1000000" },
  ],
};

function compiled(config: unknown): CompiledRater {
  const result = compileRatingConfig(config);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.rater;
}

describe("clauses a rating attaches", () => {
  const rater = compiled(WITH_CLAUSES);

  it("attaches each clause whose condition holds, in the configuration's order, with a worksheet line", () => {
    const both = rater.rate(defaultRatingInput({ turnover: 1_500_000, asbestosOrEnvironmentalWork: true }));
    expect(both.endorsements).toEqual(["ASB-EXCL", "FFP-EXCL"]);
    expect(both.trace.filter((line) => line.kind === "endorsement")).toEqual([
      { kind: "endorsement", name: "ASB-EXCL", matched: "attached by the rating", multiplier: 1 },
      { kind: "endorsement", name: "FFP-EXCL", matched: "attached by the rating", multiplier: 1 },
    ]);
    expect(rater.rate(defaultRatingInput({ turnover: 400_000 })).endorsements).toEqual([]);
  });

  it("never changes the premium: a clause is a term, not a price", () => {
    const input = defaultRatingInput({ turnover: 1_500_000, asbestosOrEnvironmentalWork: true });
    expect(rater.rate(input).totalPremium).toBe(compiled(DC_PI_RATING_CONFIG).rate(input).totalPremium);
  });

  it("refuses at save a condition that does not type-check, a malformed code and a clause named twice, with paths", () => {
    const result = compileRatingConfig({
      ...DC_PI_RATING_CONFIG,
      endorsementRules: [
        { clause: "ASB-EXCL", condition: "turnover > 'large'" },
        { clause: "asb excl", condition: "hasClaims" },
        { clause: "ASB-EXCL", condition: "hasClaims" },
      ],
    });
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([
        "endorsementRules[0].condition",
        "endorsementRules[1].clause",
        "endorsementRules[2].clause",
      ]),
    );
    expect(issues.find((issue) => issue.path === "endorsementRules[0].condition")?.message).toMatch(
      /^Clause ASB-EXCL: /,
    );
  });

  it("holds test cases to the clauses they expect", () => {
    const input = defaultRatingInput({ turnover: 400_000, asbestosOrEnvironmentalWork: true });
    const total = (rater.rate(input).totalPremium / 100).toFixed(2);
    const [missing, stated] = runTestCases(rater, [
      {
        name: "No clause stated",
        input,
        expectedTotal: total,
        expectedReferrals: rater.rate(input).referralHits.map((hit) => hit.code),
      },
      {
        name: "Asbestos clause stated",
        input,
        expectedTotal: total,
        expectedReferrals: rater.rate(input).referralHits.map((hit) => hit.code),
        expectedEndorsements: ["ASB-EXCL"],
      },
    ]);
    expect(missing).toMatchObject({ passed: false, expectedEndorsements: [], actualEndorsements: ["ASB-EXCL"] });
    expect(stated).toMatchObject({ passed: true, actualEndorsements: ["ASB-EXCL"] });
  });

  it("names each clause's rule in the comparison with the published version", () => {
    const changes = diffRatingConfigs(DC_PI_RATING_CONFIG, WITH_CLAUSES);
    expect(changes.map((change) => change.path)).toEqual(
      expect.arrayContaining(["Endorsement rules › ASB-EXCL › Condition", "Endorsement rules › FFP-EXCL › Condition"]),
    );
  });
});
