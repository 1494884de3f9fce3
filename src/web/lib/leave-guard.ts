/**
 * Leaving a screen that holds entries not yet saved, by a way the screen's own links do not see.
 * - Browser Back and Forward: the browser has already changed the address when it tells the page (popstate), so
 *   the screen must hear about it before the router does. This listener is added when the app starts, ahead of
 *   the router's own, and the router never sees the move unless the screen allows it.
 * - Logout, in the top bar outside the screen: it asks the screen first, through `leaveConfirmed`.
 */
export interface LeaveGuard {
  /** True when moving to `pathname` must be confirmed first. */
  blocks: (pathname: string) => boolean;
  /** The address to put back while the question is open. */
  here: () => string;
  /** Ask; `to` is where the browser was going (path and query). */
  ask: (to: string) => void;
  /** Ask; `leave` is what to do once the user agrees to lose the entries. */
  confirm: (leave: () => void) => void;
}

let current: LeaveGuard | null = null;

/** Installs `guard` until the returned function removes it. */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

/**
 * Runs `leave` (a move to `pathname`) at once, or, when the open screen holds entries not yet saved, only once
 * the user has agreed to lose them.
 */
export function leaveConfirmed(pathname: string, leave: () => void): void {
  const guard = current;
  if (guard?.blocks(pathname)) guard.confirm(leave);
  else leave();
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
