/**
 * What the quote documents are rendered from: the quote as the API answers it (the domain's `Quote`), plus
 * the few facts the quote itself does not carry. Renderers are pure functions of this view, so they can be
 * tested and benchmarked without a database.
 */
import { EXCESS_OPTIONS } from "../../../domain/constants";
import { formatDateGb } from "../../../domain/format/dates";
import { formatPercent } from "../../../domain/format/numbers";
import { formatGbp, formatGbpWhole, poundsToPence } from "../../../domain/money";
import type { QuotationOptionsResponse } from "../../../domain/quote/quotation-options";
import type { Quote } from "../../../domain/quote/quote";
import type { ExcessOption } from "../../../domain/rating/input";
import type { RatingVersionNaming } from "../../../domain/rating/version";
import type { QuoteTerms } from "../../../domain/underwriting/terms";

export interface QuoteDocumentView {
  quote: Quote;
  /** When the document was produced; printed on it and used as the PDF's creation date. */
  generatedAt: Date;
  /** The rating version the premium came from, by name and version number, when the quote has been rated. */
  ratingVersion?: RatingVersionNaming | null | undefined;
  /** The quote priced at every cover limit and excess, when the statement of fact was asked to include them. */
  quotationOptions?: QuotationOptionsResponse | null | undefined;
  /** On a renewal, the policy number it renews: printed near the top as 'Renewal of {policy number}'. */
  renewalOf?: string | null | undefined;
  /** The clauses and subjectivities of the quote's latest decision. */
  terms?: QuoteTerms | null | undefined;
  /** The hash of the quote's latest rating receipt (docs/product/receipts.md), when it has one. */
  receiptHash?: string | null | undefined;
}

export const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  "D/C-PI": "Design and Construct Professional Indemnity",
  PI001: "Professional Indemnity",
};

export function productName(code: string): string {
  const name = PRODUCT_NAMES[code];
  return name ? `${name} (${code})` : code;
}

export function yesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return "Not answered";
  return value ? "Yes" : "No";
}

/** Amounts the wizard takes in pounds: whole pounds without pence, anything else to the penny. */
export function pounds(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "Not given";
  const pence = poundsToPence(amount);
  return pence % 100 === 0 ? formatGbpWhole(pence) : formatGbp(pence);
}

export function percent(value: number | null | undefined): string {
  return typeof value === "number" && Number.isFinite(value) ? formatPercent(value) : formatPercent(0);
}

export function text(value: string | null | undefined, empty = "None given"): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : empty;
}

export function dateGb(value: string | Date | null | undefined, empty = "Not given"): string {
  return formatDateGb(value) || empty;
}

/** The business activity (stored with step 1's section) and the other step-1 facts, flat or nested. */
export function insuredsDetailsOf(quote: Quote) {
  const details = quote.insuredsDetails;
  return {
    proposerName: quote.proposerName || details?.proposerName || "",
    tradingName: quote.tradingName ?? details?.tradingName ?? null,
    businessActivity: details?.businessActivity ?? null,
    businessAddress: quote.businessAddress ?? details?.businessAddress ?? null,
    incorporationDate: quote.incorporationDate ?? details?.incorporationDate ?? null,
    isSoleTrader: quote.isSoleTrader ?? details?.isSoleTrader ?? false,
    tradingSince: quote.tradingSince ?? details?.tradingSince ?? null,
    inceptionDate: quote.inceptionDate || details?.inceptionDate || "",
    numberOfDirectors: quote.numberOfDirectors ?? details?.numberOfDirectors ?? null,
    numberOfQualifiedStaff: quote.numberOfQualifiedStaff ?? details?.numberOfQualifiedStaff ?? null,
    hasFinancialInterest: quote.hasFinancialInterest ?? details?.hasFinancialInterest ?? false,
    financialInterestDetails: quote.financialInterestDetails ?? details?.financialInterestDetails ?? null,
  };
}

/** The rating input carries the excess option as text; anything unknown reads as the standard excess. */
export function asExcessOption(value: string | null | undefined): ExcessOption {
  return (EXCESS_OPTIONS as readonly string[]).includes(value ?? "") ? (value as ExcessOption) : "standard";
}
