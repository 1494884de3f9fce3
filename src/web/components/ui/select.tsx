import { ChevronDown } from "lucide-react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  className?: string;
  disabled?: boolean;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string | undefined;
}

/**
 * A single-choice list: the browser's own select, styled like the other fields. On a phone it opens the system's
 * picker, which is what a broker's thumb expects, and it needs no script of its own to load. The placeholder is
 * shown while nothing is chosen and cannot be chosen back.
 */
export function Select({ id, value, onValueChange, options, placeholder, className, disabled, ...aria }: SelectProps) {
  const showPlaceholder = placeholder !== undefined && !options.some((option) => option.value === value);
  return (
    <div className={cn("relative w-full", className)}>
      <select
        id={id}
        value={showPlaceholder ? "" : value}
        onChange={(event) => onValueChange(event.target.value)}
        disabled={disabled ?? false}
        aria-label={aria["aria-label"]}
        aria-invalid={aria["aria-invalid"]}
        aria-describedby={aria["aria-describedby"]}
        className={cn(
          "h-9 w-full appearance-none truncate rounded-md border border-slate-300 bg-white py-0 pr-9 pl-3 text-sm",
          "disabled:cursor-not-allowed disabled:opacity-60",
          showPlaceholder && "text-slate-500",
          focusRing,
        )}
      >
        {showPlaceholder ? (
          <option value="" disabled hidden>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} className="text-slate-900">
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
