/**
 * Reading receipts from a file (docs/product/receipts.md "Verifying"), the same in the offline verifier and the
 * browser: one receipt (as saved from the API, with or without its `data` wrapper), a JSON array of them, or JSON
 * Lines (one a line, as the bordereau's receipts export).
 */
import type { AsyncSha256 } from "./receipt";
import { createReceiptVerifier, describeSummary, describeVerdict, verifyReceipts } from "./verify";

/** A receipt as saved from the API ({ "data": receipt }) or on its own. */
function unwrap(value: unknown): unknown {
  if (typeof value !== "object" || value === null || "format" in value) return value;
  const data = (value as { data?: unknown }).data;
  return data === undefined ? value : data;
}

/** One receipt (a JSON file), or many (a JSON array, or JSON Lines); a line that is not JSON is kept as null. */
export function readReceipts(text: string): { single: unknown } | { many: unknown[] } {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? { many: parsed.map(unwrap) } : { single: unwrap(parsed) };
  } catch {
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
    return {
      many: lines.map((line) => {
        try {
          return unwrap(JSON.parse(line));
        } catch {
          return null;
        }
      }),
    };
  }
}

/** Verifies a file's receipts: whether every one verified, and the lines that say so. */
export async function verifyReceiptText(
  text: string,
  sha256: AsyncSha256,
): Promise<{ verified: boolean; lines: string[] }> {
  const verifier = createReceiptVerifier(sha256);
  const read = readReceipts(text);
  if ("single" in read) {
    const verdict = await verifier.verify(read.single);
    return { verified: verdict.verified, lines: describeVerdict(verdict) };
  }
  const summary = await verifyReceipts(verifier, read.many);
  return { verified: summary.differing.length === 0 && summary.checked > 0, lines: describeSummary(summary) };
}
