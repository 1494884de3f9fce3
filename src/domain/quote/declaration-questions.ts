/**
 * The declaration's questions (docs/product/screens.md step 6) and the rules on its answers. Apart from
 * declaration.ts, the section's schema, so that rating a stored quote's answers (step 7, the dashboard's
 * actions) loads no zod (ADR 0056).
 */

export type DeclarationQuestion = { readonly key: string; readonly question: string };
export type DeclarationGroup = {
  readonly key: "general" | "designConstruct" | "generalMaterialFacts" | "businessMaterialFacts";
  readonly title: string;
  /** Material-fact groups: a Yes anywhere asks for the comprehensive details and refers the quote. */
  readonly materialFacts: boolean;
  /** The group's own details box, shown when any of its answers is Yes. */
  readonly detailsField: "designConstructDetails" | "generalDetails" | "businessDetails" | null;
  readonly questions: readonly DeclarationQuestion[];
};

export const DECLARATION_GROUPS = [
  {
    key: "general",
    title: "General",
    materialFacts: false,
    detailsField: null,
    questions: [
      {
        key: "subcontractorInsuranceConfirmed",
        question:
          "Do you require all subcontractors to hold their own professional indemnity insurance with a limit of indemnity appropriate to the work they carry out?",
      },
      {
        key: "requiresCoverForWaivedRights",
        question:
          "Do you require cover for contracts under which you have waived, or agreed to limit, your rights of recourse against others?",
      },
      {
        key: "responsibleForManufacturing",
        question: "Are you responsible for the manufacture or fabrication of any products or components you design?",
      },
    ],
  },
  {
    key: "designConstruct",
    title: "Design & Construct material facts",
    materialFacts: true,
    detailsField: "designConstructDetails",
    questions: [
      {
        key: "asbestosOrEnvironmentalWork",
        question: "Do you undertake any work involving asbestos, contaminated land or other environmental hazards?",
      },
      {
        key: "contractsNotInWriting",
        question: "Do you ever start design and construct work before the contract has been agreed in writing?",
      },
      {
        key: "collateralWarrantiesOrThirdPartyRights",
        question:
          "Do you give collateral warranties, or grant rights under the Contracts (Rights of Third Parties) Act 1999, to funders, purchasers or tenants?",
      },
      {
        key: "everFailedToCompleteProject",
        question: "Have you ever failed to complete a project, or had a contract terminated before completion?",
      },
      {
        key: "pastContractsWithDesignLiability",
        question:
          "Have you completed past contracts carrying design liability that are not covered by an existing professional indemnity policy?",
      },
      {
        key: "doesNotExcludeIndirectLosses",
        question:
          "Do any of your contracts fail to exclude liability for indirect or consequential losses (such as loss of profit or loss of use)?",
      },
    ],
  },
  {
    key: "generalMaterialFacts",
    title: "General material facts",
    materialFacts: true,
    detailsField: "generalDetails",
    questions: [
      {
        key: "businessActivitiesChanged",
        question: "Have your business activities changed materially in the last five years, or will they change?",
      },
      {
        key: "contractsNotAlwaysWritten",
        question: "Do you ever carry out work without a written contract or letter of appointment?",
      },
      {
        key: "previousDisciplinaryAction",
        question:
          "Has the firm, or any principal, director or partner, ever been the subject of disciplinary action by a professional body?",
      },
      {
        key: "lackRelevantQualifications",
        question:
          "Does any principal, director or partner lack the qualifications or experience relevant to the work undertaken?",
      },
      {
        key: "noBackgroundCheckPolicy",
        question: "Do you take on staff without checking their references, qualifications and background?",
      },
      {
        key: "requireCoverPreviousBusiness",
        question: "Do you require cover for work carried out by a previous business or predecessor firm?",
      },
    ],
  },
  {
    key: "businessMaterialFacts",
    title: "Business material facts",
    materialFacts: true,
    detailsField: "businessDetails",
    questions: [
      {
        key: "awareOfCircumstances",
        question:
          "After enquiry, is any principal, director or partner aware of any circumstance, complaint or dispute that could give rise to a claim against the firm?",
      },
      {
        key: "significantFluctuations",
        question: "Has the firm's fee income or turnover fluctuated significantly over the last three years?",
      },
      {
        key: "insuranceDeclined",
        question:
          "Has any insurer ever declined, cancelled or refused to renew professional indemnity insurance for the firm, or imposed special terms?",
      },
      { key: "officesOutsideUK", question: "Does the firm have any offices outside the United Kingdom?" },
      {
        key: "previousClaims",
        question:
          "Has any professional indemnity claim been made against the firm, or any predecessor firm, in the last five years?",
      },
      {
        key: "criminalConvictions",
        question:
          "Has the firm, or any principal, director or partner, ever been convicted of a criminal offence (other than spent convictions or minor motoring offences)?",
      },
    ],
  },
] as const satisfies readonly DeclarationGroup[];

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
