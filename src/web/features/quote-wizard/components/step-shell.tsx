import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { type FirstUseCode, preload } from "@web/lib/on-first-use";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { repricingCode } from "../lib/repricing-code";
import { useWizard, WIZARD_STEPS, type WizardStep } from "./wizard-context";

export const STEP_HEADING_ID = "wizard-step-heading";

/**
 * 'Step n of 7': where the wizard puts keyboard focus on each step change, so the next Tab reaches the step's
 * first field and a screen reader reads where the broker now is. Focusable by script only (tabIndex -1).
 */
export function StepHeading({ step, className }: { step: WizardStep; className?: string }) {
  return (
    <h2
      id={STEP_HEADING_ID}
      tabIndex={-1}
      className={cn("text-sm font-medium text-slate-600 focus:outline-none", className)}
    >
      Step {step} of {WIZARD_STEPS.length}
    </h2>
  );
}

interface StepShellProps {
  /** Where Continue leads once the step is saved. */
  next: WizardStep;
  /** Where Back leads; step 1 has none. */
  back?: WizardStep;
  continueLabel: string;
  /** A save (or the move it belongs to) is under way: both buttons wait, so one click sends one request. */
  busy: boolean;
  busyLabel?: string;
  /** The step's check (its schema and zod), fetched when the broker first focuses or points at the form. */
  check: FirstUseCode<unknown>;
  children: ReactNode;
}

/**
 * The frame of every form step (1 to 6): where the broker is, the step's fields (read-only when the quote
 * cannot change), and Back and Continue, which leave through the same rules as any other move (docs/product/life-cycle.md).
 */
export function StepShell({
  next,
  back,
  continueLabel,
  busy,
  busyLabel = "Saving...",
  check,
  children,
}: StepShellProps) {
  const { step, readOnly, requestStep } = useWizard();
  return (
    <form
      noValidate
      aria-labelledby={STEP_HEADING_ID}
      // The wizard focuses the heading on arrival: that is not the broker starting on the form.
      // The repricing rule (whether a change reopens a completed quote) is asked on save: it comes with the check.
      onFocus={(event) => {
        if (event.target.id === STEP_HEADING_ID) return;
        preload(check);
        preload(repricingCode);
      }}
      onPointerOver={() => {
        preload(check);
        preload(repricingCode);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        void requestStep(next, { submit: true });
      }}
    >
      <StepHeading step={step} className="mb-2" />
      <fieldset disabled={readOnly} className="grid gap-4">
        {children}
      </fieldset>
      <div className="mt-4 flex items-center justify-between gap-3">
        {back ? (
          <Button variant="outline" onClick={() => void requestStep(back)} disabled={busy}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : continueLabel}
        </Button>
      </div>
    </form>
  );
}
