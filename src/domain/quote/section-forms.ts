/**
 * What the wizard's steps 1 and 3 to 6 read while the broker types, without zod: the live totals beside the split
 * tables, where a "must total 100" message is reported, and the answers a section starts from before it is first
 * saved. The schemas (activity-split.ts, design-liability.ts, contracts.ts, declaration.ts) re-export these, so a
 * step's screen reads them without bringing zod before the broker first saves (docs/decisions/0056).
 */

import { sumPercent } from "../checks";
import type { ActivitySplit, ActivitySplitInput } from "./activity-split";
import { ACTIVITY_FIELDS, CONTRACT_TYPE_FIELDS, TURNOVER_SPLIT_FIELDS } from "./catalogue";
import type { Contracts, ContractsInput } from "./contracts";
import type { Declaration } from "./declaration";
import { DECLARATION_ANSWERS, type DeclarationAnswer } from "./declaration-questions";
import type { DesignLiabilityInput } from "./design-liability";
import type { InsuredsDetails } from "./insureds-details";
import { DEFAULT_RETROACTIVE_COVER } from "./retroactive-cover";

export type ActivityField = (typeof ACTIVITY_FIELDS)[number]["key"];
export type TurnoverSplitField = (typeof TURNOVER_SPLIT_FIELDS)[number]["key"];
export type ContractTypeField = (typeof CONTRACT_TYPE_FIELDS)[number]["key"];

/** Where the "must total 100" issue is reported: the split as a whole, not one category. */
export const TURNOVER_SPLIT_TOTAL_PATH = "turnoverSplitTotal";

/** Where the "must total 100" issue is reported: the table as a whole, not one row. */
export const CONTRACT_TYPE_TOTAL_PATH = "contractTypeTotal";

/** The live total the wizard shows beside the table. */
export function activitySplitTotal(value: Partial<Record<ActivityField, number | null | undefined>>): number {
  return sumPercent(ACTIVITY_FIELDS.map((field) => value[field.key] ?? 0));
}

export function turnoverSplitTotal(value: Partial<Record<TurnoverSplitField, number | null | undefined>>): number {
  return sumPercent(TURNOVER_SPLIT_FIELDS.map((field) => value[field.key] ?? 0));
}

export function contractTypeTotal(value: Partial<Record<ContractTypeField, number | null | undefined>>): number {
  return sumPercent(CONTRACT_TYPE_FIELDS.map((field) => value[field.key] ?? 0));
}

function zeroes<K extends string>(fields: readonly { key: K }[]): Record<K, number> {
  return Object.fromEntries(fields.map((field) => [field.key, 0])) as Record<K, number>;
}

/** Step 4 before it is first saved: every share 0, so the broker enters the real split (the schema's defaults). */
export function activitySplitDefaults(): ActivitySplit & ActivitySplitInput {
  return zeroes(ACTIVITY_FIELDS) as ActivitySplit & ActivitySplitInput;
}

/** Step 3 before it is first saved: every share and fee 0, no fee work (the schema's defaults). */
export function designLiabilityDefaults(): DesignLiabilityInput {
  return { ...zeroes(TURNOVER_SPLIT_FIELDS), undertakesWorkForFee: false, feesDesignSupervisory: 0, feesOtherWork: 0 };
}

/** Step 5 before it is first saved: no recurring contracts, every share 0 (the schema's defaults). */
export function contractsDefaults(): Contracts & ContractsInput {
  return {
    hasRecurringContracts: false,
    recurringContracts: [],
    ...zeroes(CONTRACT_TYPE_FIELDS),
  } as Contracts & ContractsInput;
}

/** The declaration a new quote starts from: subcontractor insurance confirmed, every other answer No. */
export function declarationDefaults(): Declaration {
  return {
    ...(Object.fromEntries(
      DECLARATION_ANSWERS.map((key) => [key, key === "subcontractorInsuranceConfirmed"]),
    ) as Record<DeclarationAnswer, boolean>),
    retroactiveCover: DEFAULT_RETROACTIVE_COVER,
  };
}

/** A fresh step-1 form: inception today (Europe/London, passed in), one director, no qualified staff. */
export function insuredsDetailsDefaults(today: string): InsuredsDetails {
  return {
    proposerName: "",
    tradingName: "",
    businessActivity: "",
    businessAddress: "",
    inceptionDate: today,
    incorporationDate: null,
    isSoleTrader: false,
    tradingSince: null,
    numberOfDirectors: 1,
    numberOfQualifiedStaff: 0,
    hasFinancialInterest: false,
    financialInterestDetails: "",
  };
}
