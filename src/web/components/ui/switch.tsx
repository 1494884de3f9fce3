import { Switch as RadixSwitch } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root
      className={cn(
        "inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 transition-colors motion-reduce:transition-none",
        "data-[state=checked]:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50",
        focusRing,
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="block h-4 w-4 translate-x-0.5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none data-[state=checked]:translate-x-[1.125rem]" />
    </RadixSwitch.Root>
  );
}
