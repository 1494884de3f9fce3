import type { Quote } from "@domain/quote/quote";
import type { PatchQuoteRequestInput } from "@domain/quote/requests";
import { type ToastInput, toast } from "@web/components/ui/toast-store";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import { keepEntries, SESSION_EXPIRED_TOAST, takeKeptEntries } from "@web/lib/kept-entries";
import { useEffect, useRef, useState } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { useUpdateQuote } from "../api/update-quote";
import { formValuesDiffer } from "../lib/form-values";
import { useWizard } from "./wizard-context";

export type SectionKey = "financialOverview" | "designLiability" | "activitySplit" | "contracts" | "declaration";

/** docs/product/errors.md: each section's success toast and failure text. */
export const SECTION_TOASTS: Record<SectionKey, { saved: string; failed: string }> = {
  financialOverview: { saved: "Financial Overview Saved", failed: "Failed to save financial overview details" },
  designLiability: { saved: "Design Liability Saved", failed: "Failed to save design liability details" },
  activitySplit: { saved: "Activity Split Saved", failed: "Failed to save activity split details" },
  contracts: { saved: "Contracts Saved", failed: "Failed to save contract details" },
  declaration: { saved: "Declaration Saved", failed: "Failed to save declaration details" },
};

/** docs/product/errors.md: a save caused by leaving a step (rather than its own button) fails with this toast. */
export const NAVIGATION_SAVE_ERROR_TOAST = {
  title: "Save Error",
  description: "Failed to save changes before navigating. Please try again.",
  variant: "destructive",
} as const;

/** A step's kept entries are its own: one quote's step, or the new quote's first step. */
function stepForm(quoteId: string | undefined, step: number): string {
  return `quote:${quoteId ?? "new"}:${step}`;
}

export const VALIDATION_TOAST = {
  title: "Error",
  description: "Please fix validation errors",
  variant: "destructive",
} as const;

export const STALE_QUOTE_TOAST = {
  title: "Quote changed elsewhere",
  description:
    "This quote was saved by someone else since you opened it. Your entries stay on screen until you reload it.",
  variant: "destructive",
} as const;

export interface StepSaveOptions<TFields extends FieldValues, TParsed> {
  form: UseFormReturn<TFields, unknown, TParsed>;
  /** The section is already on the quote, so an unchanged form has nothing to save. */
  stored: boolean;
  /** The request itself (PATCH, or step 1's POST for a new quote); resolves to the quote as saved. */
  write: (values: TParsed) => Promise<Quote>;
  /** The change the write makes to the quote, so a completed quote can ask before it reopens. */
  edit: (values: TParsed) => Partial<Quote>;
  /** The success toast (docs/product/errors.md). */
  savedToast: (saved: Quote) => ToastInput;
  /** The failure text under the step's own button (docs/product/errors.md). */
  failureText: (error: unknown) => string;
  /** What follows a save before the wizard moves on (the declaration rates the quote). */
  afterSave?: (saved: Quote) => Promise<void>;
}

/**
 * The one save path of the form steps (docs/product/life-cycle.md and docs/product/errors.md): validates, asks before reopening a completed
 * quote, sends one request, and deals with every answer in one place. A refused save (400) keeps the form
 * as typed and puts the server's words under the fields it names; a stale write (409) offers Reload and
 * keeps the entries on screen; an expired session (401) keeps the entries in this tab and gives way to
 * the sign-in screen, which returns here and puts them back. It also registers the step's leave rule: an
 * unchanged step moves freely, a changed one is validated and saved first.
 */
