/**
 * The proposal's sections, steps 1 to 6 of the wizard: the question catalogue (catalogue.ts) files every question
 * under one of them. They stand in a file of their own because the app's first screen names the wizard's steps
 * and should not download every question to do it.
 */

export const QUESTION_SECTIONS = {
  insuredsDetails: { step: 1, title: "Insureds Details", recordTitle: "Insured's details" },
  financialOverview: { step: 2, title: "Financial Overview", recordTitle: "Financial overview" },
  designLiability: { step: 3, title: "Design Liability", recordTitle: "Design liability" },
  activitySplit: { step: 4, title: "Activity Split", recordTitle: "Activity split" },
  contracts: { step: 5, title: "Contracts", recordTitle: "Contracts" },
  declaration: {
    step: 6,
    title: "Declaration",
    recordTitle: "Declaration",
    /** The statement of fact heads its questions apart from the declaration the insured signs at its end. */
    documentTitle: "Declaration questions",
  },
} as const satisfies Record<string, { step: number; title: string; recordTitle: string; documentTitle?: string }>;
export type QuestionSectionKey = keyof typeof QUESTION_SECTIONS;
export const QUESTION_SECTION_KEYS = Object.keys(QUESTION_SECTIONS) as QuestionSectionKey[];

/** The statement of fact's heading of a section: "1. Insured's details", "6. Declaration questions". */
export function sectionDocumentHeading(key: QuestionSectionKey): string {
  const section: { step: number; recordTitle: string; documentTitle?: string } = QUESTION_SECTIONS[key];
  return `${section.step}. ${section.documentTitle ?? section.recordTitle}`;
}
