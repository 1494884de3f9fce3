/**
 * Is a quote complete enough for a statement of fact or a policy schedule? (docs/product/life-cycle.md "Download menu in
 * the wizard"; docs/product/documents.md: the server answers 409 naming what is missing.)
 */
import { isBlank } from "../checks";

/** The parts of a quote the rule reads; step-1 values may sit flat or inside insuredsDetails. */
export type QuoteDataForDocuments = {
  proposerName?: string | null | undefined;
  businessAddress?: string | null | undefined;
  incorporationDate?: string | null | undefined;
  isSoleTrader?: boolean | null | undefined;
  insuredsDetails?:
    | {
        proposerName?: string | null | undefined;
        businessAddress?: string | null | undefined;
        incorporationDate?: string | null | undefined;
        isSoleTrader?: boolean | null | undefined;
      }
    | null
    | undefined;
  financialOverview?:
    | { turnover?: number | null | undefined; largestSingleProjectValue?: number | null | undefined }
    | null
    | undefined;
  designLiability?: object | null | undefined;
  activitySplit?: object | null | undefined;
  contracts?: object | null | undefined;
  declaration?: object | null | undefined;
};

function present(text: string | null | undefined): boolean {
  return !isBlank(text);
}

function positive(amount: number | null | undefined): boolean {
  return typeof amount === "number" && Number.isFinite(amount) && amount > 0;
}

/** Human names of what is missing, in wizard order; empty when documents can be produced. */
export function findMissingForDocuments(quote: QuoteDataForDocuments): string[] {
  const details = quote.insuredsDetails ?? {};
  // A sole trader is not incorporated: their documents need no incorporation date.
  const soleTrader = (quote.isSoleTrader ?? details.isSoleTrader) === true;
  const missing: string[] = [];
  if (!present(quote.proposerName) && !present(details.proposerName)) {
    missing.push(soleTrader ? "sole trader's name" : "company name");
  }
  if (!present(quote.businessAddress) && !present(details.businessAddress)) missing.push("business address");
  if (!soleTrader && !present(quote.incorporationDate) && !present(details.incorporationDate)) {
    missing.push("incorporation date");
  }
  if (!positive(quote.financialOverview?.turnover)) missing.push("turnover");
  if (!positive(quote.financialOverview?.largestSingleProjectValue)) missing.push("largest single project value");
  if (!quote.designLiability) missing.push("design liability");
  if (!quote.activitySplit) missing.push("activity split");
  if (!quote.contracts) missing.push("contracts");
  if (!quote.declaration) missing.push("declaration");
  return missing;
}

export function isQuoteDataComplete(quote: QuoteDataForDocuments): boolean {
  return findMissingForDocuments(quote).length === 0;
}

/** "Missing: business address, turnover and declaration" for the 409 and the disabled menu's hint. */
export function describeMissing(missing: readonly string[]): string {
  if (missing.length === 0) return "";
  if (missing.length === 1) return `Missing: ${missing[0]}`;
  return `Missing: ${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]}`;
}
