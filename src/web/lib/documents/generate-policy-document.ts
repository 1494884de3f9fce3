import { fetchWithSession } from "../api-client";
import { DocumentError, type DocumentFile } from "./document-file";
import { fileNameFromDisposition } from "./save-file";

/**
 * A policy's own document (its cancellation notice, an endorsement), from the route the policy names for it
 * (POST /api/policies/{policyNumber}/cancellation-notice, .../endorsements/{n}): saved under the server's file
 * name, else `fileName`; `error` is the message its failure shows.
 */
export async function generatePolicyDocument(document: {
  href: string;
  fileName: string;
  error: string;
}): Promise<DocumentFile> {
  const response = await fetchWithSession(document.href, {
    method: "POST",
    headers: { Accept: "application/pdf" },
  }).catch(() => undefined);
  if (!response?.ok) throw new DocumentError(document.error);
  const blob = await response.blob();
  if (blob.size === 0) throw new DocumentError(document.error);
  const fileName = fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? document.fileName;
  return { blob, fileName };
}
