/**
 * A rating version's test cases (docs/product/rating.md "Test cases"): named rating inputs with the total premium and
 * referral codes the administrator expects. They are saved with the version, run in the editor on Validate and
 * Test Rating, and run again by the server on publish, which refuses while any of them fails.
 */
import { z } from "zod";
import {
  DEFAULT_DEFENCE_COSTS,
  DEFAULT_LIMIT_BASIS,
  DEFENCE_COSTS_BASES,
  DEFENCE_COSTS_MESSAGE,
  LIMIT_BASES,
  LIMIT_BASIS_MESSAGE,
} from "../format/limit-basis";
import { parseMoneyString, penceToMoneyString } from "../money";
import { cancellationExample } from "../quote/cancellation";
import type { CompiledRater } from "./compile";
import { EXCESS_OPTIONS } from "./config-schema";
import { defaultRatingInput, RATING_INPUT_FIELD_NAMES, RATING_INPUT_FIELDS, type RatingInput } from "./input";

/**
 * Inputs the engine gained after versions were published with test cases: a stored case without them reads as
 * every quote of its time did (unlimited retroactive cover), so a published version's cases run unchanged.
 */
const LATER_FIELDS = new Set(["priorActsUnlimited", "priorActsYears"]);
const LATER_DEFAULTS = defaultRatingInput() as Record<string, unknown>;

/** Enough to cover a product's reference risks and edge bands; a long list belongs in the impact analysis. */
export const MAX_TEST_CASES = 100;
export const MAX_TEST_CASE_NAME = 100;

function fieldSchema(name: string, type: "number" | "boolean" | "string"): z.ZodType {
  if (name === "excessOption") return z.enum(EXCESS_OPTIONS, `Must be one of ${EXCESS_OPTIONS.join(", ")}`);
  // Cases saved before the limit basis and defence costs could be chosen rate as every quote then did.
  if (name === "limitBasis") return z.enum(LIMIT_BASES, LIMIT_BASIS_MESSAGE).default(DEFAULT_LIMIT_BASIS);
  if (name === "defenceCosts") return z.enum(DEFENCE_COSTS_BASES, DEFENCE_COSTS_MESSAGE).default(DEFAULT_DEFENCE_COSTS);
  if (type === "number") {
    return z.number("Must be a number").min(0, "Must be 0 or more").max(1e12, "Must be at most 1,000,000,000,000");
  }
  if (type === "boolean") return z.boolean("Must be true or false");
  return z.string("Must be text").max(100, "Must be at most 100 characters");
}

/**
 * The engine's input as a schema: every field of RATING_INPUT_FIELDS, of its type, and nothing else, so a case
 * rates exactly what a stored quote would.
 */
export const ratingInputSchema = z.strictObject(
  Object.fromEntries(
    RATING_INPUT_FIELD_NAMES.map((name) => {
      const field = fieldSchema(name, RATING_INPUT_FIELDS[name]);
      return [name, LATER_FIELDS.has(name) ? field.default(LATER_DEFAULTS[name]) : field];
    }),
  ),
  "The rating input must be an object with every rating input field",
) as unknown as z.ZodType<RatingInput>;

const referralCodeSchema = z.string().trim().min(1, "A referral code must not be empty").max(100);

const EXPECTED_RETURN_MESSAGE = "Expected return must be an amount in pounds with at most two decimals, e.g. 560.00";

export const ratingTestCaseSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Test case name is required")
    .max(MAX_TEST_CASE_NAME, `Test case name must be at most ${MAX_TEST_CASE_NAME} characters`),
  input: ratingInputSchema,
  /** The total premium (after fees and tax) in pounds, as the API writes money: "1234.56". */
  expectedTotal: z.string().refine((text) => parseMoneyString(text) !== null && (parseMoneyString(text) ?? -1) >= 0, {
    message: "Expected total must be an amount in pounds with at most two decimals, e.g. 903.20",
  }),
  expectedReferrals: z.array(referralCodeSchema).max(100).default([]),
  /** The endorsement library's clauses the rating attaches, by code: checked as the referral codes are. */
  expectedEndorsements: z.array(referralCodeSchema).max(100).optional(),
  /**
   * Optionally, what cancelling this risk's premium after whole months of cover returns under the version's
   * cancellation terms (the total returned with IPT, in pounds): a check of the terms, as the total is of the rates.
   */
  cancellation: z
    .strictObject({
      afterMonths: z
        .number("Months must be a whole number from 0 to 12")
        .int("Months must be a whole number from 0 to 12")
        .min(0, "Months must be a whole number from 0 to 12")
        .max(12, "Months must be a whole number from 0 to 12"),
      expectedReturn: z.string(EXPECTED_RETURN_MESSAGE).refine((text) => (parseMoneyString(text) ?? -1) >= 0, {
        message: EXPECTED_RETURN_MESSAGE,
      }),
    })
    .optional(),
});
export type RatingTestCase = z.output<typeof ratingTestCaseSchema>;

