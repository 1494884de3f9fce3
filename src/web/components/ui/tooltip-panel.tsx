import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@domain/constants";
import { Tooltip as RadixTooltip } from "radix-ui";
import { type ReactElement, type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";

export interface TooltipPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  content: ReactNode;
  children: ReactElement;
  /** True while the stand-in button this replaces has focus: focus stays on the button. */
  hadFocus: RefObject<boolean>;
}

/**
 * Radix Tooltip with its own provider and floating-ui's positioning: loaded by tooltip.tsx the first time a hint
 * shows, and mounted from then on.
 */
export function TooltipPanel({ open, onOpenChange, content, children, hadFocus }: TooltipPanelProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (hadFocus.current) trigger.current?.focus();
  }, [hadFocus]);
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_OPEN_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={4}
            className="z-50 max-w-xs rounded bg-slate-900 px-2 py-1 text-xs text-white shadow"
          >
            {content}
            <RadixTooltip.Arrow className="fill-slate-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
