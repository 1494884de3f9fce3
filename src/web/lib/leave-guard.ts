/**
 * Leaving a screen that holds entries not yet saved, by a way the screen's own controls do not see.
 * - Browser Back and Forward: the browser has already changed the address when it tells the page (popstate), so
 *   the screen must hear about it before the router does. This listener is added when the app starts, ahead of
 *   the router's own, and the router never sees the move unless the screen allows it.
 * - Logout, in the top bar outside the screen: it asks the screen first, through `leaveConfirmed`.
 * Screens register through `useUnsavedChangesGuard` (hooks/use-unsaved-changes-guard.ts).
 */
export interface LeaveGuard {
  /** True when moving to `to` (path and query) must be confirmed first. */
  blocks: (to: string) => boolean;
  /** The address to put back while the question is open. */
  here: () => string;
  /** Ask; `leave` is what to do once the user agrees to lose the entries. */
  confirm: (leave: () => void) => void;
  /** Where Back or Forward was going, once the user agrees (the router's own move). */
  go: (to: string) => void;
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
 * Runs `leave` (a move to `to`, path and query) at once, or, when the open screen holds entries not yet saved,
 * only once the user has agreed to lose them.
 */
export function leaveConfirmed(to: string, leave: () => void): void {
  const guard = current;
  if (guard?.blocks(to)) guard.confirm(leave);
  else leave();
}

function onPopState(event: PopStateEvent) {
  const guard = current;
  const to = window.location.pathname + window.location.search;
  if (!guard?.blocks(to)) return;
  event.stopImmediatePropagation();
  window.history.pushState(window.history.state, "", guard.here());
  guard.confirm(() => guard.go(to));
}

if (typeof window !== "undefined") window.addEventListener("popstate", onPopState);
