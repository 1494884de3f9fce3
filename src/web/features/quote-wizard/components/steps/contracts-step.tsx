import { todayInLondon } from "@domain/format/dates";
import {
  CONTRACT_TYPE_FIELDS,
  CONTRACTS_QUESTIONS,
  QUESTION_SECTIONS,
  RECURRING_CONTRACT_QUESTIONS,
  wizardLabel,
} from "@domain/quote/catalogue";
import type { Contracts } from "@domain/quote/contracts";
import { CONTRACT_TYPE_TOTAL_PATH, contractTypeTotal } from "@domain/quote/section-forms";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Checkbox } from "@web/components/ui/checkbox";
import { DATE_HINT, DateInput } from "@web/components/ui/date-input";
import { Input, Textarea } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { firstUseResolver } from "@web/lib/first-use-resolver";
import { onFirstUse } from "@web/lib/on-first-use";
import { AlertCircle, Plus, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import {
  type ContractsFormValues,
  contractsFormValues,
  emptyContractFormValues,
  type RecurringContractFormValues,
} from "../../lib/form-values";
import {
  AmountInput,
  describedBy,
  errorIdFor,
  FormField,
  PercentTotal,
  percentInputProps,
  percentValueAs,
} from "../fields";
import { StepShell } from "../step-shell";
import { useSectionStep } from "../use-step-save";
import { useWizard } from "../wizard-context";
import { sectionMessage } from "./design-liability-step";

/** Every message in an error tree, once each, for the 'Validation Error' panel. */
function allMessages(errors: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const { message } = node as { message?: unknown };
    if (typeof message === "string" && message) found.add(message);
    for (const [key, child] of Object.entries(node)) if (key !== "ref" && key !== "message") visit(child);
  };
  visit(errors);
  return [...found];
}

const Q = CONTRACTS_QUESTIONS;
const ENTRY = RECURRING_CONTRACT_QUESTIONS;

const check = onFirstUse(() => import("../../lib/checks/contracts-check"));

