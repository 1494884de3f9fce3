import { type CreateRatingVersionRequest, createRatingVersionRequestSchema } from "@domain/rating/version";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import type { EditorValues } from "./editor-form";
import { checkTestCaseDrafts } from "./test-cases";

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
