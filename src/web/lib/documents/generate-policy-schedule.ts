import { fetchWithSession } from "../api-client";
import { DocumentError, type DocumentFile } from "./document-file";
import { POLICY_SCHEDULE_ERROR } from "./document-names";
import { fileNameFromDisposition } from "./save-file";

export { POLICY_SCHEDULE_ERROR };

/** POST /api/quotes/{id}/policy-schedule: the PDF named `{reference}-policy-schedule.pdf`. */
export async function generatePolicySchedule(quote: { id: string; reference: string }): Promise<DocumentFile> {
  const response = await fetchWithSession(`/api/quotes/${encodeURIComponent(quote.id)}/policy-schedule`, {
    method: "POST",
    headers: { Accept: "application/pdf" },
  }).catch(() => undefined);
  if (!response?.ok) throw new DocumentError(POLICY_SCHEDULE_ERROR);
  const blob = await response.blob();
  if (blob.size === 0) throw new DocumentError(POLICY_SCHEDULE_ERROR);
  const fileName =
    fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? `${quote.reference}-policy-schedule.pdf`;
  return { blob, fileName };
}
