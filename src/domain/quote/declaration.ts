/**
 * Wizard step 6, "Declaration" (docs/product/screens.md step 6). No answer is required (docs/product/errors.md); every Yes to a
 * material fact needs explaining in the group's details box and in the comprehensive details.
 */
import { z } from "zod";
import { isBlank, isoDate, optionalText } from "../validation";
import { DECLARATION_ANSWERS, type DeclarationAnswer } from "./declaration-questions";
import {
  DEFAULT_RETROACTIVE_COVER,
  RETROACTIVE_COVER_ANSWERS,
  RETROACTIVE_COVER_MESSAGES,
  retroactiveDateAfterInception,
} from "./retroactive-cover";

// The questions and the rules on answers are in declaration-questions.ts (no zod, for the screens that only read
// answers); this module adds the section's schema.
export * from "./declaration-questions";
// The section a new quote starts from is in section-forms.ts, for the same reason.
export { declarationDefaults } from "./section-forms";

const answerFields = Object.fromEntries(
  DECLARATION_ANSWERS.map((key) => [key, z.boolean().default(key === "subcontractorInsuranceConfirmed")]),
) as { [K in DeclarationAnswer]: z.ZodDefault<z.ZodBoolean> };

export const declarationFields = {
  ...answerFields,
  designConstructDetails: optionalText(),
  generalDetails: optionalText(),
  businessDetails: optionalText(),
  comprehensiveDetails: optionalText(),
  // The firm's insurance history (retroactive-cover.ts): quotes saved before it was asked are NONE.
  retroactiveCover: z.enum(RETROACTIVE_COVER_ANSWERS).default(DEFAULT_RETROACTIVE_COVER),
  retroactiveDate: isoDate(RETROACTIVE_COVER_MESSAGES.retroactiveDate).nullish(),
  previousInsurer: optionalText(200),
  previousPolicyEndDate: isoDate(RETROACTIVE_COVER_MESSAGES.previousPolicyEndDate).nullish(),
};

/** A retroactive date comes with the previous insurer and the date its policy ends; other answers keep none. */
export const declarationSchema = z.strictObject(declarationFields).superRefine((value, ctx) => {
  if (value.retroactiveCover !== "DATE") return;
  for (const key of ["retroactiveDate", "previousInsurer", "previousPolicyEndDate"] as const) {
    if (isBlank(value[key])) ctx.addIssue({ code: "custom", path: [key], message: RETROACTIVE_COVER_MESSAGES[key] });
  }
});
export type DeclarationInput = z.input<typeof declarationSchema>;
export type Declaration = z.infer<typeof declarationSchema>;

/**
 * Step 6 as the wizard checks it, knowing the quote's inception date: the retroactive date cannot be after it (the
 * server applies the same rule, retroactiveDateIssues, with the same message).
 */
export function declarationSchemaOn(inceptionDate: string | null | undefined) {
  return declarationSchema.superRefine((value, ctx) => {
    if (retroactiveDateAfterInception(value, inceptionDate)) {
      ctx.addIssue({ code: "custom", path: ["retroactiveDate"], message: RETROACTIVE_COVER_MESSAGES.afterInception });
    }
  });
}
