import type { RatingConfigIssue } from "@domain/rating/config-schema";
import type { RatingTestCase } from "@domain/rating/test-cases";
import type { RatingVersion } from "@domain/rating/version";
import type { FieldErrors } from "react-hook-form";
import type { TestCaseDraft } from "./test-case-drafts";

export interface EditorSeed {
  /** The draft being edited; null for a new version. */
  version: RatingVersion | null;
  name: string;
  notes: string;
  effectiveFrom: string;
  effectiveTo: string;
  /** The configuration as its author wrote it (key order kept). */
  configText: string;
  /** True when configText is a saved version's, which the server compiled when it was saved. */
  configSaved?: boolean;
  testCases: RatingTestCase[];
}

/**
 * The rating version editor's form as the administrator types it: the fields of a version as the API takes it
 * (the configuration as its author wrote it, key order kept), the test cases as drafts.
 */
export interface EditorValues {
  name: string;
  notes: string;
  effectiveFrom: string;
  effectiveTo: string;
  json: string;
  testCases: TestCaseDraft[];
}

/** The fields whose problems the server would report, in the order its schema checks them. */
const REQUEST_FIELDS = ["name", "notes", "json", "effectiveFrom", "effectiveTo"] as const;

/**
 * The form's problems other than the test cases, in the order the server's schema reports them, as the list of
 * problems the editor shows under the configuration; the first is the server's message for them.
 */
export function requestIssues(errors: FieldErrors<EditorValues>): RatingConfigIssue[] {
  return REQUEST_FIELDS.flatMap((field) => {
    const message = errors[field]?.message;
    return typeof message === "string" && message ? [{ path: field, message }] : [];
  });
}
