import { FEE_INPUT_STEP } from "@domain/constants";
import {
  DESIGN_LIABILITY_QUESTIONS,
  QUESTION_SECTIONS,
  TURNOVER_SPLIT_FIELDS,
  wizardLabel,
} from "@domain/quote/catalogue";
import type { DesignLiability, DesignLiabilityInput } from "@domain/quote/design-liability";
import { TURNOVER_SPLIT_TOTAL_PATH, turnoverSplitTotal } from "@domain/quote/section-forms";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input, Textarea } from "@web/components/ui/input";
import { FieldError } from "@web/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { firstUseResolver } from "@web/lib/first-use-resolver";
import { onFirstUse } from "@web/lib/on-first-use";
import { Controller, type FieldErrors, useForm } from "react-hook-form";
import { designLiabilityFormValues } from "../../lib/form-values";
import {
  AmountInput,
  describedBy,
  errorIdFor,
  FormField,
  PercentTotal,
  percentInputProps,
  percentValueAs,
  YesNoQuestion,
} from "../fields";
import { StepShell } from "../step-shell";
import { useSectionStep } from "../use-step-save";
import { useWizard } from "../wizard-context";

/** A message reported on the section as a whole (e.g. the split total), which is no form field. */
export function sectionMessage(errors: FieldErrors, path: string): string | undefined {
  const entry = (errors as Record<string, { message?: unknown } | undefined>)[path];
  return typeof entry?.message === "string" ? entry.message : undefined;
}

const Q = DESIGN_LIABILITY_QUESTIONS;

const check = onFirstUse(() => import("../../lib/checks/design-liability-check"));
const resolver = firstUseResolver(check, (loaded) => loaded.designLiabilityResolver());

export function DesignLiabilityStep() {
  const { quote, readOnly } = useWizard();
  const form = useForm<DesignLiabilityInput, unknown, DesignLiability>({
    resolver,
    defaultValues: designLiabilityFormValues(quote),
  });
  const { errors } = form.formState;
  const { saving } = useSectionStep("designLiability", form);

  const values = form.watch();
  const total = turnoverSplitTotal(values);
  const totalError = sectionMessage(errors, TURNOVER_SPLIT_TOTAL_PATH);

  return (
    <StepShell
      next={4}
      back={2}
      continueLabel={`Continue to ${QUESTION_SECTIONS.activitySplit.title}`}
      busy={saving}
      check={check}
    >
      <Card>
        <CardHeader>
          <CardTitle>Turnover split</CardTitle>
          <PercentTotal total={total} id="turnover-split-total" />
        </CardHeader>
        <CardContent className="grid gap-3">
          <Table aria-describedby="turnover-split-total">
            <TableHead>
              <tr>
                <TableHeaderCell>How the design work is done</TableHeaderCell>
                <TableHeaderCell className="w-36 text-right">% of turnover</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {TURNOVER_SPLIT_FIELDS.map((field) => {
                const message = errors[field.key]?.message;
                return (
                  <TableRow key={field.key}>
                    <TableCell>
                      <label htmlFor={field.key}>{wizardLabel(field)}</label>
                      <FieldError id={errorIdFor(field.key)} message={message} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Input
                        id={field.key}
                        className="text-right tabular-nums"
                        {...percentInputProps}
                        {...form.register(field.key, { setValueAs: percentValueAs })}
                        {...describedBy(field.key, message)}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <FieldError id="turnoverSplitTotal-error" message={totalError} />
          {(values.turnoverSplitOther ?? 0) > 0 ? (
            <FormField
              id="turnoverSplitOtherDetails"
              label={wizardLabel(Q.turnoverSplitOtherDetails)}
              error={errors.turnoverSplitOtherDetails?.message}
            >
              <Textarea
                id="turnoverSplitOtherDetails"
                rows={2}
                {...form.register("turnoverSplitOtherDetails")}
                {...describedBy("turnoverSplitOtherDetails", errors.turnoverSplitOtherDetails?.message)}
              />
            </FormField>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Fees for design work</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Controller
            control={form.control}
            name="undertakesWorkForFee"
            render={({ field }) => (
              <YesNoQuestion
                id="undertakesWorkForFee"
                question={wizardLabel(Q.undertakesWorkForFee)}
                checked={field.value ?? false}
                disabled={readOnly}
                onCheckedChange={(checked) => {
                  field.onChange(checked);
                  // Turning fee work off zeroes the fees and their details (docs/product/life-cycle.md).
                  if (!checked) {
                    form.setValue("feesDesignSupervisory", 0);
                    form.setValue("feesOtherWork", 0);
                    form.setValue("feesOtherWorkDetails", "", { shouldValidate: form.formState.isSubmitted });
                  }
                }}
              />
            )}
          />
          {values.undertakesWorkForFee ? (
            <div className="grid gap-4 md:grid-cols-2">
              <FormField
                id="feesDesignSupervisory"
                label={wizardLabel(Q.feesDesignSupervisory)}
                error={errors.feesDesignSupervisory?.message}
              >
                <Controller
                  control={form.control}
                  name="feesDesignSupervisory"
                  render={({ field }) => (
                    <AmountInput
                      id="feesDesignSupervisory"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      step={FEE_INPUT_STEP}
                      {...describedBy("feesDesignSupervisory", errors.feesDesignSupervisory?.message)}
                    />
                  )}
                />
              </FormField>
              <FormField id="feesOtherWork" label={wizardLabel(Q.feesOtherWork)} error={errors.feesOtherWork?.message}>
                <Controller
                  control={form.control}
                  name="feesOtherWork"
                  render={({ field }) => (
                    <AmountInput
                      id="feesOtherWork"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      step={FEE_INPUT_STEP}
                      {...describedBy("feesOtherWork", errors.feesOtherWork?.message)}
                    />
                  )}
                />
              </FormField>
              {(values.feesOtherWork ?? 0) > 0 ? (
                <FormField
                  id="feesOtherWorkDetails"
                  label={wizardLabel(Q.feesOtherWorkDetails)}
                  error={errors.feesOtherWorkDetails?.message}
                  className="md:col-span-2"
                >
                  <Textarea
                    id="feesOtherWorkDetails"
                    rows={2}
                    {...form.register("feesOtherWorkDetails")}
                    {...describedBy("feesOtherWorkDetails", errors.feesOtherWorkDetails?.message)}
                  />
                </FormField>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </StepShell>
  );
}
