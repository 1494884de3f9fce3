/**
 * How screens name the broker's commission (docs/product/firms.md "Commission"). No schema here: step 7 and the
 * policy screen only show commission and load no zod for it.
 */
import type { QuoteCommission } from "../quote/quote";

export const COMMISSION_LABELS = {
  title: "Broker Commission",
  commission: "Broker commission",
  netPremium: "Net premium due from broker",
  /** A return premium's (an adjustment down, a cancellation): the broker gives back the commission on it. */
  commissionReturned: "Broker commission returned",
  netReturned: "Net premium returned to broker",
  overridden: "set by an underwriter",
  none: "No commission: the broker had no firm when the quote was written",
  rate: "Commission rate (%)",
} as const;

/** 12.5 -> "12.5%", 15 -> "15%". */
export function commissionRateText(ratePercent: number): string {
  return `${Number(ratePercent.toFixed(2))}%`;
}

/**
 * "Broker commission (15%)", or "(7.5%, set by an underwriter)" when an underwriter set this quote's rate; `name`
 * says which way it goes where that varies ("Broker commission returned (15%)").
 */
export function commissionLineLabel(
  commission: Pick<QuoteCommission, "ratePercent" | "overridden">,
  name: string = COMMISSION_LABELS.commission,
): string {
  const rate = commissionRateText(commission.ratePercent);
  return `${name} (${commission.overridden ? `${rate}, ${COMMISSION_LABELS.overridden}` : rate})`;
}
