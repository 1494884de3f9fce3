import { RETROACTIVE_COVER_QUESTIONS as Q, RETROACTIVE_COVER_TITLE, wizardLabel } from "@domain/quote/catalogue";
import type { Declaration, DeclarationInput } from "@domain/quote/declaration";
import { RETROACTIVE_COVER_ANSWERS, RETROACTIVE_COVER_LABELS } from "@domain/quote/retroactive-cover";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { DATE_HINT, DateInput } from "@web/components/ui/date-input";
import { Input } from "@web/components/ui/input";
import { FieldError } from "@web/components/ui/label";
import { Controller, type UseFormReturn } from "react-hook-form";
import { describedBy, errorIdFor, FormField } from "../fields";

type DeclarationForm = UseFormReturn<DeclarationInput, unknown, Declaration>;

/**
 * Step 6's insurance history (docs/product/screens.md): the retroactive date, and with a date the previous insurer
 * and the end of its policy. Choosing another answer clears them, so a hidden field never holds an answer.
 */
export function RetroactiveCoverCard({ form, disabled }: { form: DeclarationForm; disabled: boolean }) {
  const errors = form.formState.errors;
  const answer = form.watch("retroactiveCover") ?? "NONE";
  const choose = (next: (typeof RETROACTIVE_COVER_ANSWERS)[number]) => {
    form.setValue("retroactiveCover", next, { shouldDirty: true });
    if (next !== "DATE") {
      form.setValue("retroactiveDate", null, { shouldDirty: true });
      form.setValue("previousInsurer", "", { shouldDirty: true });
      form.setValue("previousPolicyEndDate", null, { shouldDirty: true });
      form.clearErrors(["retroactiveDate", "previousInsurer", "previousPolicyEndDate"]);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{RETROACTIVE_COVER_TITLE}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2" aria-describedby="retroactiveCover-hint">
          <legend className="mb-1 text-sm font-medium text-slate-900">{wizardLabel(Q.retroactiveCover)}</legend>
          {RETROACTIVE_COVER_ANSWERS.map((option) => (
            <label key={option} className="flex items-start gap-2 text-sm text-slate-900">
              <input
                type="radio"
                name="retroactiveCover"
                value={option}
                className="mt-0.5 h-4 w-4 accent-blue-700"
                checked={answer === option}
                disabled={disabled}
                onChange={() => choose(option)}
              />
              <span>{RETROACTIVE_COVER_LABELS[option]}</span>
            </label>
          ))}
          <p id="retroactiveCover-hint" className="text-xs text-slate-600">
            Claims are covered only for work carried out on or after the retroactive date.
          </p>
        </fieldset>
        {answer === "DATE" ? (
          <div className="grid gap-4 md:grid-cols-3">
            <FormField
              id="retroactiveDate"
              label={wizardLabel(Q.retroactiveDate)}
              error={errors.retroactiveDate?.message}
              hint={`${Q.retroactiveDate.help} ${DATE_HINT}`}
              hintId="retroactiveDate-hint"
            >
              <Controller
                control={form.control}
                name="retroactiveDate"
                render={({ field }) => (
                  <DateInput
                    id="retroactiveDate"
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={disabled}
                    {...describedBy("retroactiveDate", errors.retroactiveDate?.message, "retroactiveDate-hint")}
                  />
                )}
              />
            </FormField>
            <FormField
              id="previousInsurer"
              label={wizardLabel(Q.previousInsurer)}
              error={errors.previousInsurer?.message}
            >
              <Input
                id="previousInsurer"
                disabled={disabled}
                {...describedBy("previousInsurer", errors.previousInsurer?.message)}
                {...form.register("previousInsurer")}
              />
            </FormField>
            <FormField
              id="previousPolicyEndDate"
              label={wizardLabel(Q.previousPolicyEndDate)}
              error={errors.previousPolicyEndDate?.message}
              hint={DATE_HINT}
              hintId="previousPolicyEndDate-hint"
            >
              <Controller
                control={form.control}
                name="previousPolicyEndDate"
                render={({ field }) => (
                  <DateInput
                    id="previousPolicyEndDate"
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={disabled}
                    {...describedBy(
                      "previousPolicyEndDate",
                      errors.previousPolicyEndDate?.message,
                      "previousPolicyEndDate-hint",
                    )}
                  />
                )}
              />
            </FormField>
          </div>
        ) : null}
        <FieldError id={errorIdFor("retroactiveCover")} message={errors.retroactiveCover?.message} />
      </CardContent>
    </Card>
  );
}
