// Apart from version.ts's schemas (re-exported there), so a screen lays a configuration out without zod.

/**
 * The configuration as text, in its author's key order (a parsed object keeps it; the database's jsonb does
 * not), laid out as the editor shows it.
 */
export function ratingConfigText(json: Record<string, unknown>): string {
  return JSON.stringify(json, null, 2);
}
