import { penceToMoneyString } from "@domain/money";
import type { TestCaseResult } from "@domain/rating/test-cases";
import type { TestRatingRisk } from "@domain/rating/test-risk";
import type { CreateRatingVersionRequest } from "@domain/rating/version";
import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { useState } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { getTestCaseFromQuote } from "../api/get-test-case-from-quote";
import type { EditorValues } from "../editor-form";
import { editorEngine } from "../lib/editor-engine-code";
import { type TestCaseDraft, type TestCaseProblem, toTestCaseDraft } from "../test-case-drafts";

/**
 * The version's test cases: edited in the form, run with the real engine on the configuration in the editor
 * (Validate, Test Rating and a refused publication do), added from the test risk or from a stored quote.
 */
export function useTestCases({
  form,
  onEdit,
}: {
  form: UseFormReturn<EditorValues, unknown, CreateRatingVersionRequest>;
  /** Any change to the version: what was said about it before no longer holds. */
  onEdit: () => void;
}) {
  const drafts = useWatch({ control: form.control, name: "testCases" });
  const [results, setResults] = useState<TestCaseResult[] | null>(null);
  const [problems, setProblems] = useState<TestCaseProblem[]>([]);
  const fromQuote = useMutation({ mutationFn: getTestCaseFromQuote });

  const change = (next: TestCaseDraft[]) => {
    form.setValue("testCases", next, { shouldDirty: true });
    onEdit();
    // Results of the cases as they were no longer say anything about the edited ones.
    setResults(null);
    setProblems([]);
  };

  /** Runs the cases with the real engine on the text in the editor. */
  const run = async (text: string): Promise<void> => {
    const engine = await editorEngine.load();
    const outcome = engine.runTestCaseDrafts(text, form.getValues("testCases"));
    setResults(outcome.kind === "ran" ? outcome.results : null);
    setProblems(outcome.kind === "invalid-cases" ? outcome.problems : []);
  };

  const addFromRisk = async (text: string, risk: TestRatingRisk): Promise<void> => {
    const engine = await editorEngine.load();
    const current = form.getValues("testCases");
    const checked = engine.testRiskOrDefaults(risk);
    // The case starts as what this configuration rates today; the administrator then sets what it should be.
    const rated = engine.runTestRating(text, checked);
    const result = rated.kind === "rated" ? rated.result : null;
    const draft = toTestCaseDraft({
      name: `Case ${current.length + 1}`,
      input: engine.testRatingInput(checked),
      expectedTotal: result ? penceToMoneyString(result.totalPremium) : "0.00",
      expectedReferrals: result ? result.referralHits.map((hit) => hit.code) : [],
      expectedEndorsements: result ? result.endorsements : [],
    });
    change([...current, draft]);
  };

  const addFromQuote = async (reference: string): Promise<boolean> => {
    try {
      const testCase = await fromQuote.mutateAsync(reference);
      change([...form.getValues("testCases"), toTestCaseDraft(testCase)]);
      toast({ title: "Test Case Added", description: `${testCase.name} added with its stored rating.` });
      return true;
    } catch (error) {
      toast({ title: "Add Case Error", description: errorMessageOf(error), variant: "destructive" });
      return false;
    }
  };

  return { drafts, results, problems, setProblems, change, run, addFromRisk, addFromQuote };
}
