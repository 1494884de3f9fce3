/**
 * Wizard step 6, "Declaration" (docs/product/screens.md step 6), on the catalogue's question groups. No answer is required
 * (docs/product/errors.md); every Yes to a material fact needs explaining in the group's details box and in the comprehensive details.
 */
import { z } from "zod";
import { optionalText } from "../validation";
import { DECLARATION_GROUPS, type DeclarationGroup } from "./catalogue";

export type DeclarationAnswer = (typeof DECLARATION_GROUPS)[number]["questions"][number]["key"];
export type MaterialFactAnswer = Extract<
  (typeof DECLARATION_GROUPS)[number],
  { materialFacts: true }
>["questions"][number]["key"];

export const DECLARATION_ANSWERS: readonly DeclarationAnswer[] = DECLARATION_GROUPS.flatMap((group) =>
  group.questions.map((question) => question.key),
);
export const MATERIAL_FACT_ANSWERS: readonly MaterialFactAnswer[] = DECLARATION_GROUPS.filter(
  (group) => group.materialFacts,
).flatMap((group) => group.questions.map((question) => question.key as MaterialFactAnswer));

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

type Answers = Partial<Record<DeclarationAnswer, boolean | null | undefined>>;

/** A group's details box shows when any answer in that group is Yes. */
export function groupHasYes(declaration: Answers, groupKey: DeclarationGroup["key"]): boolean {
  const group = DECLARATION_GROUPS.find((candidate) => candidate.key === groupKey);
  return group ? group.questions.some((question) => declaration[question.key] === true) : false;
}

/** Any Yes among the three material-fact groups: the 'Additional Information Required' panel, and a referral. */
export function hasMaterialFacts(declaration: Answers): boolean {
  return MATERIAL_FACT_ANSWERS.some((key) => declaration[key] === true);
}

/** The declaration a new quote starts from: subcontractor insurance confirmed, every other answer No. */
export function declarationDefaults(): Declaration {
  return declarationSchema.parse({});
}
