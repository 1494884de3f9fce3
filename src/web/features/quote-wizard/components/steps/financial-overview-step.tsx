import { type FinancialOverview, financialOverviewSchema } from "@domain/quote/financial-overview";
import { zodResolver } from "@hookform/resolvers/zod";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Textarea } from "@web/components/ui/input";
import { Controller, useForm } from "react-hook-form";
import { type FinancialOverviewFormValues, financialOverviewFormValues } from "../../lib/form-values";
import { AmountInput, describedBy, FormField, YesNoQuestion } from "../fields";
import { StepShell } from "../step-shell";
import { useSectionStep } from "../use-step-save";
import { useWizard } from "../wizard-context";

export function FinancialOverviewStep() {
  const { quote, readOnly } = useWizard();
  // The amounts may be empty while typing; the schema then reports them as required.
  const form = useForm<FinancialOverviewFormValues, unknown, FinancialOverview>({
    resolver: zodResolver(financialOverviewSchema) as never,
    defaultValues: financialOverviewFormValues(quote),
  });
  const { errors } = form.formState;
  const { saving } = useSectionStep("financialOverview", form);
  const isAllTurnoverUK = form.watch("isAllTurnoverUK") ?? true;

  return (
    <StepShell next={3} back={1} continueLabel="Continue to Design Liability" busy={saving}>
      <Card>
        <CardHeader>
          <CardTitle>Financial Overview</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <FormField id="turnover" label="Annual revenue" error={errors.turnover?.message}>
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
            label="Largest single project value in the last 3 years"
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
                  question="Is all of your turnover from work in the UK?"
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
                  label="% split for overseas work by territory"
                  error={errors.overseasWorkSplit?.message}
                >
                  <Textarea
                    id="overseasWorkSplit"
                    rows={2}
                    placeholder="e.g. Ireland 10%, France 5%"
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
                      question="Is any work carried out under a non-UK jurisdiction or law?"
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
                  question="Do you expect turnover to rise by 20 percent or more in the next 12 months?"
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
