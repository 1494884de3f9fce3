import { Button, focusRing } from "@web/components/ui/button";
import { Popover } from "@web/components/ui/popover";
import { cn } from "@web/lib/cn";
import { Check, ChevronDown } from "lucide-react";
import { useState } from "react";
import { WIZARD_STEPS, type WizardStep } from "./wizard-context";

interface StepIndicatorProps {
  current: WizardStep;
  completed: ReadonlySet<WizardStep>;
  /** Steps that cannot be opened yet (2 to 6 before the quote exists), with the reason as a hint. */
  unavailable: ReadonlyMap<WizardStep, string>;
  onSelect: (step: WizardStep) => void;
}

type Step = (typeof WIZARD_STEPS)[number];

/** The numbered circle of a step: a tick once completed, the current one outlined. */
function StepMarker({ step, isCurrent, isDone }: { step: Step; isCurrent: boolean; isDone: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex h-7 w-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold",
        isDone
          ? "border-green-700 bg-green-700 text-white"
          : isCurrent
            ? "border-blue-800 bg-white text-blue-900"
            : "border-slate-300 bg-white text-slate-600",
      )}
    >
      {isDone ? <Check className="h-4 w-4" /> : step.number}
    </span>
  );
}

/** A step's name as read out: its number first, and whether it is completed. */
function StepName({ step, isDone }: { step: Step; isDone: boolean }) {
  return (
    <>
      <span className="sr-only">Step {step.number}: </span>
      {step.title}
      {isDone ? <span className="sr-only"> (completed)</span> : null}
    </>
  );
}

/**
 * docs/product/screens.md: the seven steps, a tick on each completed one, and a jump to any step by clicking it. Below md
 * seven labels cannot fit side by side, so the current step's name and 'n of 7' show, with every step one tap
 * away in a menu that opens them through the same leave rules.
 */
export function StepIndicator({ current, completed, unavailable, onSelect }: StepIndicatorProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const currentStep = WIZARD_STEPS.find((step) => step.number === current) ?? WIZARD_STEPS[0];
  return (
    <nav aria-label="Quote steps">
      <div className="flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 md:hidden">
        <div className="flex min-w-0 items-center gap-2">
          <StepMarker step={currentStep} isCurrent isDone={completed.has(currentStep.number)} />
          <div className="min-w-0">
            <p data-testid="compact-step-count" className="text-xs text-slate-600">
              Step {currentStep.number} of {WIZARD_STEPS.length}
            </p>
            <p className="truncate text-sm font-semibold text-blue-900">{currentStep.title}</p>
          </div>
        </div>
        <Popover
          open={menuOpen}
          onOpenChange={setMenuOpen}
          className="w-[min(18rem,calc(100vw-2rem))] p-1.5"
          trigger={
            <Button variant="outline" size="sm">
              All steps
              <ChevronDown aria-hidden="true" className="h-3.5 w-3.5" />
            </Button>
          }
        >
          <ol aria-label="All quote steps" className="grid gap-0.5">
            {WIZARD_STEPS.map((step) => {
              const isCurrent = step.number === current;
              const isDone = completed.has(step.number);
              const reason = unavailable.get(step.number);
              return (
                <li key={step.number}>
                  <button
                    type="button"
                    onClick={() => {
                      setMenuOpen(false);
                      onSelect(step.number);
                    }}
                    disabled={reason !== undefined}
                    title={reason}
                    aria-current={isCurrent ? "step" : undefined}
                    className={cn(
                      "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm disabled:cursor-not-allowed disabled:opacity-50",
                      isCurrent ? "bg-blue-50 font-semibold text-blue-900" : "text-slate-800 hover:bg-slate-100",
                      focusRing,
                    )}
                  >
                    <StepMarker step={step} isCurrent={isCurrent} isDone={isDone} />
                    <span className="min-w-0">
                      <StepName step={step} isDone={isDone} />
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </Popover>
      </div>
      <ol className="hidden grid-cols-7 gap-1 md:grid">
        {WIZARD_STEPS.map((step) => {
          const isCurrent = step.number === current;
          const isDone = completed.has(step.number);
          const reason = unavailable.get(step.number);
          return (
            <li key={step.number} className="min-w-0">
              <button
                type="button"
                onClick={() => onSelect(step.number)}
                disabled={reason !== undefined}
                title={reason}
                aria-current={isCurrent ? "step" : undefined}
                className={cn(
                  "flex w-full flex-col items-center gap-1 rounded-md px-1 py-2 text-center disabled:cursor-not-allowed disabled:opacity-50",
                  isCurrent ? "bg-blue-50" : "hover:bg-slate-100",
                  focusRing,
                )}
              >
                <StepMarker step={step} isCurrent={isCurrent} isDone={isDone} />
                <span className={cn("truncate text-xs", isCurrent ? "font-semibold text-blue-900" : "text-slate-700")}>
                  <StepName step={step} isDone={isDone} />
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
