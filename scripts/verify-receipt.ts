#!/usr/bin/env node
/**
 * `npm run verify -- receipt.json` (docs/product/receipts.md): rates a rating receipt again with the engine alone,
 * no database, and says "verified" or "not verified" with the part that differs and the first differing line. A
 * JSON Lines file (one receipt a line, as the bordereau's receipts export) is checked row by row and summed up:
 * rows checked, verified, differing. The same file is built into dist/verify/verify-receipt.mjs, which runs with
 * `node verify-receipt.mjs FILE` and nothing else installed.
 *
 * Exit code: 0 every receipt verified; 1 any not verified (a changed part, an unknown engine version); 2 the file
 * cannot be read.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { ENGINE_VERSION } from "../src/domain/rating/engine-version";
import { createReceiptVerifier, describeSummary, describeVerdict, verifyReceipts } from "../src/domain/receipt/verify";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A receipt as saved from the API ({ "data": receipt }) or on its own. */
function unwrap(value: unknown): unknown {
  const data = (value as { data?: unknown; format?: unknown } | null)?.data;
  return typeof value === "object" && value !== null && !("format" in value) && data !== undefined ? data : value;
}

/** One receipt (a JSON file), or many (a JSON array, or JSON Lines). */
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

export async function main(argv: readonly string[], print: (line: string) => void): Promise<number> {
  const file = argv[0];
  if (file === undefined || file === "--help") {
    print("usage: verify-receipt FILE   (a receipt .json, or a .jsonl of receipts one a line)");
    print(`this verifier knows engine version ${ENGINE_VERSION}`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    print(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const verifier = createReceiptVerifier(sha256);
  const read = readReceipts(text);
  if ("single" in read) {
    const verdict = await verifier.verify(read.single);
    for (const line of describeVerdict(verdict)) print(line);
    return verdict.verified ? 0 : 1;
  }
  const summary = await verifyReceipts(verifier, read.many);
  for (const line of describeSummary(summary)) print(line);
  return summary.differing.length === 0 ? 0 : 1;
}

// Run as a command (tsx or the built file), not when a test imports it.
if (process.argv[1] && /verify-receipt\.(ts|mjs)$/.test(process.argv[1])) {
  main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
