/**
 * What a broker typed into a step when the session expired mid-save. It is kept in this tab only
 * (sessionStorage, never the server, never another tab) until the broker signs in again and the same
 * step of the same quote opens, which puts the values back into the form and forgets them.
 */
const KEY_PREFIX = "pi-quote:kept-entries:";

function keyOf(quoteId: string | undefined, step: number): string {
  return `${KEY_PREFIX}${quoteId ?? "new"}:${step}`;
}

export function keepEntries(quoteId: string | undefined, step: number, values: unknown): void {
  try {
    sessionStorage.setItem(keyOf(quoteId, step), JSON.stringify(values));
  } catch {
    // A full or disabled storage cannot keep them; the toast still says the session expired.
  }
}

/** The kept entries of this step, removed from storage as they are handed back. */
export function takeKeptEntries(quoteId: string | undefined, step: number): Record<string, unknown> | null {
  try {
    const key = keyOf(quoteId, step);
    const text = sessionStorage.getItem(key);
    if (text === null) return null;
    sessionStorage.removeItem(key);
    const values: unknown = JSON.parse(text);
    return values && typeof values === "object" && !Array.isArray(values) ? (values as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
