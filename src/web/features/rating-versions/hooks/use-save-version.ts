import type { RatingConfigIssue } from "@domain/rating/config-schema";
import type { CreateRatingVersionRequest, RatingVersion } from "@domain/rating/version";
import { toast } from "@web/components/ui/toast-store";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { keepEntries, SESSION_EXPIRED_TOAST } from "@web/lib/kept-entries";
import type { FieldErrors, UseFormReturn } from "react-hook-form";
import { useCreateRatingVersion } from "../api/create-rating-version";
import { useUpdateRatingVersion } from "../api/update-rating-version";
import { type EditorValues, requestIssues } from "../editor-form";
import { editorEngine } from "../lib/editor-engine-code";
import type { TestCaseProblem } from "../test-case-drafts";
import { keptEntriesOf } from "./use-editor-form";

function validationToast(description: string) {
  toast({ title: "Validation Error", description, variant: "destructive" });
}

/**
 * Save: Validate first, then the form as the server's schema reads it; a new version is created, a draft
 * updated. A session that expired mid-save keeps the entries for after signing in again.
 */
export function useSaveVersion({
  form,
  editing,
  keptForm,
  validate,
  setIssues,
  setCaseProblems,
  onSaved,
}: {
  form: UseFormReturn<EditorValues, unknown, CreateRatingVersionRequest>;
  editing: RatingVersion | null;
  keptForm: string;
  validate: (text: string) => Promise<Record<string, unknown> | null>;
  setIssues: (issues: RatingConfigIssue[]) => void;
  setCaseProblems: (problems: TestCaseProblem[]) => void;
  /** The version as saved, and the configuration text it was saved from. */
  onSaved: (version: RatingVersion, text: string) => void;
}) {
  const createVersion = useCreateRatingVersion();
  const updateVersion = useUpdateRatingVersion();
  const errorTitle = editing ? "Update Error" : "Creation Error";

  const send = async (body: CreateRatingVersionRequest): Promise<void> => {
    const values = form.getValues();
    try {
      const saved = editing
        ? await updateVersion.mutateAsync({ id: editing.id, changes: body })
        : await createVersion.mutateAsync(body);
      toast({
        title: editing ? "Rating Version Updated" : "Rating Version Created",
        description: `${saved.name} saved as a draft.`,
      });
      // What was saved is the version's state now: nothing unsaved until the next change.
      form.reset(values, { keepValues: true });
      onSaved(saved, values.json);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The query client has already asked for the session again; once it answers "signed out", the route's
        // guard sends the admin to sign in and back here. The entries go first.
        keepEntries(keptForm, keptEntriesOf(values));
        toast(SESSION_EXPIRED_TOAST);
        return;
      }
      if (error instanceof ApiError && error.issues.length > 0) setIssues(error.issues);
      toast({ title: errorTitle, description: errorMessageOf(error), variant: "destructive" });
    }
  };

  const refused = async (errors: FieldErrors<EditorValues>): Promise<void> => {
    if (errors.name?.message === "Version name is required") {
      validationToast("Version name is required");
      return;
    }
    const cases = (await editorEngine.load()).checkTestCaseDrafts(form.getValues("testCases"));
    if (!cases.ok) {
      setCaseProblems(cases.problems);
      validationToast(cases.problems[0]?.message ?? "");
      return;
    }
    // The server's schema refuses the rest with its first problem as the message, as saving would answer.
    const issues = requestIssues(errors);
    setIssues(issues);
    toast({ title: errorTitle, description: issues[0]?.message ?? "", variant: "destructive" });
  };

  const save = async (): Promise<void> => {
    if (!(await validate(form.getValues("json")))) return;
    await form.handleSubmit(send, refused)();
  };

  return { save, saving: createVersion.isPending || updateVersion.isPending };
}
