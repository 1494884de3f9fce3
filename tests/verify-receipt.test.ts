/**
 * The offline verifier (docs/product/receipts.md "Verifying"): `npm run verify` on genuine and tampered receipts
 * and on a JSON Lines file of many, and the standalone single file, built as `npm run build` builds it and run by
 * plain Node from a folder with nothing else in it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../scripts/verify-receipt";
import type { RatingReceipt } from "../src/domain/receipt/receipt";

const corpus = join(import.meta.dirname, "fixtures", "receipts");
const genuine = readFileSync(join(corpus, "engine-1-cap.json"), "utf8");
const workDir = mkdtempSync(join(tmpdir(), "pqe-verify-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(workDir, name);
  writeFileSync(file, text);
  return file;
}

function tampered(change: (receipt: RatingReceipt) => void): string {
  const receipt = JSON.parse(genuine) as RatingReceipt;
  change(receipt);
  return JSON.stringify(receipt);
}

async function run(file: string): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main([file], (line) => lines.push(line));
  return { code, lines };
}

describe("npm run verify", () => {
  it("says verified for a genuine receipt, also one saved from the API with its data wrapper", async () => {
    expect(await run(write("genuine.json", genuine))).toEqual({ code: 0, lines: ["verified"] });
    const wrapped = write("wrapped.json", JSON.stringify({ data: JSON.parse(genuine) }, null, 2));
    expect(await run(wrapped)).toEqual({ code: 0, lines: ["verified"] });
  });

  it("says not verified, naming the part and the first differing line, for each part tampered", async () => {
    const input = await run(
      write(
        "input.json",
        tampered((r) => {
          r.input.employees = 30;
        }),
      ),
    );
    expect(input.code).toBe(1);
    expect(input.lines[0]).toBe("not verified: input differs");
    expect(input.lines.find((line) => line.startsWith("first differing line"))).toBeDefined();

    const configuration = tampered((r) => {
      r.configuration = r.configuration.replace('"taxesPct":12', '"taxesPct":5');
    });
    expect((await run(write("configuration.json", configuration))).lines[0]).toBe(
      "not verified: configuration differs",
    );
    const result = await run(
      write(
        "result.json",
        tampered((r) => {
          r.result.taxes += 1;
        }),
      ),
    );
    expect(result.lines[0]).toBe("not verified: result differs");
    expect(result.lines.join("\n")).toMatch(/receipt: {2}"taxes": \d+,\n {2}computed: "taxes": \d+,/);
    const hash = await run(
      write(
        "hash.json",
        tampered((r) => {
          r.hash = "0".repeat(64);
        }),
      ),
    );
    expect(hash).toMatchObject({ code: 1, lines: ["not verified: hash differs", expect.any(String)] });
  });

  it("never says verified for an unknown engine version, and says why", async () => {
    const answer = await run(
      write(
        "future.json",
        tampered((r) => {
          r.engineVersion = "2";
        }),
      ),
    );
    expect(answer.code).toBe(1);
    expect(answer.lines).toEqual([
      'not verified: Unknown engine version "2": this verifier knows engine version 1, so it cannot say whether this receipt is right',
    ]);
  });

  it("sums up a JSON Lines file: rows checked, verified, differing, and lists each differing row", async () => {
    const rows = readdirSync(corpus).map((name) =>
      JSON.stringify(JSON.parse(readFileSync(join(corpus, name), "utf8"))),
    );
    rows.splice(
      2,
      0,
      tampered((r) => {
        r.result.totalPremium = 1;
      }),
    );
    const answer = await run(write("month.jsonl", `${rows.join("\n")}\n`));
    expect(answer.code).toBe(1);
    expect(answer.lines.slice(0, 3)).toEqual([
      `rows checked: ${rows.length}`,
      `verified: ${rows.length - 1}`,
      "differing: 1",
    ]);
    expect(answer.lines[3]).toMatch(/^row 3 \([0-9a-f]{12}\):$/);
    expect(answer.lines[4]).toBe("  not verified: result differs");
  });

  it("answers 2 for a file it cannot read", async () => {
    expect((await run(join(workDir, "missing.json"))).code).toBe(2);
  });
});

describe("the standalone verifier", () => {
  let verifier = "";
  beforeAll(async () => {
    // Built as scripts/build.mjs builds it, then copied alone into an empty folder: Node and the file, nothing else.
    const built = join(workDir, "built.mjs");
    await build({
      entryPoints: [join(import.meta.dirname, "..", "scripts", "verify-receipt.ts")],
      outfile: built,
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "error",
    });
    const alone = mkdtempSync(join(tmpdir(), "pqe-verify-alone-"));
    verifier = join(alone, "verify-receipt.mjs");
    copyFileSync(built, verifier);
  });

  it("runs with plain node, verifying a genuine receipt and refusing a tampered one", () => {
    const ok = execFileSync(process.execPath, [verifier, write("alone.json", genuine)], { encoding: "utf8" });
    expect(ok).toBe("verified\n");
    const bad = spawnSync(
      process.execPath,
      [
        verifier,
        write(
          "alone-bad.json",
          tampered((r) => {
            r.input.turnover = 1;
          }),
        ),
      ],
      {
        encoding: "utf8",
      },
    );
    expect(bad.status).toBe(1);
    expect(bad.stdout.split("\n")[0]).toBe("not verified: input differs");
  });
});
