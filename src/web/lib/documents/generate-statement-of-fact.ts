import { fetchWithSession } from "../api-client";
import { DocumentError, type DocumentFile } from "./document-file";
import { STATEMENT_OF_FACT_ERROR } from "./document-names";
import { fileNameFromDisposition } from "./save-file";

export { STATEMENT_OF_FACT_ERROR };

/**
 * POST /api/quotes/{id}/statement-of-fact: the PDF named `{reference}-statement-of-fact.pdf`; with
 * `quotationOptions` it carries the 'Quotation options' section.
 */
export async function generateStatementOfFact(
  quote: { id: string; reference: string },
  options: { quotationOptions?: boolean } = {},
): Promise<DocumentFile> {
  const query = options.quotationOptions ? "?quotationOptions=true" : "";
  const response = await fetchWithSession(`/api/quotes/${encodeURIComponent(quote.id)}/statement-of-fact${query}`, {
    method: "POST",
    headers: { Accept: "application/pdf" },
  }).catch(() => undefined);
  if (!response?.ok) throw new DocumentError(STATEMENT_OF_FACT_ERROR);
  const blob = await response.blob();
  if (blob.size === 0) throw new DocumentError(STATEMENT_OF_FACT_ERROR);
  const fileName =
    fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? `${quote.reference}-statement-of-fact.pdf`;
  return { blob, fileName };
}
