import { DOCUMENT_TYPE_COUNT, type DocumentType, ZIP_DEFLATE_LEVEL } from "@domain/constants";
import {
  documentPackageFileName,
  mailtoHref,
  sanitiseFileName,
  underwritingEmailDraft,
} from "@domain/format/file-names";
import type { ToastInput } from "../../components/ui/toast-store";
import { DocumentError, type DocumentFile } from "./document-file";
import { DOCUMENT_LABELS, type DocumentSelection, NO_DOCUMENTS_SELECTED_MESSAGE } from "./document-names";
import { DC_WORDING_VIEW_PATH, downloadDcWording } from "./download-dc-wording";
import { generatePolicySchedule } from "./generate-policy-schedule";
import { generateStatementOfFact } from "./generate-statement-of-fact";
import { openMailDraft, saveBlobAsFile } from "./save-file";

/** The quote facts a document action needs. */
export interface DocumentQuote {
  id: string;
  reference: string;
  proposerName: string;
}

export { DOCUMENT_LABELS, type DocumentSelection, NO_DOCUMENTS_SELECTED_MESSAGE } from "./document-names";

export const POPUP_BLOCKED_MESSAGE = "Please allow pop-ups and try again, or download directly from the link";

/** Browser effects, injectable so the rules can be tested without a real browser. */
export interface DocumentEffects {
  notify: (toast: ToastInput) => void;
  saveFile: (blob: Blob, fileName: string) => void;
  openWindow: (url: string) => Window | null;
  openMail: (href: string) => void;
}

/** How a document is asked for: the statement of fact may include the quotation options. */
export interface DocumentRequestOptions {
  quotationOptions?: boolean;
}

export function fetchDocument(
  type: DocumentType,
  quote: DocumentQuote,
  options: DocumentRequestOptions = {},
): Promise<DocumentFile> {
  switch (type) {
    case "statementOfFact":
      return generateStatementOfFact(quote, options);
    case "policySchedule":
      return generatePolicySchedule(quote);
    case "dcPolicyWording":
      return downloadDcWording();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Saves one fetched document. The wording, which is also served inline, falls back to a new window when
 * the browser will not save the blob; if pop-ups are blocked too the user is told how to get it.
 */
function saveDocument(type: DocumentType, file: DocumentFile, effects: DocumentEffects): void {
  try {
    effects.saveFile(file.blob, file.fileName);
  } catch (error) {
    if (type !== "dcPolicyWording") throw error;
    if (!effects.openWindow(DC_WORDING_VIEW_PATH)) throw new DocumentError(POPUP_BLOCKED_MESSAGE);
  }
}

export function selectedDocumentTypes(selection: DocumentSelection): DocumentType[] {
  return (Object.keys(DOCUMENT_LABELS) as DocumentType[]).filter((type) => selection[type]);
}

/**
 * Download Selected: fetches and saves each ticked document in turn. Every failure gets its own
 * 'Error' toast (docs/product/errors.md texts); the last toast sums up what was saved, so at most one shows.
 * Returns how many documents were saved.
 */
export async function downloadSelectedDocuments(
  quote: DocumentQuote,
  selection: DocumentSelection,
  effects: DocumentEffects,
  options: DocumentRequestOptions = {},
): Promise<number> {
  const types = selectedDocumentTypes(selection);
  if (types.length === 0) {
    effects.notify({ title: "Error", description: NO_DOCUMENTS_SELECTED_MESSAGE, variant: "destructive" });
    return 0;
  }
  let saved = 0;
  const failures: string[] = [];
  for (const type of types) {
    try {
      saveDocument(type, await fetchDocument(type, quote, options), effects);
      saved += 1;
    } catch (error) {
      failures.push(messageOf(error));
    }
  }
  const [firstFailure] = failures;
  if (firstFailure !== undefined) {
    effects.notify({ title: "Error", description: firstFailure, variant: "destructive" });
  } else if (types.length === 1 && types[0] === "dcPolicyWording") {
    effects.notify({ title: "D&C Wording Downloaded", description: DOCUMENT_LABELS.dcPolicyWording });
  } else {
    effects.notify({ title: "Documents Downloaded", description: `${saved} document(s) downloaded successfully` });
  }
  return saved;
}

export interface EmailPackageResult {
  zipFileName: string;
  included: DocumentType[];
  failed: DocumentType[];
  mailto: string;
}

/**
 * Zips the fetched documents (deflate level 6) under their sanitised file names. The zip library is fetched here,
 * when a package is made, not with the lists and step 7 that offer it (ADR 0056).
 */
export async function buildDocumentZip(files: readonly DocumentFile[]): Promise<Uint8Array> {
  const { zipSync } = await import("fflate");
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) {
    entries[sanitiseFileName(file.fileName)] = new Uint8Array(await file.blob.arrayBuffer());
  }
  return zipSync(entries, { level: ZIP_DEFLATE_LEVEL });
}

/**
 * The e-mail package of docs/product/permissions.md: fetch the three documents in parallel, zip the ones that arrived,
 * save the zip, then open a mail draft to the underwriting mailbox naming what is (and is not) attached.
 */
export async function prepareEmailPackage(
  quote: DocumentQuote,
  mailbox: string,
  effects: DocumentEffects,
): Promise<EmailPackageResult | undefined> {
  effects.notify({ title: "Preparing Email", description: "Collecting the quote documents for the package..." });
  try {
    const types = Object.keys(DOCUMENT_LABELS) as DocumentType[];
    const results = await Promise.allSettled(types.map((type) => fetchDocument(type, quote)));
    const files: DocumentFile[] = [];
    const included: DocumentType[] = [];
    const failed: DocumentType[] = [];
    results.forEach((result, index) => {
      const type = types[index] as DocumentType;
      if (result.status === "fulfilled") {
        files.push(result.value);
        included.push(type);
      } else {
        failed.push(type);
      }
    });
    if (files.length === 0) {
      effects.notify({
        title: "Error",
        description: "No documents could be downloaded successfully",
        variant: "destructive",
      });
      return undefined;
    }
    const zip = await buildDocumentZip(files);
    const zipFileName = documentPackageFileName(quote.proposerName);
    effects.saveFile(new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }), zipFileName);
    const draft = underwritingEmailDraft({
      mailbox,
      proposer: quote.proposerName,
      reference: quote.reference,
      included: included.map((type) => DOCUMENT_LABELS[type]),
      failed: failed.map((type) => DOCUMENT_LABELS[type]),
    });
    const mailto = mailtoHref(draft);
    effects.openMail(mailto);
    if (failed.length > 0) {
      effects.notify({
        title: "Email Ready",
        description: `Document package created with ${included.length} of ${DOCUMENT_TYPE_COUNT} documents. Some documents failed to download.`,
        variant: "destructive",
      });
    } else {
      effects.notify({
        title: "Email Ready",
        description: `Attach ${zipFileName} to the email draft that has opened.`,
      });
    }
    return { zipFileName, included, failed, mailto };
  } catch {
    effects.notify({
      title: "Error",
      description: "Failed to prepare email and document package",
      variant: "destructive",
    });
    return undefined;
  }
}

/** The real browser effects. */
export function browserDocumentEffects(notify: (toast: ToastInput) => void): DocumentEffects {
  return {
    notify,
    saveFile: saveBlobAsFile,
    openWindow: (url) => {
      // Not "noopener": with it window.open always returns null and a blocked pop-up could not be told apart.
      const opened = window.open(url, "_blank");
      if (opened) opened.opener = null;
      return opened;
    },
    openMail: openMailDraft,
  };
}
