import { type BordereauFormat, bordereauFileName } from "@domain/bordereau/bordereau";
import { assertOk, fetchWithSession } from "@web/lib/api-client";
import type { DocumentFile } from "@web/lib/documents/document-file";
import { fileNameFromDisposition } from "@web/lib/documents/save-file";

export const BORDEREAU_PATH = "/api/bordereau";

/** GET the month's bordereau; a refusal throws the API's error, whose own words the page shows. */
export async function downloadBordereau(month: string, format: BordereauFormat): Promise<DocumentFile> {
  const response = await assertOk(
    await fetchWithSession(BORDEREAU_PATH, { params: { month, format }, headers: { Accept: "*/*" } }),
  );
  const fileName =
    fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? bordereauFileName(month, format);
  return { blob: await response.blob(), fileName };
}
