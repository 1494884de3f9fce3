/**
 * PostgreSQL cannot store U+0000 in text or jsonb ("unsupported Unicode escape sequence"), and jsonb refuses an
 * unpaired UTF-16 surrogate ("\ud800" alone is valid JSON text but not Unicode). A request that carries either
 * anywhere (a body value or key, a query value, a path parameter) would otherwise reach the database and fail
 * there as a 500; it is refused up front as a validation error naming where it was found.
 */
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";

export const UNSTORABLE_TEXT_MESSAGE = "Text must not contain NUL characters or unpaired surrogates";

// Code units, not code points (no "u" flag): a high surrogate with no low one after it, or a low surrogate
// with no high one before it.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !UNPAIRED_SURROGATE.test(text);
}

/**
 * The dot path of the first string (value or key) that cannot be stored, or undefined when there is none. Iterative,
 * because a request body may be nested tens of thousands of levels deep.
 */
export function findUnstorableText(value: unknown): string | undefined {
  // Each entry links to its parent, so the path is only spelled out for the one field reported.
  type Entry = { node: unknown; key: string; parent: Entry | undefined };
  const pathOf = (entry: Entry | undefined, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let at = entry; at?.parent !== undefined; at = at.parent) keys.unshift(at.key);
    return keys.join(".");
  };
  const pending: Entry[] = [{ node: value, key: "", parent: undefined }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const { node } = entry;
    if (typeof node === "string") {
      if (!isStorableText(node)) return pathOf(entry);
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    const children = Array.isArray(node) ? node.map((child, i) => [String(i), child] as const) : Object.entries(node);
    // Pushed in reverse so the first offending field in document order is the one reported.
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const [key, child] = children[i] as readonly [string, unknown];
      if (!isStorableText(key)) return pathOf(entry, JSON.stringify(key).slice(1, -1));
      pending.push({ node: child, key, parent: entry });
    }
  }
  return undefined;
}

export function registerStorableTextGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnstorableText(part);
      if (path !== undefined) throw AppError.validation([{ path, message: UNSTORABLE_TEXT_MESSAGE }]);
    }
  });
}
