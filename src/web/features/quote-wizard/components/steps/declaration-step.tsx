import { DECLARATION_DETAILS_QUESTIONS, DECLARATION_GROUPS, wizardLabel } from "@domain/quote/catalogue";
import type { Declaration, DeclarationInput } from "@domain/quote/declaration";
import { groupHasYes, hasMaterialFacts } from "@domain/quote/declaration-questions";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Textarea } from "@web/components/ui/input";
import { firstUseResolver } from "@web/lib/first-use-resolver";
import { onFirstUse } from "@web/lib/on-first-use";
import { AlertTriangle } from "lucide-react";
import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { declarationFormValues } from "../../lib/form-values";
import { FormField, YesNoQuestion } from "../fields";
import { RenewalDeclarationNotice } from "../renewal-declaration-notice";
import { StepShell } from "../step-shell";
import { useRating } from "../use-rating";
import { useSectionStep } from "../use-step-save";
import { useWizard } from "../wizard-context";
import { RetroactiveCoverCard } from "./retroactive-cover-card";

const check = onFirstUse(() => import("../../lib/checks/declaration-check"));

export function DeclarationStep() {
  const { quote, readOnly } = useWizard();
  const inceptionDate = quote?.inceptionDate;
  const form = useForm<DeclarationInput, unknown, Declaration>({
    resolver: useMemo(
      () => firstUseResolver(check, (loaded) => loaded.declarationResolver(inceptionDate)),
      [inceptionDate],
    ),
    defaultValues: declarationFormValues(quote),
  });
  const { rate, rating } = useRating();
  // Saving the declaration rates the quote (docs/product/life-cycle.md), so step 7 opens with a premium. A failed rating
  // still moves on: the declaration is saved and step 7 can rate again.
  const { saving } = useSectionStep("declaration", form, async (saved) => {
    if (saved.status === "DRAFT") await rate(saved);
  });
  const answers = form.watch();
  const materialFacts = hasMaterialFacts(answers);

  return (
    <StepShell next={7} back={5} continueLabel="Continue to Submit" busy={saving || rating} check={check}>
      <RenewalDeclarationNotice quote={quote} />
      <RetroactiveCoverCard form={form} disabled={readOnly} />
      {DECLARATION_GROUPS.map((group) => (
        <Card key={group.key}>
          <CardHeader>
            <CardTitle>{group.title}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="divide-y divide-slate-100">
              {group.questions.map((question) => (
                <Controller
                  key={question.key}
                  control={form.control}
                  name={question.key}
                  render={({ field }) => (
                    <YesNoQuestion
                      id={question.key}
                      question={wizardLabel(question)}
                      checked={field.value ?? false}
                      disabled={readOnly}
                      onCheckedChange={field.onChange}
                    />
                  )}
                />
              ))}
            </div>
            {group.detailsField && groupHasYes(answers, group.key) ? (
              <FormField id={group.detailsField} label={wizardLabel(DECLARATION_DETAILS_QUESTIONS[group.detailsField])}>
                <Textarea
                  id={group.detailsField}
                  rows={3}
                  placeholder={DECLARATION_DETAILS_QUESTIONS[group.detailsField].placeholder}
                  {...form.register(group.detailsField)}
                />
              </FormField>
            ) : null}
          </CardContent>
        </Card>
      ))}
      {materialFacts ? (
        <section
          aria-labelledby="additional-information-title"
          className="grid gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-4"
        >
          <h2 id="additional-information-title" className="flex items-center gap-2 font-semibold text-yellow-950">
            <AlertTriangle aria-hidden="true" className="h-4 w-4" />
            Additional Information Required
          </h2>
          <p className="text-sm text-yellow-950">
            A material fact was answered Yes. Give the underwriter the full background: what happened, when, the amounts
            involved and what has changed since.
          </p>
          <FormField id="comprehensiveDetails" label={wizardLabel(DECLARATION_DETAILS_QUESTIONS.comprehensiveDetails)}>
            <Textarea id="comprehensiveDetails" rows={4} {...form.register("comprehensiveDetails")} />
          </FormField>
        </section>
      ) : null}
    </StepShell>
  );
}
