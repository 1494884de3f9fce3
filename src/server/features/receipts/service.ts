/**
 * Rating receipts (docs/product/receipts.md): building the receipt of a rating the server made, and reading a
 * quote's receipt for whoever may see the quote.
 */
import type { RateOptions, RatingResult } from "../../../domain/rating/compile";
import type { RatingInput } from "../../../domain/rating/input";
import { buildReceipt, type RatingReceipt, type ReceiptKind } from "../../../domain/receipt/receipt";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import type { RatingVersionRow } from "../../db/schema";
import { AppError } from "../../errors";
import { loadQuoteFor } from "../quotes/access-service";
import { findLatestReceipt, type ReceiptToWrite } from "./repository";
import { sha256Hex } from "./sha256";

export type { ReceiptToWrite } from "./repository";
export { insertReceipt, receiptAfter, receiptAfterValues } from "./repository";

/** What the engine was asked and answered, with the version it rated under. */
export interface EngineRating {
  version: Pick<RatingVersionRow, "id" | "name" | "json">;
  input: RatingInput;
  options: RateOptions;
  /** The engine's own result: a referral the server adds beside it (a backdated inception) is not in it. */
  result: RatingResult;
}

/** The receipt of an engine rating of quote `reference` (and of its policy and endorsement, once it has them). */
export function receiptToWrite(
  kind: ReceiptKind,
  rating: EngineRating,
  about: {
    reference: string;
    policyNumber?: string | null;
    endorsement?: number | null;
    policySequence?: number | null;
  },
  now: Date,
): ReceiptToWrite {
  const receipt = buildReceipt(
    {
      kind,
      subject: {
        quoteReference: about.reference,
        policyNumber: about.policyNumber ?? null,
        endorsement: about.endorsement ?? null,
        ratedAt: now.toISOString(),
      },
      ratingVersion: { id: rating.version.id, name: rating.version.name },
      configuration: rating.version.json,
      input: rating.input,
      options: rating.options,
      result: rating.result,
    },
    sha256Hex,
  );
  return { kind, policySequence: about.policySequence ?? null, receipt };
}

/** The hash of a quote's latest receipt, or null when it has none: what its documents print. */
export async function latestReceiptHash(db: Database, quoteId: string): Promise<string | null> {
  return (await findLatestReceipt(db, quoteId))?.hash ?? null;
}

/**
 * The latest receipt of a quote (of one kind when asked), for whoever may see the quote (404 otherwise, as the
 * quote itself answers); 404 RECEIPT_NOT_FOUND when it has none.
 */
export async function receiptForQuote(
  db: Database,
  actor: AuthUser,
  quoteId: string,
  kind?: ReceiptKind,
): Promise<RatingReceipt> {
  const found = await loadQuoteFor(db, quoteId, actor, "view");
  const row = await findLatestReceipt(db, found.quote.id, kind);
  if (!row) throw new AppError("RECEIPT_NOT_FOUND");
  return JSON.parse(row.receipt) as RatingReceipt;
}
