import { CANCELLATION_EXAMPLE_MONTHS, cancellationBasisInWords, cancellationExample } from "@domain/quote/cancellation";
import { compileRatingConfig, type RatingResult } from "@domain/rating/compile";
import { parseRatingConfigText, type RatingConfig, type RatingConfigIssue } from "@domain/rating/config-schema";
import { TEST_RISK_DEFAULTS, type TestRatingRisk, testRatingInput, testRatingRiskSchema } from "@domain/rating/version";

/** docs/product/rating.md: the local test flags a sum insured over 2,000,000 whatever the configuration's rules say. */
export const HIGH_SUM_INSURED_THRESHOLD = 2_000_000;

export type ConfigCheck =
  | { kind: "invalid-json" }
  | { kind: "invalid-config"; issues: RatingConfigIssue[] }
  | { kind: "valid"; json: Record<string, unknown> };

/**
 * Validate: the text must be JSON with version, productCode and baseRate (else docs/product/errors.md's
 * 'Validation Error - Invalid JSON configuration'), then the whole configuration must compile, every
 * problem reported with its JSON path. The same compile the server runs when the version is saved.
 */
export function checkRatingConfigText(text: string): ConfigCheck {
  const parsed = parseRatingConfigText(text);
  if (!parsed.ok) return { kind: "invalid-json" };
  const compiled = compileRatingConfig(parsed.json);
  if (!compiled.ok) return { kind: "invalid-config", issues: compiled.issues };
  return { kind: "valid", json: parsed.json };
}

/** A cancellation's return at a point in the year, worked out with the engine, for Test Results to show. */
export interface CancellationExample {
  afterMonths: number;
  basis: string;
  /** Pence. */
  retainedPremium: number;
  returnTotal: number;
}

export type TestRatingOutcome =
  | { kind: "invalid-json" }
  | { kind: "invalid-config"; issues: RatingConfigIssue[] }
  | {
      kind: "rated";
      result: RatingResult;
      highSumInsured: boolean;
      /** What cancelling the test risk's premium would return, at each example point in the year. */
      cancellations: CancellationExample[];
      /** Pounds: an adjustment's additional or return premium under this is waived. */
      waiverThreshold: number;
    };

/** Test Rating: the real engine (the one the server's /rate uses) on the test risk, in the browser. */
export function runTestRating(text: string, risk: TestRatingRisk): TestRatingOutcome {
  const parsed = parseRatingConfigText(text);
  if (!parsed.ok) return { kind: "invalid-json" };
  const compiled = compileRatingConfig(parsed.json);
  if (!compiled.ok) return { kind: "invalid-config", issues: compiled.issues };
  const result = compiled.rater.rate(testRatingInput(risk));
  const { config } = compiled.rater;
  const premium = { basePremium: result.basePremium, fees: result.subtotal - result.basePremium, taxes: result.taxes };
  return {
    kind: "rated",
    result,
    highSumInsured: risk.sumInsured > HIGH_SUM_INSURED_THRESHOLD,
    cancellations: CANCELLATION_EXAMPLE_MONTHS.map((afterMonths) => {
      const figures = cancellationExample(config.cancellation, config.taxesPct, premium, afterMonths);
      return {
        afterMonths,
        basis: cancellationBasisInWords(figures),
        retainedPremium: figures.retainedPremium,
        returnTotal: figures.returnTotal,
      };
    }),
    waiverThreshold: config.adjustments.waiverThreshold,
  };
}

/** The configuration, read from the editor's text for its summary; null while the text does not compile. */
export function readRatingConfig(text: string): RatingConfig | null {
  const parsed = parseRatingConfigText(text);
  if (!parsed.ok) return null;
  const compiled = compileRatingConfig(parsed.json);
  return compiled.ok ? compiled.rater.config : null;
}

export type TestRiskCheck = { ok: true; risk: TestRatingRisk } | { ok: false; message: string };

/** The test risk as Test Rating reads it: a box that does not hold a number is named in the message. */
export function checkTestRisk(risk: TestRatingRisk): TestRiskCheck {
  const checked = testRatingRiskSchema.safeParse(risk);
  if (checked.success) return { ok: true, risk: checked.data };
  const [issue] = checked.error.issues;
  const field = issue?.path.join(".") ?? "";
  return {
    ok: false,
    message: issue?.code === "invalid_type" ? `Enter a number for ${field}` : (issue?.message ?? ""),
  };
}

/** The test risk as it stands, or the defaults when a box does not hold a number. */
export function testRiskOrDefaults(risk: TestRatingRisk): TestRatingRisk {
  const checked = checkTestRisk(risk);
  return checked.ok ? checked.risk : { ...TEST_RISK_DEFAULTS };
}
