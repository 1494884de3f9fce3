/**
 * A rating receipt (docs/product/receipts.md): everything needed to rate a premium again anywhere, with no
 * database. The rating input exactly as the engine read it, the rate options, the rating version's configuration,
 * the engine's version and the engine's result with its worksheet. Each part has its SHA-256 over its canonical
 * form (RFC 8785), and the receipt's own hash is taken over the part hashes and the receipt's details, so a
 * change to any byte of any part is caught and the part named.
 */
import type { CompiledRater, RateOptions, RatingResult } from "../rating/compile";
import { ENGINE_VERSION } from "../rating/engine-version";
import type { RatingInput } from "../rating/input";
import { ratingWorksheet } from "../rating/worksheet";
import { canonicalJson } from "./canonical-json";

export const RECEIPT_FORMAT = "pi-rating-receipt";
export const RECEIPT_KINDS = ["RATING", "ADJUSTMENT", "ISSUE"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** The parts a receipt's hashes cover, in the order the verifier checks them. */
export const RECEIPT_PARTS = ["input", "options", "configuration", "result"] as const;
export type ReceiptPart = (typeof RECEIPT_PARTS)[number];

export { SHORT_HASH_LENGTH, shortReceiptHash } from "./short-hash";

/** What the receipt is of: the quote or policy, and when it was rated. */
export interface ReceiptSubject {
  quoteReference: string;
  policyNumber: string | null;
  /** The endorsement number of an adjustment; null otherwise. */
  endorsement: number | null;
  ratedAt: string;
}

export interface ReceiptRatingVersion {
  id: string;
  name: string;
}

/** The engine's result as a receipt keeps it, with the worksheet a broker reads. */
export type ReceiptResult = Omit<RatingResult, "fees" | "trace" | "referralHits"> & {
  fees: { code: string; label: string; amount: number }[];
  referralHits: { code: string; description: string }[];
  trace: { kind: string; name: string; matched: string; multiplier: number }[];
  /** The worksheet's rows, one per line: "label | detail | value". */
  worksheet: string[];
};

export interface RatingReceipt {
  format: typeof RECEIPT_FORMAT;
  engineVersion: string;
  kind: ReceiptKind;
  subject: ReceiptSubject;
  ratingVersion: ReceiptRatingVersion;
  input: RatingInput;
  options: RateOptions;
  /**
   * The configuration's JSON text exactly as the engine compiled it. Text, not an object: the order of its keys is
   * the order the engine applies factors and writes the worksheet, and a canonical object would sort it away.
   */
  configuration: string;
  result: ReceiptResult;
  hashes: Record<ReceiptPart, string>;
  hash: string;
}

/** SHA-256 of UTF-8 text as lower-case hex: node:crypto on the server, WebCrypto in the browser. */
export type Sha256 = (text: string) => string;
export type AsyncSha256 = (text: string) => string | Promise<string>;

/** The engine's result in a receipt's words: plain copies of its lines and the worksheet they read as. */
export function receiptResultOf(result: RatingResult, input: RatingInput): ReceiptResult {
  const worksheet = ratingWorksheet(result.trace, { ratedTurnover: input.turnover, premium: result }).map(
    (row) => `${row.label} | ${row.detail} | ${row.value}`,
  );
  return {
    ...result,
    fees: result.fees.map((fee) => ({ code: fee.code, label: fee.label, amount: fee.amount })),
    referralHits: result.referralHits.map((hit) => ({ code: hit.code, description: hit.description })),
    endorsements: [...result.endorsements],
    trace: result.trace.map((line) => ({
      kind: line.kind,
      name: line.name,
      matched: line.matched,
      multiplier: line.multiplier,
    })),
    worksheet,
  };
}

/** Only the options the engine was given (an absent option is absent, never undefined). */
export function receiptOptionsOf(options: RateOptions): RateOptions {
  return JSON.parse(canonicalJson(options)) as RateOptions;
}

/** What the receipt's own hash covers: its details and the hash of each part (not the parts themselves). */
export function receiptHashBasis(receipt: Omit<RatingReceipt, "hash">): string {
  return canonicalJson({
    format: receipt.format,
    engineVersion: receipt.engineVersion,
    kind: receipt.kind,
    subject: receipt.subject,
    ratingVersion: receipt.ratingVersion,
    hashes: receipt.hashes,
  });
}

export interface ReceiptSource {
  kind: ReceiptKind;
  subject: ReceiptSubject;
  ratingVersion: ReceiptRatingVersion;
  configuration: Record<string, unknown>;
  input: RatingInput;
  options: RateOptions;
  result: RatingResult;
}

/**
 * A configuration's text and hash, worked out once per configuration object and hash function: a published version's
 * configuration is compiled once and kept, and every rating with it would otherwise write and hash the same text.
 */
const configurationParts = new WeakMap<Sha256, WeakMap<object, { text: string; hash: string }>>();

function configurationPart(configuration: Record<string, unknown>, sha256: Sha256): { text: string; hash: string } {
  let byConfiguration = configurationParts.get(sha256);
  if (!byConfiguration) {
    byConfiguration = new WeakMap();
    configurationParts.set(sha256, byConfiguration);
  }
  let part = byConfiguration.get(configuration);
  if (!part) {
    const text = JSON.stringify(configuration);
    part = { text, hash: sha256(canonicalJson(text)) };
    byConfiguration.set(configuration, part);
  }
  return part;
}

/** A receipt of a rating the engine made. */
export function buildReceipt(source: ReceiptSource, sha256: Sha256): RatingReceipt {
  const configuration = configurationPart(source.configuration, sha256);
  const parts = {
    input: { ...source.input },
    options: receiptOptionsOf(source.options),
    configuration: configuration.text,
    result: receiptResultOf(source.result, source.input),
  };
  const hashes = {
    input: sha256(canonicalJson(parts.input)),
    options: sha256(canonicalJson(parts.options)),
    configuration: configuration.hash,
    result: sha256(canonicalJson(parts.result)),
  };
  const unsigned = {
    format: RECEIPT_FORMAT,
    engineVersion: ENGINE_VERSION,
    kind: source.kind,
    subject: source.subject,
    ratingVersion: source.ratingVersion,
    ...parts,
    hashes,
  } satisfies Omit<RatingReceipt, "hash">;
  return { ...unsigned, hash: sha256(receiptHashBasis(unsigned)) };
}

/** Re-rates a receipt's input with a compiled configuration: the result the receipt should hold. */
export function reRate(rater: CompiledRater, receipt: Pick<RatingReceipt, "input" | "options">): ReceiptResult {
  return receiptResultOf(rater.rate(receipt.input, receipt.options), receipt.input);
}
