import { Check, Minus } from "lucide-react";
import { type ComponentProps, type KeyboardEvent, useEffect, useRef } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

/** Ticked, not ticked, or (for a box over a group, such as 'All Documents') some of the group ticked. */
export type CheckedState = boolean | "indeterminate";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "checked" | "defaultChecked" | "onChange"> & {
  checked?: CheckedState;
  onCheckedChange?: (checked: CheckedState) => void;
};

/**
 * A tick box: the browser's own checkbox (a phone's own control, no script to load), drawn as the app draws it.
 * Enter neither ticks it nor sends the form around it (WAI-ARIA: a checkbox answers Space), as before.
 */
export function Checkbox({ className, checked = false, onCheckedChange, onKeyDown, ...props }: CheckboxProps) {
  const box = useRef<HTMLInputElement>(null);
  const mixed = checked === "indeterminate";
  // "Some ticked" exists only as the element's property, not as an attribute.
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <span className="relative inline-flex h-4 w-4 shrink-0">
      <input
        ref={box}
        type="checkbox"
        checked={checked === true}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === "Enter") event.preventDefault();
          onKeyDown?.(event);
        }}
        className={cn(
          "peer m-0 h-4 w-4 shrink-0 cursor-pointer appearance-none rounded border border-slate-400 bg-white",
          "checked:border-blue-800 checked:bg-blue-800 indeterminate:border-blue-800 indeterminate:bg-blue-800",
          "disabled:cursor-not-allowed disabled:opacity-50",
          focusRing,
          className,
        )}
        {...props}
      />
      <Check
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 m-auto hidden h-3 w-3 text-white peer-checked:block"
      />
      <Minus
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 m-auto hidden h-3 w-3 text-white peer-indeterminate:block"
      />
    </span>
  );
}
