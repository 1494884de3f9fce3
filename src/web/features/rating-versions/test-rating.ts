import { compileRatingConfig, type RatingResult } from "@domain/rating/compile";
import { parseRatingConfigText, type RatingConfigIssue } from "@domain/rating/config-schema";
import { type TestRatingRisk, testRatingInput } from "@domain/rating/version";

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

export type TestRatingOutcome =
  | { kind: "invalid-json" }
  | { kind: "invalid-config"; issues: RatingConfigIssue[] }
  | { kind: "rated"; result: RatingResult; highSumInsured: boolean };

/** Test Rating: the real engine (the one the server's /rate uses) on the test risk, in the browser. */
export function runTestRating(text: string, risk: TestRatingRisk): TestRatingOutcome {
  const parsed = parseRatingConfigText(text);
  if (!parsed.ok) return { kind: "invalid-json" };
  const compiled = compileRatingConfig(parsed.json);
  if (!compiled.ok) return { kind: "invalid-config", issues: compiled.issues };
  const result = compiled.rater.rate(testRatingInput(risk));
  return { kind: "rated", result, highSumInsured: risk.sumInsured > HIGH_SUM_INSURED_THRESHOLD };
}
