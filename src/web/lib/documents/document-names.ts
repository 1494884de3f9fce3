import type { DocumentType } from "@domain/constants";

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

export const NO_DOCUMENTS_SELECTED_MESSAGE = "No documents selected: Please select at least one document to download";

export const STATEMENT_OF_FACT_ERROR = "Failed to generate statement of fact";
export const POLICY_SCHEDULE_ERROR = "Failed to generate policy schedule";
