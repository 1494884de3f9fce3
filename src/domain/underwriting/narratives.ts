/**
 * Every free-text answer of a quote that an underwriter reads before deciding (ADR 0030): the overseas
 * split, the "other" details of each split, the special areas and the material facts' details. Only the
 * answers given are listed, in the wizard's order, named from the question catalogue as the statement of fact names them.
 */
import {
  ACTIVITY_SPLIT_QUESTIONS,
  CONTRACTS_QUESTIONS,
  DECLARATION_DETAILS_QUESTIONS,
  DESIGN_LIABILITY_QUESTIONS,
  FINANCIAL_OVERVIEW_QUESTIONS,
  INSUREDS_DETAILS_QUESTIONS,
  QUESTION_SECTIONS,
  type Question,
  RECURRING_CONTRACT_QUESTIONS,
  recordLabel,
} from "../quote/catalogue";
import type { Quote } from "../quote/quote";

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
  const add = (question: Question, text: string | null | undefined, label = recordLabel(question)) => {
    const trimmed = text?.trim();
    if (trimmed) found.push({ section: QUESTION_SECTIONS[question.section].recordTitle, label, text: trimmed });
  };
  if (quote.hasFinancialInterest) {
    add(INSUREDS_DETAILS_QUESTIONS.financialInterestDetails, quote.financialInterestDetails);
  }
  const overview = quote.financialOverview;
  if (overview && overview.isAllTurnoverUK === false) {
    add(FINANCIAL_OVERVIEW_QUESTIONS.overseasWorkSplit, overview.overseasWorkSplit);
  }
  add(DESIGN_LIABILITY_QUESTIONS.turnoverSplitOtherDetails, quote.designLiability?.turnoverSplitOtherDetails);
  add(DESIGN_LIABILITY_QUESTIONS.feesOtherWorkDetails, quote.designLiability?.feesOtherWorkDetails);
  add(ACTIVITY_SPLIT_QUESTIONS.otherDetails, quote.activitySplit?.otherDetails);
  const scope = RECURRING_CONTRACT_QUESTIONS.scopeOfWork;
  for (const contract of quote.contracts?.hasRecurringContracts ? quote.contracts.recurringContracts : []) {
    add(scope, contract.scopeOfWork, `${recordLabel(scope)} for ${contract.clientName}`);
  }
  add(CONTRACTS_QUESTIONS.specialAreaDetails, quote.contracts?.specialAreaDetails);
  add(CONTRACTS_QUESTIONS.otherContractDetails, quote.contracts?.otherContractDetails);
  const declaration = quote.declaration;
  if (declaration) {
    for (const question of Object.values(DECLARATION_DETAILS_QUESTIONS)) add(question, declaration[question.key]);
  }
  return found;
}
