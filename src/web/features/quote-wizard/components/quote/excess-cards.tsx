import { EXCESS_FACTORS } from "@domain/constants";
import { EXCESS_DISCOUNT_CARD_LABELS, toggleExcessOption } from "@domain/format/excess";
import { formatGbp, multiplyPence, type Pence } from "@domain/money";
import type { ExcessOption } from "@domain/rating/input";
import { focusRing } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";

const DISCOUNTED = ["2x", "5x"] as const;

/**
 * docs/product/screens.md "Design Liability excess": two toggle cards; each shows what it saves on the standard base
 * premium. Clicking the active card returns to the standard excess.
 */
export function ExcessCards({
  current,
  basePremium,
  overridden,
  disabled,
  onChange,
}: {
  current: ExcessOption;
  /** The base premium as rated now (with the current excess applied), or null before rating. */
  basePremium: Pence | null;
  overridden: boolean;
  disabled: boolean;
  onChange: (option: ExcessOption) => void;
}) {
  // The base before any excess discount: the current base divided by the current option's factor.
  const standardBase = basePremium === null || overridden ? null : Math.round(basePremium / EXCESS_FACTORS[current]);
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">Design Liability excess</legend>
      {DISCOUNTED.map((option) => {
        const active = current === option;
        const discount = Math.round((1 - EXCESS_FACTORS[option]) * 100);
        const saving =
          standardBase === null ? null : standardBase - multiplyPence(standardBase, EXCESS_FACTORS[option]);
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            disabled={disabled}
            onClick={() => onChange(toggleExcessOption(current, option))}
            className={cn(
              "rounded-lg border-2 p-3 text-left transition-colors disabled:cursor-not-allowed disabled:opacity-60",
              active ? "border-blue-800 bg-blue-50" : "border-slate-200 bg-white hover:border-slate-300",
              focusRing,
            )}
          >
            <span className="block text-sm font-semibold text-slate-900">{EXCESS_DISCOUNT_CARD_LABELS[option]}</span>
            <span className="mt-1 block text-xs text-slate-700">
              {saving === null ? `${discount}% off the base premium` : `Save ${formatGbp(saving)} on the base premium`}
            </span>
            <span className="mt-1 block text-xs text-slate-600">
              {active ? "Selected: click to return to standard" : "Click to choose"}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
