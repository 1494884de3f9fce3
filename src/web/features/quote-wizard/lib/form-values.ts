/**
 * Each step's form starts from the stored section when there is one, else from the schemas' defaults (every
 * percentage 0, so the broker enters the real split rather than accepting an invented one). Text
 * boxes cannot hold null, so stored nulls become empty strings here (the schemas trim and accept both).
 */

import { DEFAULT_COVER_LIMIT } from "@domain/constants";
import type { ActivitySplitInput } from "@domain/quote/activity-split";
import type { ContractsInput } from "@domain/quote/contracts";
import type { DeclarationInput } from "@domain/quote/declaration";
import type { DesignLiabilityInput } from "@domain/quote/design-liability";
import type { FinancialOverviewInput } from "@domain/quote/financial-overview";
import type { InsuredsDetailsInput } from "@domain/quote/insureds-details";
import type { Quote } from "@domain/quote/quote";
import { DEFAULT_RETROACTIVE_COVER } from "@domain/quote/retroactive-cover";
import {
  activitySplitDefaults,
  contractsDefaults,
  declarationDefaults,
  designLiabilityDefaults,
  insuredsDetailsDefaults,
} from "@domain/quote/section-forms";

/** Replaces null text values by "" so a controlled text box never receives null. */
function withEmptyText<T extends Record<string, unknown>>(values: T, textKeys: readonly (keyof T)[]): T {
  const copy: Record<string, unknown> = { ...values };
  for (const key of textKeys) {
    if (copy[key as string] === null || copy[key as string] === undefined) copy[key as string] = "";
  }
  return copy as T;
}

export function insuredsDetailsFormValues(quote: Quote | undefined, today: string): InsuredsDetailsInput {
  if (!quote) return withEmptyText(insuredsDetailsDefaults(today), ["tradingName", "financialInterestDetails"]);
  const stored = quote.insuredsDetails;
  return {
    proposerName: quote.proposerName,
    tradingName: quote.tradingName ?? "",
    businessActivity: stored?.businessActivity ?? "",
    businessAddress: quote.businessAddress ?? "",
    inceptionDate: quote.inceptionDate,
    incorporationDate: quote.incorporationDate ?? "",
    isSoleTrader: quote.isSoleTrader,
    tradingSince: quote.tradingSince ?? null,
    numberOfDirectors: quote.numberOfDirectors,
    numberOfQualifiedStaff: quote.numberOfQualifiedStaff,
    hasFinancialInterest: quote.hasFinancialInterest,
    financialInterestDetails: quote.financialInterestDetails ?? "",
  };
}

export type FinancialOverviewFormValues = Omit<FinancialOverviewInput, "turnover" | "largestSingleProjectValue"> & {
  turnover: number | undefined;
  largestSingleProjectValue: number | undefined;
};

export function financialOverviewFormValues(quote: Quote | undefined): FinancialOverviewFormValues {
  const stored = quote?.financialOverview;
  if (stored) return withEmptyText({ ...stored }, ["overseasWorkSplit"]);
  return {
    coverLimitAggregate: DEFAULT_COVER_LIMIT,
    turnover: undefined,
    largestSingleProjectValue: undefined,
    isAllTurnoverUK: true,
    overseasWorkSplit: "",
    hasNonUKJurisdictionWork: false,
    turnoverIncrease20Percent: false,
    hasDirectorsOfficersInsurance: false,
    directorsOfficersLimit: null,
    hasContentsInsurance: false,
    contentsLimit: null,
    hasBusinessEquipmentComputers: false,
    businessEquipmentComputersLimit: null,
    hasBusinessEquipmentSpecialist: false,
    businessEquipmentSpecialistLimit: null,
    hasStockContents: false,
    stockContentsLimit: null,
  };
}

export function designLiabilityFormValues(quote: Quote | undefined): DesignLiabilityInput {
  const stored = quote?.designLiability ?? designLiabilityDefaults();
  return withEmptyText({ ...stored }, ["turnoverSplitOtherDetails", "feesOtherWorkDetails"]);
}

export function activitySplitFormValues(quote: Quote | undefined): ActivitySplitInput {
  const stored = quote?.activitySplit ?? activitySplitDefaults();
  return withEmptyText({ ...stored }, ["otherDetails"]);
}

/** A recurring contract in the form: amounts may be empty while typing. */
export type RecurringContractFormValues = {
  clientName: string;
  valueToFirm: number | undefined;
  overallContractValue: number | null | undefined;
  scopeOfWork: string;
  startDate: string;
};

export type ContractsFormValues = Omit<ContractsInput, "recurringContracts"> & {
  recurringContracts: RecurringContractFormValues[];
};

export function emptyContractFormValues(): RecurringContractFormValues {
  return { clientName: "", valueToFirm: undefined, overallContractValue: null, scopeOfWork: "", startDate: "" };
}

export function contractsFormValues(quote: Quote | undefined): ContractsFormValues {
  const stored = quote?.contracts ?? contractsDefaults();
  return {
    ...withEmptyText({ ...stored }, ["specialAreaDetails", "otherContractDetails"]),
    recurringContracts: (stored.recurringContracts ?? []).map((contract) => ({
      clientName: contract.clientName,
      valueToFirm: contract.valueToFirm,
      overallContractValue: contract.overallContractValue ?? null,
      scopeOfWork: contract.scopeOfWork,
      startDate: contract.startDate,
    })),
  };
}

export function declarationFormValues(quote: Quote | undefined): DeclarationInput {
  const stored = quote?.declaration ?? declarationDefaults();
  return withEmptyText({ ...stored, retroactiveCover: stored.retroactiveCover ?? DEFAULT_RETROACTIVE_COVER }, [
    "designConstructDetails",
    "generalDetails",
    "businessDetails",
    "comprehensiveDetails",
    "previousInsurer",
  ]);
}

/** Whether two form snapshots differ: a step with no difference "moves freely" (docs/product/life-cycle.md). */
export function formValuesDiffer(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}
