import type { RatingConfigIssue } from "@domain/rating/config-schema";
import type { RatingTestCase } from "@domain/rating/test-cases";
import {
  type CreateRatingVersionRequest,
  createRatingVersionRequestSchema,
  type RatingVersion,
} from "@domain/rating/version";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import { checkTestCaseDrafts, type TestCaseDraft } from "./test-cases";

export interface EditorSeed {
  /** The draft being edited; null for a new version. */
  version: RatingVersion | null;
  name: string;
  notes: string;
  effectiveFrom: string;
  effectiveTo: string;
  /** The configuration as its author wrote it (key order kept). */
  configText: string;
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

const requestResolver = zodResolver(createRatingVersionRequestSchema);

/**
 * The form is checked by the domain's schema of a version as the server receives it, so what Save sends is
 * what the server accepts. The drafts become cases first (their inputs are JSON text while being typed); a case
 * that cannot be read is reported under `testCases` with the same words as the list under the cases.
 */
export const editorResolver: Resolver<EditorValues, unknown, CreateRatingVersionRequest> = async (
  values,
  context,
  options,
) => {
  const cases = checkTestCaseDrafts(values.testCases);
  const body = {
    name: values.name,
    notes: values.notes.trim(),
    json: values.json,
    effectiveFrom: values.effectiveFrom,
    effectiveTo: values.effectiveTo,
    testCases: cases.ok ? cases.cases : [],
  };
  const checked = await requestResolver(body, context, options as never);
  if (cases.ok) return checked as Awaited<ReturnType<Resolver<EditorValues, unknown, CreateRatingVersionRequest>>>;
  const [first] = cases.problems;
  return {
    values: {},
    errors: {
      ...checked.errors,
      testCases: { type: "cases", message: first?.message ?? "" },
    } as FieldErrors<EditorValues>,
  };
};

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
