import type { RatingConfigIssue } from "@domain/rating/config-schema";
import { toast } from "@web/components/ui/toast-store";
import { useState } from "react";
import { editorEngine } from "../lib/editor-engine-code";

export const VALID_CONFIG_MESSAGE = "The configuration is valid: every factor, fee and referral rule compiles.";

export function invalidJsonToast() {
  toast({ title: "Validation Error", description: "Invalid JSON configuration", variant: "destructive" });
}

/**
 * Validate: the configuration must be JSON and then compile; every problem is listed with its JSON path, and a
 * valid one runs the test cases. Saving validates first.
 */
export function useValidateConfig({
  setIssues,
  clearOutcome,
  runCases,
}: {
  setIssues: (issues: RatingConfigIssue[]) => void;
  /** A test rating shown before no longer answers for the text validated now. */
  clearOutcome: () => void;
  runCases: (text: string) => Promise<void>;
}) {
  const [validMessage, setValidMessage] = useState<string | null>(null);

  /** The configuration object when the text is valid, else null with its problems shown. */
  const validate = async (text: string): Promise<Record<string, unknown> | null> => {
    const check = (await editorEngine.load()).checkRatingConfigText(text);
    clearOutcome();
    if (check.kind === "invalid-json") {
      setIssues([]);
      setValidMessage(null);
      invalidJsonToast();
      return null;
    }
    if (check.kind === "invalid-config") {
      setIssues(check.issues);
      setValidMessage(null);
      return null;
    }
    setIssues([]);
    setValidMessage(VALID_CONFIG_MESSAGE);
    await runCases(text);
    return check.json;
  };

  return { validMessage, clearValidMessage: () => setValidMessage(null), validate };
}