export const ratingTestCasesSchema = z
  .array(ratingTestCaseSchema)
  .max(MAX_TEST_CASES, `At most ${MAX_TEST_CASES} test cases`)
  .superRefine((cases, ctx) => {
    // A failing case is named in the publish refusal, so each name must point at one case.
    const seen = new Set<string>();
    cases.forEach((testCase, index) => {
      if (seen.has(testCase.name)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `Another test case is named "${testCase.name}"`,
        });
      }
      seen.add(testCase.name);
    });
  });

export interface TestCaseResult {
  name: string;
  passed: boolean;
  /** Money strings ("903.20"); difference is actual minus expected. */
  expectedTotal: string;
  actualTotal: string;
  difference: string;
  /** Sorted referral codes. */
  expectedReferrals: string[];
  actualReferrals: string[];
  /** Sorted clause codes. */
  expectedEndorsements: string[];
  actualEndorsements: string[];
  /** The cancellation check, when the case has one: money strings, as the totals. */
  cancellation?: { afterMonths: number; expectedReturn: string; actualReturn: string };
}

function sortedCodes(codes: readonly string[]): string[] {
  return [...new Set(codes)].sort();
}

function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code, index) => code === b[index]);
}

/**
 * Rates every case with the compiled configuration. A case passes when the total premium matches to the penny
 * and the referral codes raised are exactly those expected (in any order).
 */
export function runTestCases(rater: CompiledRater, cases: readonly RatingTestCase[]): TestCaseResult[] {
  return cases.map((testCase) => {
    const result = rater.rate(testCase.input);
    const expectedPence = parseMoneyString(testCase.expectedTotal) ?? 0;
    const expectedReferrals = sortedCodes(testCase.expectedReferrals);
    const actualReferrals = sortedCodes(result.referralHits.map((hit) => hit.code));
    const sameReferrals = sameCodes(expectedReferrals, actualReferrals);
    const expectedEndorsements = sortedCodes(testCase.expectedEndorsements ?? []);
    const actualEndorsements = sortedCodes(result.endorsements);
    const cancellation = testCase.cancellation
      ? {
          afterMonths: testCase.cancellation.afterMonths,
          expected: parseMoneyString(testCase.cancellation.expectedReturn) ?? 0,
          actual: cancellationExample(
            rater.config.cancellation,
            rater.config.taxesPct,
            { basePremium: result.basePremium, fees: result.subtotal - result.basePremium, taxes: result.taxes },
            testCase.cancellation.afterMonths,
          ).returnTotal,
        }
      : null;
    return {
      name: testCase.name,
      passed:
        result.totalPremium === expectedPence &&
        sameReferrals &&
        sameCodes(expectedEndorsements, actualEndorsements) &&
        (cancellation === null || cancellation.actual === cancellation.expected),
      expectedTotal: penceToMoneyString(expectedPence),
      actualTotal: penceToMoneyString(result.totalPremium),
      difference: penceToMoneyString(result.totalPremium - expectedPence),
      expectedReferrals,
      actualReferrals,
      expectedEndorsements,
      actualEndorsements,
      ...(cancellation
        ? {
            cancellation: {
              afterMonths: cancellation.afterMonths,
              expectedReturn: penceToMoneyString(cancellation.expected),
              actualReturn: penceToMoneyString(cancellation.actual),
            },
          }
        : {}),
    };
  });
}

/** The publish refusal's message, naming each failing case; null when every case passes. */
export function failingTestCasesMessage(results: readonly TestCaseResult[]): string | null {
  const failing = results.filter((result) => !result.passed).map((result) => result.name);
  return failing.length === 0 ? null : `Test cases fail: ${failing.join(", ")}`;
}
