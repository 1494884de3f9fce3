/**
 * What a quote document prints (docs/product/permissions.md): the quote as its reader may see it, with the rating version that
 * priced it. A quote that lacks what the documents print is refused with 409 naming what is missing.
 */
import { describeMissing, findMissingForDocuments } from "../../../domain/quote/completeness";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { readQuoteTerms } from "../endorsements/terms-service";
import { loadQuoteFor } from "../quotes/access-service";
import type { QuoteActor } from "../quotes/repository";
import { toQuoteResponse } from "../quotes/response";
import { findVersionNaming } from "../rating-versions/repository";
import { latestReceiptHash } from "../receipts/service";
import type { QuoteDocumentView } from "./document-view";

export async function documentViewFor(
  db: Database,
  user: QuoteActor,
  id: string,
  documentName: string,
  now: Date,
): Promise<QuoteDocumentView> {
  const found = await loadQuoteFor(db, id, user, "downloadDocuments");
  const quote = toQuoteResponse(found.quote, found.broker, found.decidedBy, found.renewalOf);
  const missing = findMissingForDocuments(quote);
  if (missing.length > 0) {
    throw new AppError(
      "QUOTE_INCOMPLETE",
      `The ${documentName} cannot be produced until the quote is complete. ${describeMissing(missing)}.`,
    );
  }
  const ratingVersion = quote.ratingVersionId ? ((await findVersionNaming(db, quote.ratingVersionId)) ?? null) : null;
  const terms = await readQuoteTerms(db, found.quote, now);
  const receiptHash = await latestReceiptHash(db, found.quote.id);
  return {
    quote,
    generatedAt: now,
    ratingVersion,
    renewalOf: quote.renewalOf?.policyNumber ?? null,
    terms,
    receiptHash,
  };
}
