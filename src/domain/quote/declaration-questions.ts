/**
 * The declaration's answers (docs/product/screens.md step 6) read from the catalogue's question groups, and the
 * rules on them. Apart from declaration.ts, the section's schema, so that rating a stored quote's answers (step 7,
 * the dashboard's actions) loads no zod (ADR 0056).
 */
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

export type DeclarationAnswers = Partial<Record<DeclarationAnswer, boolean | null | undefined>>;

/** A group's details box shows when any answer in that group is Yes. */
export function groupHasYes(declaration: DeclarationAnswers, groupKey: DeclarationGroup["key"]): boolean {
  const group = DECLARATION_GROUPS.find((candidate) => candidate.key === groupKey);
  return group ? group.questions.some((question) => declaration[question.key] === true) : false;
}

/** Any Yes among the three material-fact groups: the 'Additional Information Required' panel, and a referral. */
export function hasMaterialFacts(declaration: DeclarationAnswers): boolean {
  return MATERIAL_FACT_ANSWERS.some((key) => declaration[key] === true);
}
