import { compileRatingConfig } from "@domain/rating/compile";
import { parseRatingConfigText } from "@domain/rating/config-schema";
import {
  type RatingTestCase,
  ratingTestCasesSchema,
  runTestCases,
  type TestCaseResult,
} from "@domain/rating/test-cases";
import type { TestCaseDraft, TestCaseProblem } from "./test-case-drafts";

export { type TestCaseDraft, type TestCaseProblem, toTestCaseDraft } from "./test-case-drafts";

export type TestCasesCheck = { ok: true; cases: RatingTestCase[] } | { ok: false; problems: TestCaseProblem[] };

function caseLabel(index: number, name: string): string {
  return name.trim() ? `Case ${index + 1} (${name.trim()})` : `Case ${index + 1}`;
}

/** Codes typed one after another, separated by commas, spaces or new lines. */
function codeList(text: string): string[] {
  return text.split(/[\s,]+/).filter((code) => code !== "");
}

/**
 * The drafts as the server will check them: each input must be JSON, then every case must pass the domain's
 * schema (the same one the server's 400 comes from); each problem names the case and the field.
 */
export function checkTestCaseDrafts(drafts: readonly TestCaseDraft[]): TestCasesCheck {
  const problems: TestCaseProblem[] = [];
  const candidates = drafts.map((draft, index) => {
    let input: unknown = null;
    try {
      input = JSON.parse(draft.inputText);
    } catch {
      problems.push({ index, message: `${caseLabel(index, draft.name)}: the rating input is not valid JSON` });
    }
    return {
      name: draft.name,
      input,
      expectedTotal: draft.expectedTotal.trim(),
      expectedReferrals: codeList(draft.expectedReferrals),
      expectedEndorsements: codeList(draft.expectedEndorsements),
      // A check half filled in is sent as it is, so the schema names the half that is missing.
      ...(draft.cancelAfterMonths.trim() === "" && draft.expectedReturn.trim() === ""
        ? {}
        : {
            cancellation: {
              afterMonths: draft.cancelAfterMonths.trim() === "" ? undefined : Number(draft.cancelAfterMonths),
              expectedReturn: draft.expectedReturn.trim() === "" ? undefined : draft.expectedReturn.trim(),
            },
          }),
    };
  });
  if (problems.length > 0) return { ok: false, problems };
  const parsed = ratingTestCasesSchema.safeParse(candidates);
  if (parsed.success) return { ok: true, cases: parsed.data };
  for (const issue of parsed.error.issues) {
    const [index, ...rest] = issue.path;
    const position = typeof index === "number" ? index : 0;
    const field = rest.length > 0 ? `${rest.join(".")}: ` : "";
    problems.push({
      index: position,
      message: `${caseLabel(position, drafts[position]?.name ?? "")}: ${field}${issue.message}`,
    });
  }
  return { ok: false, problems };
}

export type TestCasesRun =
  | { kind: "no-cases" }
  | { kind: "invalid-cases"; problems: TestCaseProblem[] }
  | { kind: "invalid-config" }
  | { kind: "ran"; results: TestCaseResult[] };

/** Runs the cases with the real engine on the configuration text, in the browser, as publishing will. */
export function runTestCaseDrafts(configText: string, drafts: readonly TestCaseDraft[]): TestCasesRun {
  if (drafts.length === 0) return { kind: "no-cases" };
  const checked = checkTestCaseDrafts(drafts);
  if (!checked.ok) return { kind: "invalid-cases", problems: checked.problems };
  const parsed = parseRatingConfigText(configText);
  if (!parsed.ok) return { kind: "invalid-config" };
  const compiled = compileRatingConfig(parsed.json);
  if (!compiled.ok) return { kind: "invalid-config" };
  return { kind: "ran", results: runTestCases(compiled.rater, checked.cases) };
}
