import { Check, Minus } from "lucide-react";
import { Checkbox as RadixCheckbox } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

export function Checkbox({ className, ...props }: ComponentProps<typeof RadixCheckbox.Root>) {
  return (
    <RadixCheckbox.Root
      className={cn(
        "peer inline-flex h-4 w-4 shrink-0 items-center justify-center rounded border border-slate-400 bg-white",
        "data-[state=checked]:border-blue-800 data-[state=checked]:bg-blue-800 data-[state=checked]:text-white",
        "data-[state=indeterminate]:border-blue-800 data-[state=indeterminate]:bg-blue-800 data-[state=indeterminate]:text-white",
        "disabled:cursor-not-allowed disabled:opacity-50",
        focusRing,
        className,
      )}
      {...props}
    >
      <RadixCheckbox.Indicator>
        {props.checked === "indeterminate" ? (
          <Minus aria-hidden="true" className="h-3 w-3" />
        ) : (
          <Check aria-hidden="true" className="h-3 w-3" />
        )}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
