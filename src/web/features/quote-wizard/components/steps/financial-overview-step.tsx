import { FINANCIAL_OVERVIEW_QUESTIONS, QUESTION_SECTIONS, wizardLabel } from "@domain/quote/catalogue";
import type { FinancialOverview } from "@domain/quote/financial-overview";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Textarea } from "@web/components/ui/input";
import { firstUseResolver } from "@web/lib/first-use-resolver";
import { onFirstUse } from "@web/lib/on-first-use";
import { Controller, useForm } from "react-hook-form";
import { type FinancialOverviewFormValues, financialOverviewFormValues } from "../../lib/form-values";
import { AmountInput, describedBy, FormField, YesNoQuestion } from "../fields";
import { StepShell } from "../step-shell";
import { useSectionStep } from "../use-step-save";
import { useWizard } from "../wizard-context";

const Q = FINANCIAL_OVERVIEW_QUESTIONS;

const check = onFirstUse(() => import("../../lib/checks/financial-overview-check"));
const resolver = firstUseResolver(check, (loaded) => loaded.financialOverviewResolver());

export function FinancialOverviewStep() {
  const { quote, readOnly } = useWizard();
  // The amounts may be empty while typing; the schema then reports them as required.
  const form = useForm<FinancialOverviewFormValues, unknown, FinancialOverview>({
    resolver: resolver as never,
    defaultValues: financialOverviewFormValues(quote),
  });
  const { errors } = form.formState;
  const { saving } = useSectionStep("financialOverview", form);
  const isAllTurnoverUK = form.watch("isAllTurnoverUK") ?? true;

  return (
    <StepShell
      next={3}
      back={1}
      continueLabel={`Continue to ${QUESTION_SECTIONS.designLiability.title}`}
      busy={saving}
      check={check}
    >
      <Card>
        <CardHeader>
          <CardTitle>{QUESTION_SECTIONS.financialOverview.title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField id="turnover" label={wizardLabel(Q.turnover)} error={errors.turnover?.message}>
            <Controller
              control={form.control}
              name="turnover"
              render={({ field }) => (
                <AmountInput
                  id="turnover"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  {...describedBy("turnover", errors.turnover?.message)}
                />
              )}
            />
          </FormField>
          <FormField
            id="largestSingleProjectValue"
            label={wizardLabel(Q.largestSingleProjectValue)}
            error={errors.largestSingleProjectValue?.message}
          >
            <Controller
              control={form.control}
              name="largestSingleProjectValue"
              render={({ field }) => (
                <AmountInput
                  id="largestSingleProjectValue"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  {...describedBy("largestSingleProjectValue", errors.largestSingleProjectValue?.message)}
                />
              )}
            />
          </FormField>
          <div className="divide-y divide-slate-100 md:col-span-2">
            <Controller
              control={form.control}
              name="isAllTurnoverUK"
              render={({ field }) => (
                <YesNoQuestion
                  id="isAllTurnoverUK"
                  question={wizardLabel(Q.isAllTurnoverUK)}
                  checked={field.value ?? true}
                  disabled={readOnly}
                  onCheckedChange={(checked) => {
                    field.onChange(checked);
                    // All-UK work clears the overseas split and the non-UK-jurisdiction flag (docs/product/life-cycle.md).
                    if (checked) {
                      form.setValue("overseasWorkSplit", "", { shouldValidate: true });
                      form.setValue("hasNonUKJurisdictionWork", false);
                    }
                  }}
                />
              )}
            />
            {isAllTurnoverUK ? null : (
              <div className="grid gap-3 py-2">
                <FormField
                  id="overseasWorkSplit"
                  label={wizardLabel(Q.overseasWorkSplit)}
                  error={errors.overseasWorkSplit?.message}
                >
                  <Textarea
                    id="overseasWorkSplit"
                    rows={2}
                    placeholder={Q.overseasWorkSplit.placeholder}
                    {...form.register("overseasWorkSplit")}
                    {...describedBy("overseasWorkSplit", errors.overseasWorkSplit?.message)}
                  />
                </FormField>
                <Controller
                  control={form.control}
                  name="hasNonUKJurisdictionWork"
                  render={({ field }) => (
                    <YesNoQuestion
                      id="hasNonUKJurisdictionWork"
                      question={wizardLabel(Q.hasNonUKJurisdictionWork)}
                      checked={field.value ?? false}
                      disabled={readOnly}
                      onCheckedChange={field.onChange}
                    />
                  )}
                />
              </div>
            )}
            <Controller
              control={form.control}
              name="turnoverIncrease20Percent"
              render={({ field }) => (
                <YesNoQuestion
                  id="turnoverIncrease20Percent"
                  question={wizardLabel(Q.turnoverIncrease20Percent)}
                  checked={field.value ?? false}
                  disabled={readOnly}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </div>
        </CardContent>
      </Card>
    </StepShell>
  );
}
