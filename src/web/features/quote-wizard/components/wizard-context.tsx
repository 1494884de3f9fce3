import { QUESTION_SECTIONS } from "@domain/quote/question-sections";
import type { Quote } from "@domain/quote/quote";
import { createContext, useContext } from "react";
import type { WizardStep } from "../wizard-step";

export { parseWizardStep, type WizardStep } from "../wizard-step";

/** Steps 1 to 6 ask the catalogue's sections; step 7 prices the quote. */
export const WIZARD_STEPS = [
  { number: 1, title: QUESTION_SECTIONS.insuredsDetails.title },
  { number: 2, title: QUESTION_SECTIONS.financialOverview.title },
  { number: 3, title: QUESTION_SECTIONS.designLiability.title },
  { number: 4, title: QUESTION_SECTIONS.activitySplit.title },
  { number: 5, title: QUESTION_SECTIONS.contracts.title },
  { number: 6, title: QUESTION_SECTIONS.declaration.title },
  { number: 7, title: "Quote" },
] as const satisfies readonly { number: WizardStep; title: string }[];

/**
 * What a step does when the broker leaves it: true when the wizard may move on. `submit` is set by the
 * step's own Continue button, which saves a section that was never stored even when left untouched.
 */
export type LeaveStep = (submit: boolean) => Promise<boolean>;

/** The open step as the wizard sees it: how to leave it, and whether it holds entries not yet saved. */
export interface OpenStep {
  leave: LeaveStep;
  changed: () => boolean;
}

export interface WizardContextValue {
  quote: Quote | undefined;
  /** The step on screen (the address names it). */
  step: WizardStep;
  /** ISSUED and declined quotes, and any quote an administrator opens, are shown but not changed. */
  readOnly: boolean;
  /** True from the moment a move starts until it ends: Back and Continue wait, so one click sends one save. */
  moving: boolean;
  /** Move to a step through the leave rules of docs/product/life-cycle.md (validate, save, then move). */
  requestStep: (step: WizardStep, options?: { submit?: boolean }) => Promise<void>;
  /** The current step's leave rule and change check; each form step registers its own. */
  registerStep: (step: OpenStep | null) => void;
  /**
   * Before a write that would reopen a completed, referred or approved quote: asks the broker and resolves
   * true to go ahead. Resolves true at once when the write reopens nothing. `edit` is the section change
   * about to be saved; without it the write always re-prices (rating, override).
   */
  confirmReopen: (edit?: Partial<Quote>) => Promise<boolean>;
  /** Step 1 created the quote: the wizard moves to its address, on step 2. */
  onQuoteCreated: (quote: Quote) => void;
  /** Someone else saved the quote: fetch the stored quote and show the step afresh from it. */
  reloadQuote: () => Promise<void>;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error("useWizard must be used inside the quote wizard");
  return value;
}
