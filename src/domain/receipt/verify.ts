/**
 * Verifying a rating receipt (docs/product/receipts.md), the same code on the server, in the offline verifier and
 * in the admin's browser: the engine version must be one this verifier knows; each part must match its recorded
 * hash; the receipt's hash must match its details and part hashes; and rating the input again with the
 * configuration must give exactly the recorded result. Anything else is "not verified", naming the part.
 */
import { type CompiledRater, compileRatingConfig } from "../rating/compile";
import { ENGINE_VERSION } from "../rating/engine-version";
import { canonicalJson, firstDifferingLine } from "./canonical-json";
import {
  type AsyncSha256,
  type RatingReceipt,
  RECEIPT_FORMAT,
  RECEIPT_PARTS,
  type ReceiptPart,
  receiptHashBasis,
  reRate,
} from "./receipt";

/**
 * The engines this verifier can rate with, by version. Receipts made under an engine version that is not here
 * are reported as such, never as verified: when the engine's behaviour changes, its previous version stays here
 * (as the frozen code it was) for as long as receipts made under it must verify.
 */
export const KNOWN_ENGINES: Readonly<
  Record<string, (configuration: unknown) => ReturnType<typeof compileRatingConfig>>
> = { [ENGINE_VERSION]: compileRatingConfig };

/** What a verification found; `part` names what differs. */
export type ReceiptVerdict =
  | { verified: true; hash: string }
  | {
      verified: false;
      /** "input", "options", "configuration", "result", "<part> hash", "hash", "engine version" or "receipt". */
      part: string;
      message: string;
      /** The first line that differs, where two canonical forms can be laid side by side. */
      difference: { line: number; recorded: string; computed: string } | null;
    };

const PART_WORDS: Record<ReceiptPart, string> = {
  input: "input",
  options: "options",
  configuration: "configuration",
  result: "result",
};

function notVerified(
  part: string,
  message: string,
  difference: { line: number; recorded: string; computed: string } | null = null,
): ReceiptVerdict {
  return { verified: false, part, message, difference };
}

/** The problem with a value that is not a receipt at all, or null. */
function shapeProblem(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "This is not a rating receipt";
  const receipt = value as Partial<Record<keyof RatingReceipt, unknown>>;
  if (receipt.format !== RECEIPT_FORMAT) return `This is not a rating receipt (format is not "${RECEIPT_FORMAT}")`;
  if (typeof receipt.engineVersion !== "string") return "The receipt names no engine version";
  if (typeof receipt.configuration !== "string") return "The receipt has no configuration text";
  for (const key of ["input", "options", "result", "hashes", "subject", "ratingVersion"] as const) {
    const part = receipt[key];
    if (typeof part !== "object" || part === null || Array.isArray(part)) return `The receipt has no ${key}`;
  }
  if (typeof receipt.hash !== "string") return "The receipt has no hash";
  return null;
}

export interface ReceiptVerifier {
  verify(value: unknown): Promise<ReceiptVerdict>;
}

/**
 * A verifier that compiles each configuration once (by its hash) however many receipts share it: a bordereau's
 * rows mostly share one rating version.
 */
