import { type BordereauFormat, bordereauFileName, bordereauReceiptsFileName } from "@domain/bordereau/bordereau";
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

export const BORDEREAU_RECEIPTS_PATH = "/api/bordereau/receipts";

/** GET the month's rating receipts, one a line (docs/product/receipts.md), to re-rate every row offline. */
export async function downloadBordereauReceipts(month: string): Promise<DocumentFile> {
  const response = await assertOk(
    await fetchWithSession(BORDEREAU_RECEIPTS_PATH, { params: { month }, headers: { Accept: "*/*" } }),
  );
  const fileName =
    fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? bordereauReceiptsFileName(month);
  return { blob: await response.blob(), fileName };
}
