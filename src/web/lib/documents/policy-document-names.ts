import type { PolicyDocumentType } from "@domain/quote/policy-schema";
import { DOCUMENT_LABELS } from "./document-names";

// Apart from document-names.ts, so the wizard and the dashboard, which never show a policy's own documents, do not
// load these names.

/**
 * The policy screen's documents: the quote's three, an endorsement for each adjustment ('Endorsement No. 2') and,
 * once the policy is cancelled, its cancellation notice.
 */
export const POLICY_DOCUMENT_LABELS: Readonly<Record<PolicyDocumentType, string>> = {
  ...DOCUMENT_LABELS,
  endorsement: "Endorsement",
  cancellationNotice: "Cancellation notice",
};

/** One of a policy's documents as the screen names it. */
export function policyDocumentLabel(document: { type: PolicyDocumentType; endorsement?: number | undefined }): string {
  return document.type === "endorsement" && document.endorsement !== undefined
    ? `Endorsement No. ${document.endorsement}`
    : POLICY_DOCUMENT_LABELS[document.type];
}

export const CANCELLATION_NOTICE_ERROR = "Failed to generate cancellation notice";
export const ENDORSEMENT_ERROR = "Failed to generate endorsement";
