import { DOCUMENT_TYPES, type DocumentType } from "@domain/constants";
import { endorsementFileName, quoteDocumentFileName } from "@domain/format/file-names";
import type { PolicyView } from "@domain/quote/policy-schema";
import { Button } from "@web/components/ui/button";
import { type ToastInput, toast } from "@web/components/ui/toast-store";
import {
  browserDocumentEffects,
  type DocumentSelection,
  downloadSelectedDocuments,
} from "@web/lib/documents/document-actions";
import { generatePolicyDocument } from "@web/lib/documents/generate-policy-document";
import {
  CANCELLATION_NOTICE_ERROR,
  ENDORSEMENT_ERROR,
  policyDocumentLabel,
} from "@web/lib/documents/policy-document-names";
import { saveBlobAsFile } from "@web/lib/documents/save-file";
import { Download } from "lucide-react";
import { useState } from "react";

type PolicyDocument = PolicyView["documents"][number];

const ONE_DOCUMENT = (type: DocumentType): DocumentSelection => ({
  statementOfFact: type === "statementOfFact",
  policySchedule: type === "policySchedule",
  dcPolicyWording: type === "dcPolicyWording",
});

const quoteDocumentType = (document: PolicyDocument): DocumentType | undefined =>
  (DOCUMENT_TYPES as readonly string[]).includes(document.type) ? (document.type as DocumentType) : undefined;

/** The policy's own documents (a cancellation notice, an endorsement), saved and told as the quote's are. */
async function downloadPolicyDocument(
  policy: PolicyView,
  document: PolicyDocument,
  notify: (toast: ToastInput) => void,
): Promise<void> {
  const endorsement = document.type === "endorsement" ? (document.endorsement ?? 0) : null;
  try {
    const file = await generatePolicyDocument({
      href: document.href,
      fileName:
        endorsement === null
          ? quoteDocumentFileName(policy.reference, "cancellation-notice")
          : endorsementFileName(policy.reference, endorsement),
      error: endorsement === null ? CANCELLATION_NOTICE_ERROR : ENDORSEMENT_ERROR,
    });
    saveBlobAsFile(file.blob, file.fileName);
    notify({ title: "Documents Downloaded", description: "1 document(s) downloaded successfully" });
  } catch (error) {
    notify({
      title: "Error",
      description: error instanceof Error ? error.message : String(error),
      variant: "destructive",
    });
  }
}

/**
 * The policy's documents in the order the policy lists them, each downloaded again the way the dashboard's menu
 * downloads it: the quote's three, then an endorsement for each adjustment and a cancelled policy's notice.
 */
export function PolicyDocuments({ policy }: { policy: PolicyView }) {
  const [busy, setBusy] = useState<string | null>(null);
  const quote = { id: policy.quoteId, reference: policy.reference, proposerName: policy.insured.proposerName };
  const download = async (document: PolicyDocument) => {
    setBusy(document.href);
    try {
      const type = quoteDocumentType(document);
      if (type) await downloadSelectedDocuments(quote, ONE_DOCUMENT(type), browserDocumentEffects(toast));
      else await downloadPolicyDocument(policy, document, toast);
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className="grid gap-2 text-sm">
      {policy.documents.map((document) => {
        const label = policyDocumentLabel(document);
        return (
          <li key={document.href} className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium text-slate-900">{label}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={busy !== null}
              aria-label={`Download ${label} for ${policy.policyNumber}`}
              onClick={() => void download(document)}
            >
              <Download aria-hidden="true" className="h-3.5 w-3.5" />
              {busy === document.href ? "Downloading..." : "Download"}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
