import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { type FirstUseCode, onFirstUse, preload, useFirstUse, useOpenedOnce } from "../../lib/on-first-use";

const popoverCode = onFirstUse(() => import("./popover-panel"));

interface TriggerProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}

export interface PopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens and closes it. */
  trigger: ReactElement<TriggerProps>;
  /** What it shows, rendered only once open. */
  children: ReactNode;
  className?: string;
  "aria-label"?: string;
  /** Code the content needs besides the popover's own, fetched with it (children may use it once open). */
  code?: FirstUseCode<unknown>;
}

/**
 * A popup panel under its button (Radix Popover). Most screens show one on every row and most are never opened,
 * so Radix Popover and its positioning code are fetched when a pointer comes over the button or it takes focus,
 * and the panel opens when they have arrived: a press before then still opens it. Until the first opening the
 * button is a plain one with the same look, name and popup state.
 */
export function Popover(props: PopoverProps) {
  const { open, onOpenChange, trigger, code } = props;
  const used = useOpenedOnce(open);
  // Asked for while open: a fetch that failed (offline) is tried again at the next press.
  const panel = useFirstUse(popoverCode, open);
  const content = useFirstUse(code ?? popoverCode, open);
  if (used && panel && content) return <panel.PopoverPanel {...props} />;
  const fetch = () => {
    preload(popoverCode);
    if (code) preload(code);
  };
  return cloneElement(trigger, {
    "aria-haspopup": "dialog",
    "aria-expanded": open,
    "data-state": open ? "open" : "closed",
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      trigger.props.onPointerEnter?.(event);
      fetch();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      trigger.props.onFocus?.(event);
      fetch();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      trigger.props.onClick?.(event);
      if (!event.defaultPrevented) onOpenChange(!open);
    },
  } as Partial<TriggerProps>);
}
