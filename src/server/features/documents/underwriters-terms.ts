/**
 * "Underwriter's terms" on the statement of fact and the schedule (ADR 0030): what the underwriter decided
 * on a referred quote, their note for the client, by whom and when. A quote without a standing decision
 * prints nothing here. The client reads these documents, so they carry the terms and never the underwriter's
 * working: not the loading (the premium printed is already the one agreed), not the note for the file, not
 * the underwriter's e-mail address.
 */
import { formatDateTimeGb } from "../../../domain/format/dates";
import type { Quote } from "../../../domain/quote/quote";
import { decisionInWords } from "../../../domain/underwriting/history";
import type { KeyValueRow, PdfWriter } from "./pdf-writer";

export function underwritersTermsRows(quote: Quote): KeyValueRow[] | null {
  if (quote.decision === null) return null;
  const rows: KeyValueRow[] = [{ label: "Decision", value: decisionInWords(quote.decision, null) }];
  rows.push({ label: "Underwriter's note", value: quote.uwNote?.trim() ? quote.uwNote.trim() : "None given" });
  const who = quote.decidedBy ? quote.decidedBy.name : "An underwriter";
  rows.push({ label: "Decided by", value: quote.decidedAt ? `${who}, ${formatDateTimeGb(quote.decidedAt)}` : who });
  return rows;
}

export function writeUnderwritersTerms(writer: PdfWriter, quote: Quote): void {
  const rows = underwritersTermsRows(quote);
  if (rows === null) return;
  writer.heading("Underwriter's terms");
  writer.keyValues(rows);
}
