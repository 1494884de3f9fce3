import type { DocumentType } from "@domain/constants";
import type { PolicyDocumentType } from "@domain/quote/policy-schema";

/**
 * The documents' names and the messages a screen shows before any document is fetched, apart from the code
 * that fetches, zips and saves them, so a screen with document choices fetches that code only when the user
 * comes to download (docs/decisions/0056). document-actions.ts and the generators re-export them.
 */
export type DocumentSelection = Record<DocumentType, boolean>;

export const DOCUMENT_LABELS: Readonly<Record<DocumentType, string>> = {
  statementOfFact: "Statement of Fact",
  policySchedule: "Policy Schedule",
  dcPolicyWording: "D&C Policy Wording",
};

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

export const NO_DOCUMENTS_SELECTED_MESSAGE = "No documents selected: Please select at least one document to download";

export const STATEMENT_OF_FACT_ERROR = "Failed to generate statement of fact";
export const POLICY_SCHEDULE_ERROR = "Failed to generate policy schedule";
export const CANCELLATION_NOTICE_ERROR = "Failed to generate cancellation notice";
export const ENDORSEMENT_ERROR = "Failed to generate endorsement";
