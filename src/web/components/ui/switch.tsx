import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

type SwitchProps = Omit<ComponentProps<"button">, "type" | "role" | "value" | "onChange"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch: a button with the switch role (WAI-ARIA), pressed with a click, Space or Enter like any
 * button. The app's forms read its answer from their state, so it needs no library or hidden form field.
 */
export function Switch({ className, checked, onCheckedChange, onClick, ...props }: SwitchProps) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      className={cn(
        "inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 transition-colors motion-reduce:transition-none",
        "data-[state=checked]:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50",
        focusRing,
        className,
      )}
      {...props}
    >
      <span
        data-state={state}
        className="pointer-events-none block h-4 w-4 translate-x-0.5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none data-[state=checked]:translate-x-[1.125rem]"
      />
    </button>
  );
}