export function useStepSave<TFields extends FieldValues, TParsed>(options: StepSaveOptions<TFields, TParsed>) {
  const wizard = useWizard();
  const { registerStep, readOnly, quote, step } = wizard;
  const { form } = options;
  const [saving, setSaving] = useState(false);
  // What the server holds for this step: the form as it opened, and after each save what was saved.
  const baseline = useRef<unknown>(null);
  if (baseline.current === null) baseline.current = form.getValues();
  const latest = useRef({ options, wizard });
  latest.current = { options, wizard };

  // Back from signing in again: the entries kept when the session expired go back into the form,
  // unsaved (so leaving the step saves them) and are forgotten.
  const quoteId = quote?.id;
  useEffect(() => {
    const kept = takeKeptEntries(stepForm(quoteId, step));
    if (!kept) return;
    const { form } = latest.current.options;
    form.reset({ ...form.getValues(), ...kept } as never, { keepDefaultValues: true });
  }, [quoteId, step]);

  const failed = (error: unknown, navigating: boolean): false => {
    const { options, wizard } = latest.current;
    if (error instanceof ApiError && error.status === 401) {
      // The query client has already asked the server for the session again; once it answers "signed
      // out", the route's guard sends the broker to /login?next=<this step>. The entries go first.
      keepEntries(stepForm(wizard.quote?.id, wizard.step), options.form.getValues());
      toast(SESSION_EXPIRED_TOAST);
      return false;
    }
    if (error instanceof ApiError && error.status === 409) {
      // A stale version gets the fixed text; any other conflict (the quote's status moved on) the server's words.
      const description = error.code === "VERSION_CONFLICT" ? STALE_QUOTE_TOAST.description : errorMessageOf(error);
      toast({
        ...STALE_QUOTE_TOAST,
        description,
        action: { label: "Reload", altText: "Reload the quote", onClick: () => void wizard.reloadQuote() },
      });
      return false;
    }
    if (error instanceof ApiError && error.status === 400) {
      for (const issue of error.issues) {
        const field = formFieldOfIssuePath(issue.path);
        if (field) options.form.setError(field as FieldPath<TFields>, { type: "server", message: issue.message });
      }
    }
    toast(
      navigating
        ? NAVIGATION_SAVE_ERROR_TOAST
        : { title: "Error", description: options.failureText(error), variant: "destructive" },
    );
    return false;
  };

  const save = async (values: TParsed, navigating: boolean): Promise<boolean> => {
    const { options, wizard } = latest.current;
    if (!(await wizard.confirmReopen(options.edit(values)))) return false;
    setSaving(true);
    try {
      const saved = await options.write(values);
      baseline.current = options.form.getValues();
      toast(options.savedToast(saved));
      await options.afterSave?.(saved);
      return true;
    } catch (error) {
      return failed(error, navigating);
    } finally {
      setSaving(false);
    }
  };

  const validateAndSave = (navigating: boolean): Promise<boolean> =>
    new Promise((resolve) => {
      void latest.current.options.form.handleSubmit(
        async (values) => resolve(await save(values, navigating).catch(() => false)),
        () => {
          toast(VALIDATION_TOAST);
          resolve(false);
        },
      )();
    });

  const changed = (): boolean =>
    !latest.current.wizard.readOnly && formValuesDiffer(latest.current.options.form.getValues(), baseline.current);

  const leave = (submit: boolean): Promise<boolean> => {
    if (latest.current.wizard.readOnly) return Promise.resolve(true);
    if (!changed() && (latest.current.options.stored || !submit)) return Promise.resolve(true);
    return validateAndSave(!submit);
  };
  const handlers = useRef({ leave, changed });
  handlers.current = { leave, changed };

  useEffect(() => {
    registerStep({
      leave: (submit) => handlers.current.leave(submit),
      changed: () => handlers.current.changed(),
    });
    return () => registerStep(null);
  }, [registerStep]);

  return {
    saving: saving || wizard.moving,
    readOnly,
    /** Saves without moving (e.g. 'Save contracts'); the step then counts as unchanged. */
    saveNow: () => validateAndSave(false),
  };
}

/** "financialOverview.turnover" names the form's "turnover"; a path naming the whole body names no field. */
export function formFieldOfIssuePath(path: string): string | null {
  const parts = path.split(".").filter((part) => part !== "");
  if (parts.length === 0) return null;
  const known: readonly string[] = Object.keys(SECTION_TOASTS).concat("insuredsDetails");
  const rest = known.includes(parts[0] ?? "") ? parts.slice(1) : parts;
  return rest.length > 0 ? rest.join(".") : null;
}

/**
 * A section step (2 to 6): PATCH /api/quotes/{id} with the section and the quote's version (a stale tab
 * gets 409 rather than overwriting someone else's change), with the section's docs/product/errors.md toasts.
 */
export function useSectionStep<TFields extends FieldValues, TParsed>(
  section: SectionKey,
  form: UseFormReturn<TFields, unknown, TParsed>,
  afterSave?: (saved: Quote) => Promise<void>,
) {
  const { quote } = useWizard();
  const update = useUpdateQuote();
  const messages = SECTION_TOASTS[section];
  return useStepSave({
    form,
    // A renewal's declaration is last year's answers: it counts as unsaved until the broker saves it here.
    stored: Boolean(quote?.[section]) && !(section === "declaration" && quote?.declarationConfirmed === false),
    write: (values) => {
      if (!quote) throw new Error("Save the insured's details first");
      const body = { [section]: values, expectedVersion: quote.version } as PatchQuoteRequestInput;
      return update.mutateAsync({ id: quote.id, body });
    },
    edit: (values) => ({ [section]: values }) as Partial<Quote>,
    savedToast: (saved) => ({ title: messages.saved, description: `Quote ${saved.reference} updated` }),
    // Contracts show the server's own words when it sent some (docs/product/errors.md); the others a fixed text.
    failureText: (error) => (section === "contracts" ? serverWordsOr(error, messages.failed) : messages.failed),
    afterSave,
  });
}

function serverWordsOr(error: unknown, fallback: string): string {
  const message = errorMessageOf(error);
  return message && !/^\d{3}: /.test(message) ? message : fallback;
}
