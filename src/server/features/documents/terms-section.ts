/**
 * The decision's terms on the statement of fact and the schedule (docs/product/documents.md): each attached
 * clause as "code - title" with the wording of the version the decision pinned, and each subjectivity with
 * whether it is met before or after binding, its due date and its state. A quote without terms prints nothing.
 */
import { formatDateGb } from "../../../domain/format/dates";
import {
  type QuoteTerms,
  SUBJECTIVITY_STATUS_LABELS,
  SUBJECTIVITY_TIMING_LABELS,
} from "../../../domain/underwriting/terms";
import type { PdfWriter } from "./pdf-writer";

export function writeDecisionTerms(writer: PdfWriter, terms: QuoteTerms | null | undefined): void {
  if (!terms) return;
  if (terms.endorsements.length > 0) {
    writer.heading("Endorsements");
    for (const clause of terms.endorsements) {
      writer.subheading(`${clause.code} - ${clause.title}`);
      writer.paragraph(clause.wording);
    }
  }
  if (terms.subjectivities.length > 0) {
    writer.heading("Subjectivities");
    terms.subjectivities.forEach((s, index) => {
      writer.clause(`${index + 1}.`, s.text);
      writer.paragraph(
        `${SUBJECTIVITY_TIMING_LABELS[s.timing]}, due ${formatDateGb(s.dueDate)}: ${SUBJECTIVITY_STATUS_LABELS[s.status]}`,
        { muted: true, indent: 34 },
      );
    });
  }
}
