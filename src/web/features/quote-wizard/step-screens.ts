import { type LazyScreen, lazyScreen } from "@web/lib/lazy-screen";
import { parseWizardStep, type WizardStep } from "./wizard-step";

/**
 * Each wizard step is its own chunk: a broker opening a rated quote's step 7 loads no form code, and steps 1 to
 * 6 share the form code (react-hook-form, the sections' schemas) among themselves. The wizard fetches the next
 * step's chunk while the step being left saves, and the router fetches the addressed step's while the session
 * lookup is under way.
 */
export const STEP_SCREENS: Readonly<Record<WizardStep, LazyScreen<object>>> = {
  1: lazyScreen(() =>
    import("./components/steps/insureds-details-step").then((m) => ({ default: m.InsuredsDetailsStep })),
  ),
  2: lazyScreen(() =>
    import("./components/steps/financial-overview-step").then((m) => ({ default: m.FinancialOverviewStep })),
  ),
  3: lazyScreen(() =>
    import("./components/steps/design-liability-step").then((m) => ({ default: m.DesignLiabilityStep })),
  ),
  4: lazyScreen(() => import("./components/steps/activity-split-step").then((m) => ({ default: m.ActivitySplitStep }))),
  5: lazyScreen(() => import("./components/steps/contracts-step").then((m) => ({ default: m.ContractsStep }))),
  6: lazyScreen(() => import("./components/steps/declaration-step").then((m) => ({ default: m.DeclarationStep }))),
  7: lazyScreen(() => import("./components/steps/quote-step").then((m) => ({ default: m.QuoteStep }))),
};

/** The step an address names (/quote/{id}/step/{n}), as a screen to preload; null when it names none. */
export function addressedStepScreen(step: string | undefined): LazyScreen<object> | null {
  const addressed = parseWizardStep(step);
  return addressed === null ? null : STEP_SCREENS[addressed];
}