export function createReceiptVerifier(sha256: AsyncSha256): ReceiptVerifier {
  const raters = new Map<string, CompiledRater | string>();
  /** The hash of each configuration text met, by the text itself: a month's receipts mostly share one or two. */
  const configurationHashes = new Map<string, string>();

  async function configurationHash(text: string): Promise<string> {
    let hash = configurationHashes.get(text);
    if (hash === undefined) {
      hash = await sha256(canonicalJson(text));
      if (configurationHashes.size < 1_000) configurationHashes.set(text, hash);
    }
    return hash;
  }

  function compile(engineVersion: string, configuration: string): CompiledRater | string {
    let json: unknown;
    try {
      json = JSON.parse(configuration);
    } catch {
      return "The configuration is not JSON";
    }
    const compiled = (KNOWN_ENGINES[engineVersion] as (typeof KNOWN_ENGINES)[string])(json);
    return compiled.ok
      ? compiled.rater
      : `The configuration cannot be compiled: ${compiled.issues[0]?.path} ${compiled.issues[0]?.message}`;
  }

  function raterFor(engineVersion: string, configurationHash: string, configuration: string): CompiledRater | string {
    const key = `${engineVersion}:${configurationHash}`;
    let rater = raters.get(key);
    if (rater === undefined) {
      rater = compile(engineVersion, configuration);
      raters.set(key, rater);
    }
    return rater;
  }

  async function verify(value: unknown): Promise<ReceiptVerdict> {
    const problem = shapeProblem(value);
    if (problem !== null) return notVerified("receipt", problem);
    const receipt = value as RatingReceipt;
    if (!Object.hasOwn(KNOWN_ENGINES, receipt.engineVersion)) {
      return notVerified(
        "engine version",
        `Unknown engine version "${receipt.engineVersion}": this verifier knows engine version ${Object.keys(KNOWN_ENGINES).join(", ")}, so it cannot say whether this receipt is right`,
      );
    }
    const computed = {} as Record<ReceiptPart, string>;
    const canonical = {
      input: canonicalJson(receipt.input),
      options: canonicalJson(receipt.options),
      result: canonicalJson(receipt.result),
    };
    computed.input = await sha256(canonical.input);
    computed.options = await sha256(canonical.options);
    computed.result = await sha256(canonical.result);
    computed.configuration = await configurationHash(receipt.configuration);
    const hashMatches = (await sha256(receiptHashBasis(receipt))) === receipt.hash;

    const rater = raterFor(receipt.engineVersion, computed.configuration, receipt.configuration);
    let rerated: unknown = null;
    let rateProblem: string | null = typeof rater === "string" ? rater : null;
    if (typeof rater !== "string") {
      try {
        rerated = reRate(rater, receipt);
      } catch (error) {
        rateProblem = `The input cannot be rated: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    // Lines are laid out only when the canonical texts differ: most receipts verify, and a bordereau has many.
    const resultDifference =
      rateProblem === null && canonical.result !== canonicalJson(rerated)
        ? firstDifferingLine(receipt.result, rerated)
        : null;

    for (const part of RECEIPT_PARTS) {
      if (computed[part] === receipt.hashes[part]) continue;
      const word = PART_WORDS[part];
      if (!hashMatches) {
        return notVerified(`${word} hash`, `The ${word} hash differs: the receipt's hash does not cover it`, {
          line: 1,
          recorded: `"${part}": "${receipt.hashes[part]}"`,
          computed: `"${part}": "${computed[part]}"`,
        });
      }
      return notVerified(
        word,
        `The ${word} differs: it no longer matches the hash recorded for it${resultDifference ? ", and re-rating gives a different result" : ""}`,
        resultDifference,
      );
    }
    if (!hashMatches) {
      return notVerified("hash", "The receipt's hash differs from its details and part hashes");
    }
    if (rateProblem !== null) return notVerified("result", rateProblem);
    if (resultDifference !== null) {
      return notVerified(
        "result",
        "The result differs from what the engine gives for this input and configuration",
        resultDifference,
      );
    }
    return { verified: true, hash: receipt.hash };
  }

  return { verify };
}

/** A verdict in one or more lines, as the offline verifier and the admin's screen say it. */
export function describeVerdict(verdict: ReceiptVerdict): string[] {
  if (verdict.verified) return ["verified"];
  if (verdict.part === "engine version" || verdict.part === "receipt") return [`not verified: ${verdict.message}`];
  const lines = [`not verified: ${verdict.part} differs`, verdict.message];
  if (verdict.difference !== null) {
    lines.push(`first differing line (${verdict.difference.line}):`);
    lines.push(`  receipt:  ${verdict.difference.recorded}`);
    lines.push(`  computed: ${verdict.difference.computed}`);
  }
  return lines;
}

/** What a run over many receipts (a bordereau's month) found. */
export interface ReceiptSummary {
  checked: number;
  verified: number;
  differing: { row: number; hash: string | null; verdict: ReceiptVerdict }[];
}

/** Verifies each receipt in turn: rows checked, verified, and each differing one with its verdict. */
export async function verifyReceipts(verifier: ReceiptVerifier, receipts: readonly unknown[]): Promise<ReceiptSummary> {
  const summary: ReceiptSummary = { checked: 0, verified: 0, differing: [] };
  for (const [index, receipt] of receipts.entries()) {
    const verdict = await verifier.verify(receipt);
    summary.checked++;
    if (verdict.verified) summary.verified++;
    else {
      const hash = (receipt as { hash?: unknown } | null)?.hash;
      summary.differing.push({ row: index + 1, hash: typeof hash === "string" ? hash : null, verdict });
    }
  }
  return summary;
}

/** A summary in the lines the offline verifier prints. */
export function describeSummary(summary: ReceiptSummary): string[] {
  const lines = [
    `rows checked: ${summary.checked}`,
    `verified: ${summary.verified}`,
    `differing: ${summary.differing.length}`,
  ];
  for (const row of summary.differing) {
    lines.push(`row ${row.row}${row.hash ? ` (${row.hash.slice(0, 12)})` : ""}:`);
    for (const line of describeVerdict(row.verdict)) lines.push(`  ${line}`);
  }
  return lines;
}
