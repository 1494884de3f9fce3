/**
 * "Underwriter's terms" on the statement of fact and the schedule (ADR 0030): what the underwriter decided
 * on a referred quote, the adjustment as a percentage, their note, by whom and when. A quote without a
 * standing decision prints nothing here.
 */
import { formatAdjustment } from "../../../domain/format/counter-offer";
import { formatDateTimeGb } from "../../../domain/format/dates";
import type { Quote } from "../../../domain/quote/quote";
import { decisionInWords } from "../../../domain/underwriting/history";
import type { KeyValueRow, PdfWriter } from "./pdf-writer";

export function underwritersTermsRows(quote: Quote): KeyValueRow[] | null {
  if (quote.decision === null) return null;
  const rows: KeyValueRow[] = [{ label: "Decision", value: decisionInWords(quote.decision, null) }];
  if (quote.decision === "COUNTER" && quote.adjustmentMultiplier !== null) {
    rows.push({ label: "Adjustment to the base premium", value: formatAdjustment(quote.adjustmentMultiplier) });
  }
  rows.push({ label: "Underwriter's note", value: quote.uwNote?.trim() ? quote.uwNote.trim() : "None given" });
  const who = quote.decidedBy ? `${quote.decidedBy.name} (${quote.decidedBy.email})` : "An underwriter";
  rows.push({ label: "Decided by", value: quote.decidedAt ? `${who}, ${formatDateTimeGb(quote.decidedAt)}` : who });
  return rows;
}

export function writeUnderwritersTerms(writer: PdfWriter, quote: Quote): void {
  const rows = underwritersTermsRows(quote);
  if (rows === null) return;
  writer.heading("Underwriter's terms");
  writer.keyValues(rows);
}
