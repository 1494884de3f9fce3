/**
 * "A write that leaves a value unchanged is not a change" (docs/product/permissions.md). JSONB hands objects back with its own
 * key order, and a form may send null where the stored section has nothing, so values are compared in a
 * canonical form: keys sorted, null and undefined members dropped.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== null && member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => [key, canonical(member)] as const);
    return Object.fromEntries(entries);
  }
  return value;
}

export function sameValue(a: unknown, b: unknown): boolean {
  const left = a === undefined ? null : a;
  const right = b === undefined ? null : b;
  return JSON.stringify(canonical(left)) === JSON.stringify(canonical(right));
}
