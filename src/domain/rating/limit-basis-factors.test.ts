import { describe, expect, it } from "vitest";
import {
  DEFENCE_COSTS_LABELS,
  defenceCostsOf,
  LIMIT_BASIS_LABELS,
  limitBasisOf,
  limitTermsText,
} from "../format/limit-basis";
import { roundHalfUp } from "../money";
import { type CompiledRater, compileRatingConfig } from "./compile";
import { diffRatingConfigs } from "./config-diff";
import { DC_PI_RATING_CONFIG } from "./configs/dc-pi";
import { PI001_RATING_CONFIG } from "./configs/pi001";
import { defaultRatingInput } from "./input";
import { ratingTestCasesSchema } from "./test-cases";
import { ratingWorksheet } from "./worksheet";

function compileOrFail(config: unknown): CompiledRater {
  const result = compileRatingConfig(config);
  if (!result.ok) throw new Error(`configuration refused: ${JSON.stringify(result.issues)}`);
  return result.rater;
}

/** The D/C-PI configuration as a version published before the basis could be chosen holds it. */
function withoutBasisFactors(): Record<string, unknown> {
  const { limitBasisFactors: _basis, defenceCostsFactors: _costs, ...before } = DC_PI_RATING_CONFIG;
  return before;
}

const dcPi = compileOrFail(DC_PI_RATING_CONFIG);
const published = compileOrFail(withoutBasisFactors());

describe("limit basis and defence costs factors", () => {
  const aggregate = dcPi.rate(defaultRatingInput());

  it("rates the aggregate, inclusive default exactly as before, with no line of its own", () => {
    expect(published.rate(defaultRatingInput()).basePremium).toBe(aggregate.basePremium);
    expect(aggregate.trace.map((line) => line.kind)).not.toContain("limitBasis");
    expect(aggregate.trace.map((line) => line.kind)).not.toContain("defenceCosts");
  });

  it("multiplies the base by the each-and-every factor (1.25) and the defence-costs factor (1.15)", () => {
    const each = dcPi.rate(defaultRatingInput({ limitBasis: "EACH_AND_EVERY" }));
    expect(each.basePremium).toBe(roundHalfUp(aggregate.basePremium * 1.25));
    expect(each.trace).toContainEqual({
      kind: "limitBasis",
      name: "limitBasis",
      matched: "EACH_AND_EVERY",
      multiplier: 1.25,
    });
    const both = dcPi.rate(defaultRatingInput({ limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" }));
    expect(both.basePremium).toBe(roundHalfUp(roundHalfUp(aggregate.basePremium * 1.25) * 1.15));
    expect(both.totalPremium).toBeGreaterThan(each.totalPremium);
  });

  it("gives a version without the keys factor 1 for every choice, naming the choice in the trace", () => {
    const before = published.rate(defaultRatingInput({ limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" }));
    expect(before.basePremium).toBe(aggregate.basePremium);
    expect(before.trace.filter((line) => line.kind === "limitBasis" || line.kind === "defenceCosts")).toEqual([
      { kind: "limitBasis", name: "limitBasis", matched: "EACH_AND_EVERY", multiplier: 1 },
      { kind: "defenceCosts", name: "defenceCosts", matched: "IN_ADDITION", multiplier: 1 },
    ]);
    expect(published.config.limitBasisFactors).toEqual({ AGGREGATE: 1, EACH_AND_EVERY: 1 });
  });

  it("leaves PI001 (no factors configured) unchanged", () => {
    const pi001 = compileOrFail(PI001_RATING_CONFIG);
    const input = defaultRatingInput({ industry: "technology" });
    expect(pi001.rate({ ...input, limitBasis: "EACH_AND_EVERY" }).totalPremium).toBe(pi001.rate(input).totalPremium);
  });

  it("refuses a factor of 0, an aggregate factor other than 1 and an unknown basis", () => {
    for (const bad of [
      { limitBasisFactors: { AGGREGATE: 1, EACH_AND_EVERY: 0 } },
      { limitBasisFactors: { AGGREGATE: 1.1, EACH_AND_EVERY: 1.2 } },
      { defenceCostsFactors: { INCLUSIVE: 1, IN_ADDITION: 1.1, EXTRA: 2 } },
    ]) {
      expect(compileRatingConfig({ ...DC_PI_RATING_CONFIG, ...bad }).ok).toBe(false);
    }
  });

  it("shows each factor on the worksheet in the product's words", () => {
    const both = dcPi.rate(defaultRatingInput({ limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" }));
    const rows = ratingWorksheet(both.trace);
    expect(rows).toContainEqual(
      expect.objectContaining({ label: "Limit basis", detail: "Each and every claim", value: "×1.25" }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ label: "Defence costs", detail: "Defence costs in addition to the limit" }),
    );
  });

  it("names the new keys in the configuration diff", () => {
    const changes = diffRatingConfigs(withoutBasisFactors(), { ...DC_PI_RATING_CONFIG });
    expect(changes.map((change) => change.path)).toEqual(
      expect.arrayContaining([
        "Limit basis factors › Each and every claim",
        "Defence costs factors › Defence costs in addition to the limit",
      ]),
    );
  });

  it("lets a test case set the basis and reads an older case as aggregate and inclusive", () => {
    const input = defaultRatingInput({ limitBasis: "EACH_AND_EVERY" });
    const { limitBasis: _basis, defenceCosts: _costs, ...older } = defaultRatingInput();
    const parsed = ratingTestCasesSchema.parse([
      { name: "each and every", input, expectedTotal: "1.00" },
      { name: "older", input: older, expectedTotal: "1.00" },
    ]);
    expect(parsed.map((testCase) => testCase.input.limitBasis)).toEqual(["EACH_AND_EVERY", "AGGREGATE"]);
    expect(parsed[1]?.input.defenceCosts).toBe("INCLUSIVE");
    const bad = ratingTestCasesSchema.safeParse([
      { name: "bad", input: { ...input, limitBasis: "PER_YEAR" }, expectedTotal: "1.00" },
    ]);
    expect(bad.success).toBe(false);
  });
});

describe("limit basis and defence costs in words", () => {
  it("prints the limit's terms on the documents", () => {
    expect(limitTermsText("AGGREGATE", "INCLUSIVE")).toBe("in the aggregate, including defence costs");
    expect(limitTermsText("EACH_AND_EVERY", "IN_ADDITION")).toBe("each and every claim, defence costs in addition");
  });

  it("labels each choice once and reads unknown stored values as the defaults", () => {
    expect(LIMIT_BASIS_LABELS.EACH_AND_EVERY).toBe("Each and every claim");
    expect(DEFENCE_COSTS_LABELS.IN_ADDITION).toBe("Defence costs in addition to the limit");
    expect(limitBasisOf("nonsense")).toBe("AGGREGATE");
    expect(defenceCostsOf(null)).toBe("INCLUSIVE");
  });
});
