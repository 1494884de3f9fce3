import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileCondition, conditionEnvironment } from "./condition";
import { defaultRatingInput, type RatingInput } from "./input";

const input = defaultRatingInput({
  turnover: 2_500_000,
  sumInsured: 2_000_000,
  claimsLast3Yrs: 3,
  industry: "construction",
  hasClaims: true,
});

function evaluate(text: string, on: RatingInput = input): boolean {
  const compiled = compileCondition(text);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.evaluate(on);
}

function refusal(text: string): string {
  const compiled = compileCondition(text);
  if (compiled.ok) throw new Error(`expected "${text}" to be refused`);
  return compiled.message;
}

describe("referral conditions: the accepted language", () => {
  it.each([
    ["sumInsured > 2000000", false],
    ["sumInsured >= 2000000", true],
    ["turnover > 2000000", true],
    ["claimsLast3Yrs == 3", true],
    ["claimsLast3Yrs != 3", false],
    ["3 == claimsLast3Yrs", true],
    ["claimsLast3Yrs > 2.5", true],
    ["turnover * 2 > 4000000", true],
    ["2 * turnover - 1 > 4999998", true],
    ["turnover / 2 == 1250000", true],
    ["-claimsLast3Yrs < 0", true],
    ['industry == "construction" && hasClaims', true],
    ['industry != "construction" || !hasClaims', false],
    ['industry in ["construction", "technology"]', true],
    ["claimsLast3Yrs in [1, 2, 3]", true],
    ["claimsLast3Yrs in [1.5, 2.5]", false],
    ['industry.startsWith("con") && industry.endsWith("tion") && industry.contains("struct")', true],
    ["size(industry) == 12 && industry.size() > 11", true],
    ['industry + "!" == "construction!"', true],
    ["claimsLast3Yrs > 2 ? hasClaims : false", true],
    ["7 / 2 == 3 && 7 % 2 == 1", true],
    ["true", true],
  ])("%s is %s", (text, expected) => {
    expect(evaluate(text)).toBe(expected);
  });

  it("refuses an unknown field, naming it", () => {
    expect(refusal("sumInsure > 1")).toBe("Does not type-check: Unknown variable: sumInsure");
  });

  it("refuses a field used with the wrong type", () => {
    expect(refusal('turnover == "big"')).toMatch(/^Does not type-check: /);
    expect(refusal("industry > 5")).toMatch(/^Does not type-check: /);
    expect(refusal("hasClaims + 1 > 0")).toMatch(/^Does not type-check: /);
  });

  it("refuses an expression that is not yes/no", () => {
    expect(refusal("turnover * 2")).toBe("Must be a yes/no (bool) expression, but it gives double");
    expect(refusal("industry")).toBe("Must be a yes/no (bool) expression, but it gives string");
  });

  it("refuses text that does not parse", () => {
    expect(refusal("turnover >")).toMatch(/^Does not parse: /);
    expect(refusal("turnover > 1 &&& true")).toMatch(/^Does not parse: /);
    expect(refusal("")).toMatch(/^Does not parse: /);
  });

  it("refuses a condition that fails on constants alone when it is compiled, not when rating", () => {
    expect(refusal("turnover > 1 / 0")).toBe("Always fails when evaluated: division by zero");
    expect(refusal("turnover > 9223372036854775807 + 1")).toBe("Always fails when evaluated: integer overflow");
  });

  it("throws at evaluation for an input-dependent error, unless || or && decide without it (CEL semantics)", () => {
    const failing = compileCondition("10 / (size(industry) - 12) > 0");
    expect(failing.ok && (() => failing.evaluate(input))).toThrow("division by zero");
    expect(evaluate("10 / (size(industry) - 12) > 0 || hasClaims")).toBe(true);
    expect(evaluate("hasClaims || 10 / (size(industry) - 12) > 0")).toBe(true);
    expect(evaluate("10 / (size(industry) - 12) > 0 && false")).toBe(false);
  });
});

