import { createContext, useContext, useEffect, useRef } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { Quote } from "../../../../domain/quote/quote";
import { toast } from "../../../components/ui/toast-store";
import { formValuesDiffer } from "../lib/form-values";

export const WIZARD_STEPS = [
  { number: 1, title: "Insureds Details" },
  { number: 2, title: "Financial Overview" },
  { number: 3, title: "Design Liability" },
  { number: 4, title: "Activity Split" },
  { number: 5, title: "Contracts" },
  { number: 6, title: "Declaration" },
  { number: 7, title: "Quote" },
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number]["number"];

/**
 * What a step does when the broker leaves it: true when the wizard may move on. `submit` is set by the
 * step's own Continue button, which saves a section that was never stored even when left untouched.
 */
export type LeaveStep = (submit: boolean) => Promise<boolean>;

export interface WizardContextValue {
  quote: Quote | undefined;
  /** ISSUED and declined quotes, and any quote an administrator opens, are shown but not changed. */
  readOnly: boolean;
  /** Move to a step through the leave rules of SPEC.md §4 (validate, save, then move). */
  requestStep: (step: WizardStep, options?: { submit?: boolean }) => Promise<void>;
  /** The current step's leave handler; each step registers its own. */
  registerLeave: (leave: LeaveStep | null) => void;
  /**
   * Before a write that would reopen a completed, referred or approved quote: asks the broker and resolves
   * true to go ahead. Resolves true at once when the write reopens nothing. `edit` is the section change
   * about to be saved; without it the write always re-prices (rating, override).
   */
  confirmReopen: (edit?: Partial<Quote>) => Promise<boolean>;
  /** Step 1 created the quote: the wizard moves to its address and to step 2. */
  onQuoteCreated: (quote: Quote) => void;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error("useWizard must be used inside the quote wizard");
  return value;
}

export interface SaveContext {
  navigating: boolean;
}

/** SPEC.md §8: a save caused by leaving a step (rather than its own button) fails with this toast. */
export const NAVIGATION_SAVE_ERROR_TOAST = {
  title: "Save Error",
  description: "Failed to save changes before navigating. Please try again.",
  variant: "destructive",
} as const;

export const VALIDATION_TOAST = {
  title: "Error",
  description: "Please fix validation errors",
  variant: "destructive",
} as const;

/**
 * Validates the form with its zod schema and, when valid, runs `save` with the parsed values. Resolves true
 * once saved; false (with SPEC.md §4's toast) when invalid, or when `save` says no or throws (it shows its
 * own failure toast).
 */
export function submitStep<TFields extends FieldValues, TParsed>(
  form: UseFormReturn<TFields, unknown, TParsed>,
  save: (values: TParsed) => Promise<boolean>,
): Promise<boolean> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      async (values) => {
        try {
          resolve(await save(values));
        } catch {
          resolve(false);
        }
      },
      () => {
        toast(VALIDATION_TOAST);
        resolve(false);
      },
    )();
  });
}

/**
 * Registers a step's leave rule with the wizard (SPEC.md §4): an unchanged step moves freely (its Continue
 * button still saves a section that was never stored); a changed one is validated and saved first.
 */
export function useStepLeave<TFields extends FieldValues, TParsed>(options: {
  form: UseFormReturn<TFields, unknown, TParsed>;
  /** The section is already on the quote, so an unchanged form has nothing to save. */
  stored: boolean;
  /** `navigating`: the save was caused by leaving the step (indicator or Back), not by its Continue. */
  save: (values: TParsed, context: SaveContext) => Promise<boolean>;
}) {
  const { registerLeave, readOnly } = useWizard();
  const baseline = useRef<unknown>(options.form.getValues());
  const latest = useRef(options);
  latest.current = options;

  const saveNow = (context: SaveContext = { navigating: false }): Promise<boolean> => {
    const { form, save } = latest.current;
    return submitStep(form, (values) => save(values, context)).then((saved) => {
      if (saved) baseline.current = form.getValues();
      return saved;
    });
  };

  const leave: LeaveStep = (submit) => {
    const { form, stored } = latest.current;
    if (readOnly) return Promise.resolve(true);
    const changed = formValuesDiffer(form.getValues(), baseline.current);
    if (!changed && (stored || !submit)) return Promise.resolve(true);
    return saveNow({ navigating: !submit });
  };
  const leaveRef = useRef(leave);
  leaveRef.current = leave;

  useEffect(() => {
    registerLeave((submit) => leaveRef.current(submit));
    return () => registerLeave(null);
  }, [registerLeave]);

  /** Saves without moving (e.g. 'Save contracts'); the step then counts as unchanged. */
  return { saveNow: () => saveNow() };
}
