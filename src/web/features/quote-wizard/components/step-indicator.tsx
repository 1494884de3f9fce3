import { Check } from "lucide-react";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { WIZARD_STEPS, type WizardStep } from "./wizard-context";

interface StepIndicatorProps {
  current: WizardStep;
  completed: ReadonlySet<WizardStep>;
  /** Steps that cannot be opened yet (2 to 6 before the quote exists), with the reason as a hint. */
  unavailable: ReadonlyMap<WizardStep, string>;
  onSelect: (step: WizardStep) => void;
}

/** SPEC.md §2: the seven steps, a tick on each completed one, and a jump to any step by clicking it. */
export function StepIndicator({ current, completed, unavailable, onSelect }: StepIndicatorProps) {
  return (
    <nav aria-label="Quote steps">
      <ol className="grid grid-cols-7 gap-1">
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
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex h-7 w-7 items-center justify-center rounded-full border-2 text-xs font-semibold",
                    isDone
                      ? "border-green-700 bg-green-700 text-white"
                      : isCurrent
                        ? "border-blue-800 bg-white text-blue-900"
                        : "border-slate-300 bg-white text-slate-600",
                  )}
                >
                  {isDone ? <Check className="h-4 w-4" /> : step.number}
                </span>
                <span className={cn("truncate text-xs", isCurrent ? "font-semibold text-blue-900" : "text-slate-700")}>
                  <span className="sr-only">Step {step.number}: </span>
                  {step.title}
                  {isDone ? <span className="sr-only"> (completed)</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
