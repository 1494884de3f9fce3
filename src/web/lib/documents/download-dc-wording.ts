import { DC_WORDING_FILE_NAME } from "@domain/constants";
import { fetchWithSession } from "../api-client";
import { DocumentError, type DocumentFile, PDF_CONTENT_TYPE } from "./document-file";

export const DC_WORDING_DOWNLOAD_PATH = "/api/documents/dc-wording?download=true";
/** The same wording shown inline: the fallback when the browser will not save the file. */
export const DC_WORDING_VIEW_PATH = "/api/documents/dc-wording";

export const INVALID_FORMAT_ERROR = "Invalid file format: expected PDF";
export const EMPTY_FILE_ERROR = "Downloaded file is empty";
export const INVALID_BLOB_ERROR = "Invalid blob type: expected PDF";

/**
 * GET the D&C policy wording and check it is really a PDF (docs/product/errors.md): the content type, a non-empty
 * body and the blob's type, each failing with its own message.
 */
export async function downloadDcWording(): Promise<DocumentFile> {
  const response = await fetchWithSession(DC_WORDING_DOWNLOAD_PATH, { headers: { Accept: PDF_CONTENT_TYPE } });
  if (!response.ok) {
    throw new DocumentError(`Failed to download D&C wording: ${response.status} ${response.statusText}`.trimEnd());
  }
  const contentType = response.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().includes(PDF_CONTENT_TYPE)) throw new DocumentError(INVALID_FORMAT_ERROR);
  const blob = await response.blob();
  if (blob.size === 0) throw new DocumentError(EMPTY_FILE_ERROR);
  if (!blob.type.toLowerCase().startsWith(PDF_CONTENT_TYPE)) throw new DocumentError(INVALID_BLOB_ERROR);
  return { blob, fileName: DC_WORDING_FILE_NAME };
}
