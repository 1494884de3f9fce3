import type { RatingTestCase } from "@domain/rating/test-cases";

// The cases as the editor holds them, apart from their checks and runs (test-cases.ts, fetched with the engine),
// so the editor opens with its cases without zod or the engine.

/** A test case as the editor holds it while the administrator types: the input as JSON text, referrals as a list. */
export interface TestCaseDraft {
  /** Stable React key; not saved. */
  key: string;
  name: string;
  expectedTotal: string;
  /** Referral codes separated by commas or spaces. */
  expectedReferrals: string;
  /** Clause codes the rating should attach, separated by commas or spaces. */
  expectedEndorsements: string;
  inputText: string;
  /** The optional cancellation check: whole months of cover, and the total expected back; both blank for none. */
  cancelAfterMonths: string;
  expectedReturn: string;
}

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `case-${nextKey}`;
}

export function toTestCaseDraft(testCase: RatingTestCase): TestCaseDraft {
  return {
    key: newKey(),
    name: testCase.name,
    expectedTotal: testCase.expectedTotal,
    expectedReferrals: testCase.expectedReferrals.join(", "),
    expectedEndorsements: (testCase.expectedEndorsements ?? []).join(", "),
    inputText: JSON.stringify(testCase.input, null, 2),
    cancelAfterMonths: testCase.cancellation ? String(testCase.cancellation.afterMonths) : "",
    expectedReturn: testCase.cancellation?.expectedReturn ?? "",
  };
}

/** A problem with one case, worded for the list under the cases: "Case 2 (Large contractor): ...". */
export interface TestCaseProblem {
  index: number;
  message: string;
}
