import { TOOLTIP_OPEN_DELAY_MS } from "@domain/constants";
import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { onFirstUse, preload, useFirstUse, useOpenedOnce } from "../../lib/on-first-use";

const tooltipCode = onFirstUse(() => import("./tooltip-panel"));

interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A hover and focus hint; the trigger must be focusable (a button or link) so keyboard users get it too.
 *
 * A list shows a hint on every row and most are never read, so Radix Tooltip (with its own provider) and its
 * positioning code are fetched when a mouse comes over a trigger or it takes focus, not with the screen. Until a
 * hint first shows, the trigger is the plain element, timing the hint as Radix does (the open delay on hover, at
 * once on focus, never after a press); the hint shows with Radix once its code has arrived, and Radix times it
 * from then on.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  // Asked for while the hint should show: a fetch that failed (offline) is tried again the next time.
  const panel = useFirstUse(tooltipCode, open);
  const hasFocus = useRef(false);
  const openTimer = useRef(0);
  const pointerDown = useRef(false);
  useEffect(() => () => window.clearTimeout(openTimer.current), []);

  if (used && panel) {
    return (
      <panel.TooltipPanel open={open} onOpenChange={setOpen} content={content} hadFocus={hasFocus}>
        {children}
      </panel.TooltipPanel>
    );
  }

  const close = () => {
    window.clearTimeout(openTimer.current);
    openTimer.current = 0;
    setOpen(false);
  };
  const own = children.props;
  return cloneElement(children, {
    "data-state": "closed",
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== "touch") preload(tooltipCode);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      own.onPointerMove?.(event);
      if (event.pointerType === "touch" || openTimer.current || open) return;
      openTimer.current = window.setTimeout(() => {
        openTimer.current = 0;
        setOpen(true);
      }, TOOLTIP_OPEN_DELAY_MS);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      close();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      close();
      pointerDown.current = true;
      document.addEventListener(
        "pointerup",
        () => {
          pointerDown.current = false;
        },
        { once: true },
      );
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      hasFocus.current = true;
      if (pointerDown.current) return;
      preload(tooltipCode);
      setOpen(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hasFocus.current = false;
      close();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      close();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (event.key === "Escape") close();
    },
  } as Partial<TriggerProps>);
}
