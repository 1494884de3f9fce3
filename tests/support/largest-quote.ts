/**
 * The largest quote the wizard accepts, for the documents' load tests and benchmark: the sample quote with a
 * hundred recurring contracts (the most allowed), each scope of work at its 2,000-character limit, and every
 * free-text answer at the 4,000-character limit of long text. Its statement of fact is the longest there is.
 */
import { LONG_TEXT_MAX_LENGTH } from "../../src/domain/constants";
import type { Quote } from "../../src/domain/quote/quote";
import { sampleQuoteForDocuments } from "./sample-quote";

const WORDS =
  "Design and build of timber frame housing, stair cores and balustrades for Łódź Joinery and Dvořák Timber; " +
  "temporary works, structural calculations checked by a chartered engineer, and site supervision by the firm. ";

/** Prose of exactly `length` characters (the wizard's limits count characters). */
export function proseOfLength(length: number, seed = 0): string {
  let text = `${seed}. `;
  while (text.length < length) text += WORDS;
  return text.slice(0, length).trimEnd().padEnd(length, ".");
}

export const RECURRING_CONTRACTS_MAX = 100;
const SCOPE_OF_WORK_MAX = 2_000;

export function largestQuoteForDocuments(): Quote {
  const sample = sampleQuoteForDocuments();
  const longText = (seed: number) => proseOfLength(LONG_TEXT_MAX_LENGTH, seed);
  return {
    ...sample,
    financialInterestDetails: longText(1),
    insuredsDetails: { ...sample.insuredsDetails, financialInterestDetails: longText(1) },
    contracts: {
      ...sample.contracts,
      hasRecurringContracts: true,
      recurringContracts: Array.from({ length: RECURRING_CONTRACTS_MAX }, (_, index) => ({
        clientName: `Pennine Housing Association ${index + 1} (Łódź Joinery framework)`,
        valueToFirm: 180_000 + index,
        overallContractValue: 2_400_000 + index,
        scopeOfWork: proseOfLength(SCOPE_OF_WORK_MAX, index + 10),
        startDate: "2025-03-01",
      })),
      specialAreaDetails: longText(2),
      otherContractDetails: longText(3),
    },
    declaration: {
      ...sample.declaration,
      designConstructDetails: longText(4),
      comprehensiveDetails: longText(5),
    },
  } as Quote;
}
