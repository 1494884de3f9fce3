import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { setLeaveGuard } from "../lib/leave-guard";

export interface UnsavedChangesGuardOptions {
  /** True while the screen holds entries not yet saved (read at the moment of leaving). */
  unsaved: () => boolean;
  /** True for a move that keeps the screen open (the wizard's own steps): never asked about. */
  stays: (to: URL) => boolean;
  /** The screen's address, put back while the question after browser Back or Forward is open. */
  here: () => string;
  /**
   * Drops the entries once the user has agreed to lose them, for a screen whose way out could be asked about
   * again on its way (the wizard's open step). A screen left by the move itself needs none.
   */
  forget?: () => void;
}

export interface UnsavedChangesGuard {
  /** True while the question is open. */
  asking: boolean;
  /** Runs `go` at once, or after asking when there are entries not yet saved. For the screen's own way out. */
  leave: (go: () => void) => void;
  /** The user agreed to lose the entries: forget them and go. */
  confirm: () => void;
  /** The user stays: the entries are kept. */
  cancel: () => void;
}

/**
 * Asks before a screen holding entries not yet saved is left, whichever way: a link anywhere in the app, browser
 * Back or Forward, Logout, the screen's own way out (`leave`), and closing or reloading the tab (the browser's own
 * question). Nothing unsaved, nothing asked.
 */
export function useUnsavedChangesGuard(options: UnsavedChangesGuardOptions): UnsavedChangesGuard {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<{ go: () => void } | null>(null);
  // The latest options, read when the user leaves rather than when the listeners were added.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const unsaved = () => latest.current.unsaved();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (event.altKey || !(event.target instanceof Element)) return;
      const anchor = event.target.closest("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || latest.current.stays(url) || !unsaved()) return;
      // Before the link's own handler runs: the app stays where it is until the user answers.
      event.preventDefault();
      event.stopPropagation();
      setPending({ go: () => navigate(url.pathname + url.search) });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    document.addEventListener("click", onClick, true);
    const removeGuard = setLeaveGuard({
      blocks: (to) => !latest.current.stays(new URL(to, window.location.href)) && unsaved(),
      here: () => latest.current.here(),
      confirm: (leave) => setPending({ go: leave }),
      go: (to) => navigate(to),
    });
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      removeGuard();
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [navigate]);

  const leave = useCallback((go: () => void) => {
    if (latest.current.unsaved()) setPending({ go });
    else go();
  }, []);
  const confirm = useCallback(() => {
    const go = pending?.go;
    latest.current.forget?.();
    setPending(null);
    go?.();
  }, [pending]);
  const cancel = useCallback(() => setPending(null), []);
  return { asking: pending !== null, leave, confirm, cancel };
}
