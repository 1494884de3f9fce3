/**
 * Browser Back and Forward out of a screen that holds entries not yet saved. The browser has already
 * changed the address when it tells the page (popstate), so the screen must hear about it before the
 * router does: this listener is added when the app starts, ahead of the router's own, and a screen with
 * unsaved entries registers what to do. The router then never sees the move unless the screen allows it.
 */
export interface LeaveGuard {
  /** True when moving to `pathname` must be confirmed first. */
  blocks: (pathname: string) => boolean;
  /** The address to put back while the question is open. */
  here: () => string;
  /** Ask; `to` is where the browser was going (path and query). */
  ask: (to: string) => void;
}

let current: LeaveGuard | null = null;

/** Installs `guard` until the returned function removes it. */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

function onPopState(event: PopStateEvent) {
  const guard = current;
  if (!guard?.blocks(window.location.pathname)) return;
  event.stopImmediatePropagation();
  const to = window.location.pathname + window.location.search;
  window.history.pushState(window.history.state, "", guard.here());
  guard.ask(to);
}

if (typeof window !== "undefined") window.addEventListener("popstate", onPopState);
