import type { RatingConfigIssue } from "@domain/rating/config-schema";
import { TEST_RISK_DEFAULTS, type TestRatingRisk } from "@domain/rating/test-risk";
import { toast } from "@web/components/ui/toast-store";
import { useState } from "react";
import { editorEngine } from "../lib/editor-engine-code";
import type { TestRatingOutcome } from "../test-rating";
import { invalidJsonToast } from "./use-validate-config";

/** Test Rating: the real engine on the test risk, in the browser; the test cases run with it. */
export function useTestRating({
  setIssues,
  runCases,
}: {
  setIssues: (issues: RatingConfigIssue[]) => void;
  runCases: (text: string) => Promise<void>;
}) {
  const [risk, setRisk] = useState<TestRatingRisk>({ ...TEST_RISK_DEFAULTS });
  const [outcome, setOutcome] = useState<TestRatingOutcome | null>(null);

  const testRating = async (text: string): Promise<void> => {
    const engine = await editorEngine.load();
    const checked = engine.checkTestRisk(risk);
    if (!checked.ok) {
      toast({ title: "Validation Error", description: checked.message, variant: "destructive" });
      return;
    }
    const result = engine.runTestRating(text, checked.risk);
    if (result.kind === "invalid-json") {
      invalidJsonToast();
      return;
    }
    setIssues(result.kind === "invalid-config" ? result.issues : []);
    setOutcome(result);
    await runCases(text);
  };

  return { risk, setRisk, outcome, clearOutcome: () => setOutcome(null), testRating };
}
