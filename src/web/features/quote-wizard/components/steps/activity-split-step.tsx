import type { ActivitySplit, ActivitySplitInput } from "@domain/quote/activity-split";
import { ACTIVITY_FIELDS, ACTIVITY_SPLIT_QUESTIONS, QUESTION_SECTIONS, wizardLabel } from "@domain/quote/catalogue";
import { activitySplitTotal } from "@domain/quote/section-forms";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input, Textarea } from "@web/components/ui/input";
import { FieldError } from "@web/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { firstUseResolver } from "@web/lib/first-use-resolver";
import { onFirstUse } from "@web/lib/on-first-use";
import { useForm } from "react-hook-form";
import { activitySplitFormValues } from "../../lib/form-values";
import { describedBy, errorIdFor, FormField, PercentTotal, percentInputProps, percentValueAs } from "../fields";
import { StepShell } from "../step-shell";
import { useSectionStep } from "../use-step-save";
import { useWizard } from "../wizard-context";

const check = onFirstUse(() => import("../../lib/checks/activity-split-check"));
const resolver = firstUseResolver(check, (loaded) => loaded.activitySplitResolver());

export function ActivitySplitStep() {
  const { quote } = useWizard();
  const form = useForm<ActivitySplitInput, unknown, ActivitySplit>({
    resolver,
    defaultValues: activitySplitFormValues(quote),
  });
  const { errors } = form.formState;
  const { saving } = useSectionStep("activitySplit", form);
  const values = form.watch();
  const total = activitySplitTotal(values);

  return (
    <StepShell
      next={5}
      back={3}
      continueLabel={`Continue to ${QUESTION_SECTIONS.contracts.title}`}
      busy={saving}
      check={check}
    >
      <Card>
        <CardHeader>
          <CardTitle>{QUESTION_SECTIONS.activitySplit.title}</CardTitle>
          <PercentTotal total={total} id="activity-total" note="The split should add up to 100%." />
        </CardHeader>
        <CardContent className="grid gap-3">
          <Table aria-describedby="activity-total">
            <TableHead>
              <tr>
                <TableHeaderCell>Activity</TableHeaderCell>
                <TableHeaderCell className="w-36 text-right">% of work</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {ACTIVITY_FIELDS.map((field) => {
                const message = errors[field.key]?.message;
                return (
                  <TableRow key={field.key}>
                    <TableCell>
                      <label htmlFor={`activity-${field.key}`}>{wizardLabel(field)}</label>
                      <FieldError id={errorIdFor(`activity-${field.key}`)} message={message} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Input
                        id={`activity-${field.key}`}
                        className="text-right tabular-nums"
                        {...percentInputProps}
                        {...form.register(field.key, { setValueAs: percentValueAs })}
                        {...describedBy(`activity-${field.key}`, message)}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {(values.other ?? 0) > 0 ? (
            <FormField
              id="otherDetails"
              label={wizardLabel(ACTIVITY_SPLIT_QUESTIONS.otherDetails)}
              error={errors.otherDetails?.message}
            >
              <Textarea
                id="otherDetails"
                rows={2}
                {...form.register("otherDetails")}
                {...describedBy("otherDetails", errors.otherDetails?.message)}
              />
            </FormField>
          ) : null}
        </CardContent>
      </Card>
    </StepShell>
  );
}
