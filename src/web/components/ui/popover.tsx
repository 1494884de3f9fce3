import { Popover as RadixPopover } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";

export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;

export function PopoverContent({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixPopover.Content> & { children: ReactNode }) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        align="end"
        sideOffset={6}
        className={cn(
          "z-50 w-72 rounded-md border border-slate-200 bg-white p-3 shadow-lg focus:outline-none",
          className,
        )}
        {...props}
      >
        {children}
      </RadixPopover.Content>
    </RadixPopover.Portal>
  );
}
