/**
 * The canonical form of a rating receipt (RFC 8785, JSON Canonicalization Scheme): object keys sorted by their
 * UTF-16 code units, no whitespace, strings and numbers written exactly as JSON.stringify writes them (which is
 * what RFC 8785 prescribes for I-JSON data). The same value always gives the same bytes, on the server, in the
 * browser and in the offline verifier, so its SHA-256 identifies it.
 */

/** A value a receipt can hold: JSON's own kinds, with finite numbers only. */
export type CanonicalValue = null | boolean | number | string | readonly CanonicalValue[] | { [key: string]: unknown };

function sortedKeys(object: Record<string, unknown>): string[] {
  // Keys whose value is undefined are absent in JSON, so they are absent here too.
  return Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort();
}

function scalar(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`A receipt cannot hold the number ${value}`);
    return JSON.stringify(value);
  }
  throw new TypeError(`A receipt cannot hold a ${typeof value}`);
}

/**
 * The RFC 8785 text of `value`. Written with plain loops and string concatenation: a month's receipts are
 * canonicalised tens of thousands of times when a bordereau is verified.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value !== "object" || value === null) return scalar(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ",";
      const item: unknown = value[index];
      out += item === undefined ? "null" : canonicalJson(item);
    }
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  // Array.prototype.sort compares strings by UTF-16 code units, as RFC 8785 orders keys.
  const keys = Object.keys(object).sort();
  let out = "{";
  let first = true;
  for (const key of keys) {
    const member = object[key];
    if (member === undefined) continue;
    out += `${first ? "" : ","}${JSON.stringify(key)}:${canonicalJson(member)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * The same canonical value laid out one member per line (two-space indent, keys sorted), so two receipts can be
 * compared line by line and the first line that differs shown to a person.
 */
export function canonicalLines(value: unknown): string[] {
  const lines: string[] = [];
  const write = (item: unknown, indent: string, prefix: string, comma: string): void => {
    if (Array.isArray(item) && item.length > 0) {
      lines.push(`${indent}${prefix}[`);
      item.forEach((entry, index) => {
        write(entry ?? null, `${indent}  `, "", index < item.length - 1 ? "," : "");
      });
      lines.push(`${indent}]${comma}`);
    } else if (typeof item === "object" && item !== null && !Array.isArray(item)) {
      const object = item as Record<string, unknown>;
      const keys = sortedKeys(object);
      if (keys.length === 0) {
        lines.push(`${indent}${prefix}{}${comma}`);
        return;
      }
      lines.push(`${indent}${prefix}{`);
      keys.forEach((key, index) => {
        write(object[key], `${indent}  `, `${JSON.stringify(key)}: `, index < keys.length - 1 ? "," : "");
      });
      lines.push(`${indent}}${comma}`);
    } else {
      lines.push(`${indent}${prefix}${Array.isArray(item) ? "[]" : scalar(item)}${comma}`);
    }
  };
  write(value, "", "", "");
  return lines;
}

/** The first line at which two values' canonical layouts differ (1-based), or null when they are the same. */
export function firstDifferingLine(
  recorded: unknown,
  computed: unknown,
): { line: number; recorded: string; computed: string } | null {
  const a = canonicalLines(recorded);
  const b = canonicalLines(computed);
  const count = Math.max(a.length, b.length);
  for (let index = 0; index < count; index++) {
    if (a[index] !== b[index]) {
      return { line: index + 1, recorded: a[index]?.trim() ?? "(nothing)", computed: b[index]?.trim() ?? "(nothing)" };
    }
  }
  return null;
}
