import type { RatingConfigIssue } from "@domain/rating/config-schema";
import { TEST_RISK_DEFAULTS, type TestRatingRisk, testRatingRiskSchema } from "@domain/rating/version";
import { toast } from "@web/components/ui/toast-store";
import { useState } from "react";
import { runTestRating, type TestRatingOutcome } from "../test-rating";
import { invalidJsonToast } from "./use-validate-config";

/** The test risk as it stands, or the defaults when a box does not hold a number. */
export function testRiskOrDefaults(risk: TestRatingRisk): TestRatingRisk {
  const checked = testRatingRiskSchema.safeParse(risk);
  return checked.success ? checked.data : { ...TEST_RISK_DEFAULTS };
}

/** Test Rating: the real engine on the test risk, in the browser; the test cases run with it. */
export function useTestRating({
  setIssues,
  runCases,
}: {
  setIssues: (issues: RatingConfigIssue[]) => void;
  runCases: (text: string) => void;
}) {
  const [risk, setRisk] = useState<TestRatingRisk>({ ...TEST_RISK_DEFAULTS });
  const [outcome, setOutcome] = useState<TestRatingOutcome | null>(null);

  const testRating = (text: string) => {
    const checked = testRatingRiskSchema.safeParse(risk);
    if (!checked.success) {
      const [issue] = checked.error.issues;
      const field = issue?.path.join(".") ?? "";
      const message = issue?.code === "invalid_type" ? `Enter a number for ${field}` : (issue?.message ?? "");
      toast({ title: "Validation Error", description: message, variant: "destructive" });
      return;
    }
    const result = runTestRating(text, checked.data);
    if (result.kind === "invalid-json") {
      invalidJsonToast();
      return;
    }
    setIssues(result.kind === "invalid-config" ? result.issues : []);
    setOutcome(result);
    runCases(text);
  };

  return { risk, setRisk, outcome, clearOutcome: () => setOutcome(null), testRating };
}
