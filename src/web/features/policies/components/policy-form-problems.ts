import { useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { policyQueryOptions } from "../api/get-policy";

/** Messages by field, the first for each; a message about anything else is the form's own. */
export interface SortedProblems<Field extends string> {
  fields: Partial<Record<Field, string>>;
  other: string | null;
}

/** Sorts messages by the field `fieldOf` names for each path (null: the form's own). */
export function sortProblems<Field extends string>(
  issues: readonly { path: string; message: string }[],
  fieldOf: (path: string) => Field | null,
): SortedProblems<Field> {
  const fields: Partial<Record<Field, string>> = {};
  let other: string | null = null;
  for (const { path, message } of issues) {
    const field = fieldOf(path);
    if (field === null) other ??= message;
    else fields[field] ??= message;
  }
  return { fields, other };
}

/** A zod issue's path as the server writes it: "changes.turnover". */
export const issuePath = (issue: { path: readonly PropertyKey[] }) => issue.path.map(String).join(".");

export const errorId = (id: string) => `${id}-error`;

/** A field's error (when it has one) and its hint, as its description. */
export function describedBy(id: string, error: string | undefined, hintId?: string) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [error ? errorId(id) : undefined, hintId].filter(Boolean).join(" ") || undefined,
  } as const;
}

/**
 * What a policy form does with the server's refusal: a 400's messages at their fields, anything else in the form
 * in the server's words. A conflict (409) means the policy changed or cannot be changed so: the screen behind the
 * dialog fetches it again, so it shows the policy as it now is, and `onConflict` lets the form drop what it showed.
 */
export function usePolicyRefusal<Field extends string>(
  policyNumber: string,
  fieldOf: (path: string) => Field | null,
  /** The fields' messages (null: leave them as they are) and the form's own. */
  show: (fields: SortedProblems<Field>["fields"] | null, other: string | null) => void,
  onConflict?: () => void,
): (error: unknown) => void {
  const queryClient = useQueryClient();
  return (error) => {
    if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
      const sorted = sortProblems(error.issues, fieldOf);
      show(sorted.fields, sorted.other);
      return;
    }
    show(null, errorMessageOf(error));
    if (error instanceof ApiError && error.status === 409) {
      onConflict?.();
      void queryClient.invalidateQueries({ queryKey: policyQueryOptions(policyNumber).queryKey });
    }
  };
}
