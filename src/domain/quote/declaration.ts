/**
 * Wizard step 6, "Declaration" (docs/product/screens.md step 6). No answer is required (docs/product/errors.md); every Yes to a
 * material fact needs explaining in the group's details box and in the comprehensive details.
 */
import { z } from "zod";
import { optionalText } from "../validation";
import { DECLARATION_ANSWERS, type DeclarationAnswer } from "./declaration-questions";

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
};

export const declarationSchema = z.strictObject(declarationFields);
export type DeclarationInput = z.input<typeof declarationSchema>;
export type Declaration = z.infer<typeof declarationSchema>;
