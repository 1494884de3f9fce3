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
import { readFileSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ENGINE_VERSION } from "../src/domain/rating/engine-version";
import { verifyReceiptText } from "../src/domain/receipt/read";
import { sha256Hex } from "../src/server/features/receipts/sha256";

export async function main(argv: readonly string[], print: (line: string) => void): Promise<number> {
  const file = argv[0];
  if (file === undefined || file === "--help") {
    print("usage: verify-receipt FILE   (a receipt .json, or a .jsonl of receipts one a line)");
    print(`this verifier knows engine version ${ENGINE_VERSION}`);
    return 2;
  }
  let text: string;
  try {
    // `npm run verify` runs in the repository's folder: a relative name is the caller's, from where npm was run.
    text = readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), file), "utf8");
  } catch (error) {
    print(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const answer = await verifyReceiptText(text, sha256Hex);
  for (const line of answer.lines) print(line);
  return answer.verified ? 0 : 1;
}

// Run as a command (tsx or the built file), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
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