describe("referral conditions: hostile text is refused at validation or harmless", () => {
  it.each([
    "industry.constructor",
    'industry.constructor.constructor("return process")()',
    "__proto__",
    "industry.__proto__",
    "constructor",
    "globalThis",
    "this",
    "process.exit(1)",
    "prototype",
    'industry["constructor"] == "x"',
    "toString()",
  ])("refuses %s", (text) => {
    refusal(text);
  });

  it.each([
    ['industry.matches("(a+)+$")', "the method .matches() is not allowed"],
    ["[1, 2, 3].map(x, x * 2).size() > 0", "the method .map() is not allowed"],
    ['["a"].exists(x, x == industry)', "the method .exists() is not allowed"],
    ["[1, 2, 3].all(x, x > 0)", "the method .all() is not allowed"],
    ["cel.bind(x, turnover, x > 5.0)", "is not allowed"],
    ['{"a": 1}["a"] == 1', "Exceeded maxMapEntries"],
    ["[1, 2][0] == 1", "is not allowed"],
    [
      'timestamp("2024-01-01T00:00:00Z") < timestamp("2025-01-01T00:00:00Z")',
      "the function timestamp() is not allowed",
    ],
    ["int(turnover) > 5", "the function int() is not allowed"],
    ["has(industry.x)", "is not allowed"],
    ['b"abc" == b"abc"', "is not allowed"],
    ["null == null", "is not allowed"],
    ["claimsLast3Yrs in [claimsLast3Yrs]", "the list after `in` may hold literals only"],
  ])("refuses %s (unbounded work, ReDoS or no use in a rule)", (text, message) => {
    expect(refusal(text)).toContain(message);
  });

  it("refuses deep nesting before it can hurt the parser or the compiler", () => {
    expect(refusal(`${"(".repeat(500)}true${")".repeat(500)}`)).toMatch(/maxDepth/);
    expect(refusal(`${"!".repeat(1_000)}true`)).toMatch(/^Does not parse: /);
  });

  it("refuses huge expressions", () => {
    const huge = Array.from({ length: 300 }, (_, index) => `turnover > ${index}`).join(" || ");
    expect(refusal(huge)).toMatch(/maxAstNodes/);
    const longList = `claimsLast3Yrs in [${Array.from({ length: 150 }, (_, index) => index).join(", ")}]`;
    expect(refusal(longList)).toMatch(/^Does not parse: /);
  });

  it("keeps string building bounded by the text itself (no repetition or comprehension exists)", () => {
    const chunk = `"${"x".repeat(80)}"`;
    const text = `industry + ${Array.from({ length: 20 }, () => chunk).join(" + ")} == industry`;
    expect(evaluate(text)).toBe(false);
  });

  it("never touches the prototype chain when a field looks like one", () => {
    const odd = { ...input, industry: "__proto__" };
    expect(evaluate('industry == "__proto__"', odd)).toBe(true);
    expect(evaluate('industry in ["constructor", "toString"]', { ...input, industry: "toString" })).toBe(true);
  });
});

// --- The closures must agree with cel-js's own evaluator on every expression both accept. ---

const numberFields = ["turnover", "sumInsured", "claimsLast3Yrs", "coverLimit"] as const;
const boolFields = ["hasClaims", "hasExports", "isAllTurnoverUK", "hasMaterialFacts"] as const;

const numericExpression: fc.Arbitrary<string> = fc.letrec<{ num: string }>((tie) => ({
  num: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...numberFields),
    fc.integer({ min: -5, max: 3_000_000 }).map(String),
    fc.constant("size(industry)"),
    fc.double({ min: -10, max: 3_000_000, noNaN: true }).map((value) => {
      const text = String(value);
      return text.includes(".") || text.includes("e") ? text : `${text}.0`;
    }),
    fc
      .tuple(tie("num"), fc.constantFrom("+", "-", "*", "/", "%"), tie("num"))
      .map(([left, op, right]) => `(${left} ${op} ${right})`),
  ),
})).num;

const booleanExpression: fc.Arbitrary<string> = fc.letrec<{ bool: string }>((tie) => ({
  bool: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...boolFields),
    fc
      .tuple(numericExpression, fc.constantFrom("<", "<=", ">", ">=", "==", "!="), numericExpression)
      .map(([left, op, right]) => `${left} ${op} ${right}`),
    fc.constantFrom(
      'industry == "construction"',
      'industry in ["technology", "construction"]',
      'industry.startsWith("tech")',
      'industry + "x" > "d"',
    ),
    tie("bool").map((inner) => `!(${inner})`),
    fc
      .tuple(tie("bool"), fc.constantFrom("&&", "||"), tie("bool"))
      .map(([left, op, right]) => `(${left} ${op} ${right})`),
    fc.tuple(tie("bool"), tie("bool"), tie("bool")).map(([c, t, f]) => `(${c} ? ${t} : ${f})`),
  ),
})).bool;

const ratingInput = fc
  .record({
    turnover: fc.integer({ min: 0, max: 3_000_000 }),
    sumInsured: fc.constantFrom(250_000, 1_000_000, 2_000_000, 5_000_000),
    claimsLast3Yrs: fc.integer({ min: 0, max: 5 }),
    coverLimit: fc.double({ min: 0, max: 5_000_000, noNaN: true }),
    hasClaims: fc.boolean(),
    hasExports: fc.boolean(),
    isAllTurnoverUK: fc.boolean(),
    hasMaterialFacts: fc.boolean(),
    industry: fc.constantFrom("construction", "technology", "restaurant"),
  })
  .map((fields) => defaultRatingInput(fields));

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch {
    return "error";
  }
}

describe("compiled conditions agree with cel-js's evaluator", () => {
  it("gives the same answer (or the same failure) for random well-typed conditions and inputs", () => {
    const env = conditionEnvironment();
    fc.assert(
      fc.property(booleanExpression, ratingInput, (text, on) => {
        const compiled = compileCondition(text);
        const reference = outcome(() => env.evaluate(text, on));
        if (!compiled.ok) {
          // Refused only for CEL's own reasons (types such as double % int, limits) or a constant failure.
          expect(compiled.message).toMatch(
            /^Always fails when evaluated|^Does not type-check: |^Does not parse: .*max/,
          );
          return;
        }
        expect(outcome(() => compiled.evaluate(on))).toEqual(reference);
      }),
      { numRuns: 2_000 },
    );
  });
});
