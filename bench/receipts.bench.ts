/**
 * Verifying a month's receipts (docs/product/receipts.md): 10,000 receipts as a capacity provider downloads them
 * (JSON Lines, each carrying its configuration), each read, hashed part by part and re-rated with the engine, as
 * `npm run verify -- month.jsonl` does. Beside it the bare floor: SHA-256 of the same lines and nothing else.
 *
 * Target: 10,000 receipts verified in at most 2 s (CPU time on one core, best of 3 rounds).
 * Run: npm run bench -- receipts
 */
import { seededRandom } from "../src/domain/random";
import { compileRatingConfig } from "../src/domain/rating/compile";
import { DC_PI_RATING_CONFIG } from "../src/domain/rating/configs/dc-pi";
import { PI001_RATING_CONFIG } from "../src/domain/rating/configs/pi001";
import { defaultRatingInput } from "../src/domain/rating/input";
import { canonicalJson } from "../src/domain/receipt/canonical-json";
import { verifyReceiptText } from "../src/domain/receipt/read";
import { buildReceipt } from "../src/domain/receipt/receipt";
import { sha256Hex } from "../src/server/features/receipts/sha256";
import { printReportHeader, reportFigure } from "./lib/report";

const RECEIPT_COUNT = 10_000;
const ROUNDS = 3;

function monthOfReceipts(): string {
  const random = seededRandom(20_261_126);
  const configurations = [DC_PI_RATING_CONFIG, PI001_RATING_CONFIG].map((config) => {
    const json = JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
    const compiled = compileRatingConfig(json);
    if (!compiled.ok) throw new Error("the shipped configurations compile");
    return { json, rater: compiled.rater };
  });
  const lines: string[] = [];
  for (let index = 0; index < RECEIPT_COUNT; index++) {
    // Most of a month is one product's current version.
    const { json, rater } = configurations[random.chance(0.9) ? 0 : 1] as (typeof configurations)[number];
    const input = defaultRatingInput({
      turnover: Math.floor(random.next() * 3_000_000),
      coverLimit: random.pick([250_000, 500_000, 1_000_000, 2_000_000, 5_000_000]),
      employees: Math.floor(random.next() * 80),
      claimsLast3Yrs: random.chance(0.08) ? 1 : 0,
      excessOption: random.pick(["standard", "2x", "5x"] as const),
      hasContentsInsurance: random.chance(0.3),
      contentsLimit: 50_000,
    });
    const receipt = buildReceipt(
      {
        kind: random.chance(0.9) ? "ISSUE" : "ADJUSTMENT",
        subject: {
          quoteReference: `DCPI-${String(index).padStart(6, "0")}`,
          policyNumber: `DCPI/POL/${String(index).padStart(6, "0")}`,
          endorsement: null,
          ratedAt: "2026-11-03T09:15:00.000Z",
        },
        ratingVersion: { id: "00000000-0000-4000-8000-000000000001", name: String(json.productCode) },
        configuration: json,
        input,
        options: {},
        result: rater.rate(input),
      },
      sha256Hex,
    );
    lines.push(canonicalJson(receipt));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The best of `rounds` runs in seconds of this process's CPU time: verification runs on one core, and CPU time
 * holds on a machine other processes share (wall-clock time would count their turns too).
 */
async function bestOf(rounds: number, run: () => Promise<void> | void): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    await run();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1_000_000);
  }
  return best;
}

const text = monthOfReceipts();
printReportHeader(
  `Verifying ${RECEIPT_COUNT.toLocaleString("en-GB")} rating receipts (${(text.length / 1e6).toFixed(1)} MB of JSON Lines)`,
);
let checked = 0;
const verifySeconds = await bestOf(ROUNDS, async () => {
  const answer = await verifyReceiptText(text, sha256Hex);
  if (!answer.verified) throw new Error(`receipts did not verify: ${answer.lines.slice(0, 6).join(" / ")}`);
  checked = Number(answer.lines[0]?.replace(/\D/g, ""));
});
if (checked !== RECEIPT_COUNT) throw new Error(`checked ${checked} receipts, not ${RECEIPT_COUNT}`);
const lines = text.split("\n");
const floorSeconds = await bestOf(ROUNDS, () => {
  for (const line of lines) sha256Hex(line);
});
reportFigure(`verify ${RECEIPT_COUNT} receipts (read, hash, re-rate)`, verifySeconds, "s", {
  kind: "at most",
  value: 2,
});
reportFigure(`floor: SHA-256 of the same ${RECEIPT_COUNT} lines`, floorSeconds, "s", null);
reportFigure("verification / floor", verifySeconds / floorSeconds, "x", null);
