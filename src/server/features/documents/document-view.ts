/**
 * What the quote documents are rendered from: the quote as the API answers it (the domain's `Quote`), plus
 * the few facts the quote itself does not carry. Renderers are pure functions of this view, so they can be
 * tested and benchmarked without a database.
 */
import { EXCESS_OPTIONS, POLICY_PERIOD_MONTHS } from "../../../domain/constants";
import { formatDateGb } from "../../../domain/format/dates";
import { formatPercent } from "../../../domain/format/numbers";
import { formatGbp, formatGbpWhole, poundsToPence } from "../../../domain/money";
import type { Quote } from "../../../domain/quote/quote";
import type { ExcessOption } from "../../../domain/rating/input";

export interface QuoteDocumentView {
  quote: Quote;
  /** When the document was produced; printed on it and used as the PDF's creation date. */
  generatedAt: Date;
  /** The rating version the premium came from, by name, when the quote has been rated. */
  ratingVersion?: { id: string; name: string } | null | undefined;
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

/**
 * The period of insurance: from the inception date for twelve months, to the day before the anniversary
 * (both days inclusive, the UK market's convention). From 29 February the anniversary is 1 March, so the
 * period ends on 28 February.
 */
export function periodOfInsurance(inceptionDate: string): { from: string; to: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(inceptionDate);
  if (!match) return { from: inceptionDate, to: inceptionDate };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls a day past the month's end over into the next month, which is the anniversary we want.
  const anniversary = Date.UTC(year, month - 1 + POLICY_PERIOD_MONTHS, day);
  const dayBefore = new Date(anniversary - 24 * 60 * 60 * 1_000);
  return { from: inceptionDate, to: dayBefore.toISOString().slice(0, 10) };
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
