/**
 * Wizard step 5, "Contracts" (docs/product/screens.md step 5 and docs/product/errors.md): recurring contracts, the split of work by
 * contract type, and work in special (hazardous) areas.
 */
import { z } from "zod";
import {
  declaredAmount,
  isoDate,
  isPercent,
  optionalText,
  percent,
  requiredText,
  totalsOneHundred,
} from "../validation";
import { CONTRACT_TYPE_FIELDS } from "./catalogue";
import { contractDateIssues, PLAUSIBLE_DATE_DESCRIPTIONS, reportDateIssues } from "./plausible-dates";
import { CONTRACT_TYPE_TOTAL_PATH, type ContractTypeField } from "./section-forms";

// The live total, where it is reported and the blank section are in section-forms.ts (no zod, for the step while
// the broker types).
export {
  CONTRACT_TYPE_TOTAL_PATH,
  type ContractTypeField,
  contractsDefaults,
  contractTypeTotal,
} from "./section-forms";

export const CONTRACTS_MESSAGES = {
  clientName: "Client name is required",
  valueToFirm: "Value to your firm is required",
  scopeOfWork: "Scope of work is required",
  startDate: "Start date is required",
  total: "Total percentage must equal 100%",
  overallContractValue: "Overall contract value cannot be negative",
} as const;

const M = CONTRACTS_MESSAGES;

export const recurringContractSchema = z.strictObject({
  clientName: requiredText(M.clientName),
  valueToFirm: declaredAmount(M.valueToFirm, { positive: true }),
  overallContractValue: declaredAmount(M.overallContractValue).nullish(),
  scopeOfWork: requiredText(M.scopeOfWork, 2_000),
  startDate: isoDate(M.startDate).describe(PLAUSIBLE_DATE_DESCRIPTIONS.startDate),
});
export type RecurringContractInput = z.input<typeof recurringContractSchema>;
export type RecurringContract = z.infer<typeof recurringContractSchema>;

const contractTypePercentFields = Object.fromEntries(
  CONTRACT_TYPE_FIELDS.map((field) => [field.key, percent().default(0)]),
) as { [K in ContractTypeField]: z.ZodDefault<ReturnType<typeof percent>> };

export const contractsFields = {
  hasRecurringContracts: z.boolean().default(false),
  recurringContracts: z.array(recurringContractSchema).max(100).default([]),
  ...contractTypePercentFields,
  specialAreaDetails: optionalText(),
  otherContractDetails: optionalText(),
};

function checkContractTypeTotal(value: Record<ContractTypeField, number>, ctx: z.RefinementCtx): void {
  const shares = CONTRACT_TYPE_FIELDS.map((field) => value[field.key]);
  // The total is judged only once every value is itself a valid percentage.
  if (shares.every(isPercent) && !totalsOneHundred(shares)) {
    ctx.addIssue({ code: "custom", path: [CONTRACT_TYPE_TOTAL_PATH], message: M.total });
  }
}

/** Unticking "recurring contracts" clears the list (docs/product/life-cycle.md), so a stale list is never stored. */
function clearUnusedContracts<T extends { hasRecurringContracts: boolean; recurringContracts: unknown[] }>(
  value: T,
): T {
  return value.hasRecurringContracts ? value : { ...value, recurringContracts: [] };
}

export const contractsSchema = z
  .strictObject(contractsFields)
  .superRefine(checkContractTypeTotal)
  .transform(clearUnusedContracts);
export type ContractsInput = z.input<typeof contractsSchema>;

/**
 * The contracts step as the form checks it on `today` (London): the schema and the plausible-date rule the server
 * applies too, judged alongside the total so every message shows at once (a list about to be cleared is not judged).
 */
export function contractsSchemaOn(today: string) {
  return z
    .strictObject(contractsFields)
    .superRefine(checkContractTypeTotal)
    .superRefine((value, ctx) => {
      if (value.hasRecurringContracts) reportDateIssues(contractDateIssues(value, today), ctx);
    })
    .transform(clearUnusedContracts);
}
export type Contracts = z.infer<typeof contractsSchema>;

/** An empty contract entry: ticking "recurring contracts" starts the list with one. */
export function emptyRecurringContract(): RecurringContractInput {
  return { clientName: "", valueToFirm: 0, overallContractValue: null, scopeOfWork: "", startDate: "" };
}
