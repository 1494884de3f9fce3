/**
 * A rated quote is valid for 30 days from its rating (docs/product/life-cycle.md): the server refuses to bind it after that,
 * the schedule prints the date, and step 7 and the dashboard show it. This is the one place the rule lives.
 */
import { QUOTE_VALIDITY_DAYS } from "../constants";
import { formatDateGb } from "../format/dates";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rule reads: when the quote was last rated (ISO string or Date); null when never rated. */
export type RatedQuote = { ratedAt?: string | Date | null | undefined };

/** The end of a quote's validity, 30 days after its rating; null when it was never rated (or the date is bad). */
export function quoteValidUntil(quote: RatedQuote): Date | null {
  if (quote.ratedAt === null || quote.ratedAt === undefined) return null;
  const until = new Date(new Date(quote.ratedAt).getTime() + QUOTE_VALIDITY_DAYS * DAY_MS);
  return Number.isNaN(until.getTime()) ? null : until;
}

/** A quote never rated, or rated more than 30 days before `now`, must be (re-)rated before it is bound. */
export function isQuoteExpired(quote: RatedQuote, now: Date): boolean {
  const until = quoteValidUntil(quote);
  return until === null || now.getTime() > until.getTime();
}

export type QuoteValidity =
  | { state: "valid"; validUntil: Date; text: string }
  | { state: "expired"; validUntil: Date | null; text: string };

/**
 * The validity of a completed (QUOTED) quote as brokers read it: "Valid until 23/12/2026", or that it has
 * expired and must be re-rated. Other statuses carry no validity to show (a draft is not yet an offer, an
 * issued quote is a policy).
 */
export function describeQuoteValidity(quote: RatedQuote & { status: string }, now: Date): QuoteValidity | null {
  if (quote.status !== "QUOTED") return null;
  const validUntil = quoteValidUntil(quote);
  if (validUntil !== null && !isQuoteExpired(quote, now)) {
    return { state: "valid", validUntil, text: `Valid until ${formatDateGb(validUntil)}` };
  }
  return {
    state: "expired",
    validUntil,
    text: validUntil
      ? `Expired on ${formatDateGb(validUntil)}: re-rate before issue`
      : "Not rated: re-rate before issue",
  };
}
