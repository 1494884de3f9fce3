/**
 * Every free-text answer of a quote that an underwriter reads before deciding (ADR 0030): the overseas
 * split, the "other" details of each split, the special areas and the material facts' details. Only the
 * answers given are listed, in the wizard's order, titled as the statement of fact titles them.
 */
import type { Quote } from "../quote/quote";

export const DECLARATION_DETAILS_TITLES = {
  designConstructDetails: "Details of Design & Construct material facts",
  generalDetails: "Details of general material facts",
  businessDetails: "Details of business material facts",
} as const;

export interface Narrative {
  /** The step it was answered on. */
  section: string;
  label: string;
  text: string;
}

export function declarationNarratives(
  quote: Pick<
    Quote,
    | "hasFinancialInterest"
    | "financialInterestDetails"
    | "financialOverview"
    | "designLiability"
    | "activitySplit"
    | "contracts"
    | "declaration"
  >,
): Narrative[] {
  const found: Narrative[] = [];
  const add = (section: string, label: string, text: string | null | undefined) => {
    const trimmed = text?.trim();
    if (trimmed) found.push({ section, label, text: trimmed });
  };
  if (quote.hasFinancialInterest) {
    add("Insured's details", "Details of the other company/organisation", quote.financialInterestDetails);
  }
  const overview = quote.financialOverview;
  if (overview && overview.isAllTurnoverUK === false) {
    add("Financial overview", "Split of overseas work by territory", overview.overseasWorkSplit);
  }
  add("Design liability", "Details of other turnover", quote.designLiability?.turnoverSplitOtherDetails);
  add("Design liability", "Details of other work fees", quote.designLiability?.feesOtherWorkDetails);
  add("Activity split", "Details of other activities", quote.activitySplit?.otherDetails);
  for (const contract of quote.contracts?.hasRecurringContracts ? quote.contracts.recurringContracts : []) {
    add("Contracts", `Scope of work for ${contract.clientName}`, contract.scopeOfWork);
  }
  add("Contracts", "Details of any work in the special areas", quote.contracts?.specialAreaDetails);
  add("Contracts", "Other contract details", quote.contracts?.otherContractDetails);
  const declaration = quote.declaration;
  if (declaration) {
    for (const field of Object.keys(DECLARATION_DETAILS_TITLES) as (keyof typeof DECLARATION_DETAILS_TITLES)[]) {
      add("Declaration", DECLARATION_DETAILS_TITLES[field], declaration[field]);
    }
    add("Declaration", "Comprehensive details of the material facts", declaration.comprehensiveDetails);
  }
  return found;
}
