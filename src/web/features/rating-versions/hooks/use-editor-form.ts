import { todayInLondon } from "@domain/format/dates";
import type { CreateRatingVersionRequest } from "@domain/rating/version";
import { useUnsavedChangesGuard } from "@web/hooks/use-unsaved-changes-guard";
import { firstUseResolver } from "@web/lib/first-use-resolver";
import { takeKeptEntries } from "@web/lib/kept-entries";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { EditorSeed, EditorValues } from "../editor-form";
import { editorEngine } from "../lib/editor-engine-code";
import { type TestCaseDraft, toTestCaseDraft } from "../test-case-drafts";

// The check (the domain's schema of a version, with zod) comes with the engine; Save awaits it.
const editorResolver = firstUseResolver(editorEngine, (engine) => engine.editorResolver);

/** Where the entries of an editor wait while its administrator signs in again. */
export function keptFormKey(seed: EditorSeed): string {
  return `rating-version:${seed.version?.id ?? "new"}`;
}

/** The entries kept for sign-in under their own names, as the editor has always kept them. */
export function keptEntriesOf(values: EditorValues): Record<string, unknown> {
  const { name, notes, effectiveFrom, effectiveTo, json, testCases } = values;
  return { name, notes, effectiveFrom, effectiveTo, jsonText: json, caseDrafts: testCases };
}

/** The editor stays open for a move to its own address: the same version of the rating versions screen. */
function sameEditorAddress(to: URL, address: string): boolean {
  const here = new URL(address, to);
  return to.pathname === here.pathname && to.searchParams.get("version") === here.searchParams.get("version");
}

/**
 * The editor's form: what the version holds when it opens, and what has changed since it was last saved.
 * Leaving with a change not yet saved asks first, however the administrator leaves (docs/product/screens.md).
 */
export function useEditorForm(seed: EditorSeed) {
  const [defaultValues] = useState<EditorValues>(() => ({
    name: seed.name,
    notes: seed.notes,
    effectiveFrom: seed.effectiveFrom || todayInLondon(new Date()),
    effectiveTo: seed.effectiveTo,
    json: seed.configText,
    testCases: seed.testCases.map(toTestCaseDraft),
  }));
  const form = useForm<EditorValues, unknown, CreateRatingVersionRequest>({
    resolver: editorResolver,
    defaultValues,
    // Problems are shown by Validate and Save, never while typing, and the caret stays where it is.
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const dirty = form.formState.isDirty;

  const address = useRef(window.location.pathname + window.location.search);
  const leaveGuard = useUnsavedChangesGuard({
    unsaved: () => form.formState.isDirty,
    stays: (to) => sameEditorAddress(to, address.current),
    here: () => address.current,
  });

  // Back from signing in again after the session expired mid-save: the kept entries return, unsaved.
  const keptForm = keptFormKey(seed);
  useEffect(() => {
    const kept = takeKeptEntries(keptForm);
    if (!kept) return;
    // Each value was kept by this editor as it stood; one that does not read as text keeps the form's own.
    const restore = (key: string, field: Exclude<keyof EditorValues, "testCases">) => {
      const value = kept[key];
      if (typeof value === "string") form.setValue(field, value, { shouldDirty: true });
    };
    restore("name", "name");
    restore("notes", "notes");
    restore("effectiveFrom", "effectiveFrom");
    restore("effectiveTo", "effectiveTo");
    restore("jsonText", "json");
    if (Array.isArray(kept.caseDrafts)) {
      form.setValue("testCases", kept.caseDrafts as TestCaseDraft[], { shouldDirty: true });
    }
  }, [keptForm, form]);

  return { form, dirty, leaveGuard, keptForm };
}