export function ContractsStep() {
  const { quote, readOnly } = useWizard();
  const today = useMemo(() => todayInLondon(new Date()), []);
  const form = useForm<ContractsFormValues, unknown, Contracts>({
    resolver: useMemo(() => firstUseResolver(check, (loaded) => loaded.contractsResolver(today)), [today]) as never,
    defaultValues: contractsFormValues(quote),
  });
  const { errors, submitCount, touchedFields } = form.formState;
  const contracts = useFieldArray({ control: form.control, name: "recurringContracts" });
  const { saving, saveNow } = useSectionStep("contracts", form);

  const values = form.watch();
  const total = contractTypeTotal(values);
  const totalError = sectionMessage(errors, CONTRACT_TYPE_TOTAL_PATH);

  // A new contract entry is empty by design: its messages wait until a save is tried with the entry on screen
  // (an earlier failed save does not count), or until something typed in one of its boxes is left invalid.
  // A box merely passed through stays quiet, so no message appears under the broker's pointer and moves the
  // Add or Remove button away from a click.
  const [attempted, setAttempted] = useState(() => ({ count: submitCount, entries: new Set<string>() }));
  if (attempted.count !== submitCount) {
    setAttempted({ count: submitCount, entries: new Set(contracts.fields.map((entry) => entry.id)) });
  }
  const entryMessage = (index: number, key: keyof RecurringContractFormValues): string | undefined => {
    const entry = contracts.fields[index];
    const typed = values.recurringContracts?.[index]?.[key];
    const shown =
      (entry !== undefined && attempted.entries.has(entry.id)) ||
      (touchedFields.recurringContracts?.[index]?.[key] === true && typed !== "" && typed != null);
    return shown ? errors.recurringContracts?.[index]?.[key]?.message : undefined;
  };
  const shownErrors = {
    ...errors,
    recurringContracts: {
      message: errors.recurringContracts?.message,
      entries: contracts.fields.map((_, index) =>
        (["clientName", "startDate", "valueToFirm", "overallContractValue", "scopeOfWork"] as const).map((key) => ({
          message: entryMessage(index, key),
        })),
      ),
    },
  };
  const panelMessages = submitCount > 0 ? allMessages(shownErrors) : [];

  const setRecurring = (checked: boolean) => {
    form.setValue("hasRecurringContracts", checked, { shouldDirty: true });
    // Ticking starts the list with one empty entry; unticking clears it (docs/product/life-cycle.md).
    if (checked) contracts.replace([emptyContractFormValues()]);
    else contracts.replace([]);
  };

  return (
    <StepShell
      next={6}
      back={4}
      continueLabel={`Continue to ${QUESTION_SECTIONS.declaration.title}`}
      busy={saving}
      check={check}
    >
      {panelMessages.length > 0 ? (
        <div role="alert" className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <div>
            <p className="font-semibold">Validation Error</p>
            <ul className="mt-1 list-disc pl-5">
              {panelMessages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{wizardLabel(Q.recurringContracts)}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center gap-2">
            <Checkbox
              id="hasRecurringContracts"
              checked={values.hasRecurringContracts ?? false}
              onCheckedChange={(checked) => setRecurring(checked === true)}
              disabled={readOnly}
            />
            <Label htmlFor="hasRecurringContracts">{wizardLabel(Q.hasRecurringContracts)}</Label>
          </div>
          {contracts.fields.map((entry, index) => {
            const entryError = (key: keyof RecurringContractFormValues) => entryMessage(index, key);
            const prefix = `recurringContracts-${index}`;
            return (
              <fieldset key={entry.id} className="grid gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-2">
                <legend className="px-1 text-sm font-semibold text-slate-900">Contract {index + 1}</legend>
                <FormField
                  id={`${prefix}-clientName`}
                  label={wizardLabel(ENTRY.clientName)}
                  error={entryError("clientName")}
                >
                  <Input
                    id={`${prefix}-clientName`}
                    {...form.register(`recurringContracts.${index}.clientName`)}
                    {...describedBy(`${prefix}-clientName`, entryError("clientName"))}
                  />
                </FormField>
                <FormField
                  id={`${prefix}-startDate`}
                  label={wizardLabel(ENTRY.startDate)}
                  error={entryError("startDate")}
                  hint={DATE_HINT}
                  hintId={`${prefix}-startDate-hint`}
                >
                  <Controller
                    control={form.control}
                    name={`recurringContracts.${index}.startDate`}
                    render={({ field }) => (
                      <DateInput
                        id={`${prefix}-startDate`}
                        name={field.name}
                        inputRef={field.ref}
                        value={field.value}
                        onChange={(date) => field.onChange(date ?? "")}
                        onBlur={field.onBlur}
                        disabled={readOnly}
                        {...describedBy(`${prefix}-startDate`, entryError("startDate"), `${prefix}-startDate-hint`)}
                      />
                    )}
                  />
                </FormField>
                <FormField
                  id={`${prefix}-valueToFirm`}
                  label={wizardLabel(ENTRY.valueToFirm)}
                  error={entryError("valueToFirm")}
                >
                  <Controller
                    control={form.control}
                    name={`recurringContracts.${index}.valueToFirm`}
                    render={({ field }) => (
                      <AmountInput
                        id={`${prefix}-valueToFirm`}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        {...describedBy(`${prefix}-valueToFirm`, entryError("valueToFirm"))}
                      />
                    )}
                  />
                </FormField>
                <FormField
                  id={`${prefix}-overallContractValue`}
                  label={wizardLabel(ENTRY.overallContractValue)}
                  error={entryError("overallContractValue")}
                >
                  <Controller
                    control={form.control}
                    name={`recurringContracts.${index}.overallContractValue`}
                    render={({ field }) => (
                      <AmountInput
                        id={`${prefix}-overallContractValue`}
                        value={field.value}
                        onChange={(amount) => field.onChange(amount ?? null)}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                </FormField>
                <FormField
                  id={`${prefix}-scopeOfWork`}
                  label={wizardLabel(ENTRY.scopeOfWork)}
                  error={entryError("scopeOfWork")}
                  className="md:col-span-2"
                >
                  <Textarea
                    id={`${prefix}-scopeOfWork`}
                    rows={2}
                    {...form.register(`recurringContracts.${index}.scopeOfWork`)}
                    {...describedBy(`${prefix}-scopeOfWork`, entryError("scopeOfWork"))}
                  />
                </FormField>
                {index > 0 ? (
                  <div className="md:col-span-2">
                    <Button variant="ghost" size="sm" onClick={() => contracts.remove(index)}>
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      Remove contract {index + 1}
                    </Button>
                  </div>
                ) : null}
              </fieldset>
            );
          })}
          {values.hasRecurringContracts ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => contracts.append(emptyContractFormValues())}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                Add contract
              </Button>
              <Button variant="secondary" size="sm" disabled={saving} onClick={() => void saveNow()}>
                {saving ? "Saving..." : "Save contracts"}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Work by contract type</CardTitle>
          <PercentTotal total={total} id="contract-type-total" />
        </CardHeader>
        <CardContent className="grid gap-3">
          <Table aria-describedby="contract-type-total">
            <TableHead>
              <tr>
                <TableHeaderCell>Contract type</TableHeaderCell>
                <TableHeaderCell className="w-36 text-right">% of work</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {CONTRACT_TYPE_FIELDS.map((field) => {
                const message = errors[field.key]?.message;
                return (
                  <TableRow key={field.key}>
                    <TableCell>
                      <label htmlFor={`contract-${field.key}`}>{wizardLabel(field)}</label>
                      <FieldError id={errorIdFor(`contract-${field.key}`)} message={message} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Input
                        id={`contract-${field.key}`}
                        className="text-right tabular-nums"
                        {...percentInputProps}
                        {...form.register(field.key, { setValueAs: percentValueAs })}
                        {...describedBy(`contract-${field.key}`, message)}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <FieldError id="contractTypeTotal-error" message={totalError} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Special areas and other work</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField
            id="specialAreaDetails"
            label={wizardLabel(Q.specialAreaDetails)}
            hintId="special-areas-hint"
            hint={Q.specialAreaDetails.help}
            error={errors.specialAreaDetails?.message}
          >
            <Textarea
              id="specialAreaDetails"
              rows={3}
              {...form.register("specialAreaDetails")}
              {...describedBy("specialAreaDetails", errors.specialAreaDetails?.message, "special-areas-hint")}
            />
          </FormField>
          <FormField
            id="otherContractDetails"
            label={wizardLabel(Q.otherContractDetails)}
            error={errors.otherContractDetails?.message}
          >
            <Textarea id="otherContractDetails" rows={2} {...form.register("otherContractDetails")} />
          </FormField>
        </CardContent>
      </Card>
    </StepShell>
  );
}
