/**
 * What a user typed into a form when the session expired mid-save: a wizard step, a rating version in the
 * editor. It is kept in this tab only (sessionStorage, never the server, never another tab) until the user signs
 * in again and the same form opens, which puts the values back and forgets them.
 */
const KEY_PREFIX = "pi-quote:kept-entries:";

/** Said when a save meets an expired session: the guard sends the user to sign in, the entries wait here. */
export const SESSION_EXPIRED_TOAST = {
  title: "Session expired",
  description: "Sign in again to continue; your entries are kept",
  variant: "destructive",
} as const;

/** `form` names the form and the record in it, e.g. `quote:{id}:2` or `rating-version:new`. */
export function keepEntries(form: string, values: unknown): void {
  try {
    sessionStorage.setItem(`${KEY_PREFIX}${form}`, JSON.stringify(values));
  } catch {
    // A full or disabled storage cannot keep them; the toast still says the session expired.
  }
}

/** The kept entries of this form, removed from storage as they are handed back. */
export function takeKeptEntries(form: string): Record<string, unknown> | null {
  try {
    const key = `${KEY_PREFIX}${form}`;
    const text = sessionStorage.getItem(key);
    if (text === null) return null;
    sessionStorage.removeItem(key);
    const values: unknown = JSON.parse(text);
    return values && typeof values === "object" && !Array.isArray(values) ? (values as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
