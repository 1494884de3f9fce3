import { Popover as RadixPopover } from "radix-ui";
import { cn } from "../../lib/cn";
import type { PopoverProps } from "./popover";

/**
 * Radix Popover (its layer, focus handling and floating-ui's positioning): loaded by popover.tsx when a popover
 * first opens, and mounted from then on.
 */
export function PopoverPanel({
  open,
  onOpenChange,
  trigger,
  children,
  className,
  "aria-label": ariaLabel,
}: Omit<PopoverProps, "code">) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          align="end"
          sideOffset={6}
          aria-label={ariaLabel}
          className={cn(
            "z-50 w-72 rounded-md border border-slate-200 bg-white p-3 shadow-lg focus:outline-none",
            className,
          )}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
