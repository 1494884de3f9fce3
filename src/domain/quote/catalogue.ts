/**
 * The question catalogue: every question of the proposal (wizard steps 1 to 6) and every line of the premium,
 * each written once. The wizard asks from here, the statement of fact and the schedule print from here, the
 * underwriter's review and the audit log name answers from here, and the step schemas take their keys from here.
 *
 * A question has two wordings only where the product uses two: `label` is how the wizard asks it ("Is all of your
 * turnover from work in the UK?"); `recordLabel` is how the record of the answer names it, in the statement of
 * fact, the underwriter's review and the audit log ("Is all turnover from work in the UK?"). Without a
 * `recordLabel` both read the label. The wizard adds "(optional)" and the unit to the label by itself.
 */

import type { QuestionSectionKey } from "./question-sections";

export {
  QUESTION_SECTION_KEYS,
  QUESTION_SECTIONS,
  type QuestionSectionKey,
  sectionDocumentHeading,
} from "./question-sections";

/**
 * What kind of answer a question takes: `search` is typed text with suggestions (the company register, the
 * business activities), `count` a whole number, `amount` whole pounds, `percent` a share of a split, `list`
 * repeated entries each with questions of their own, `choice` one of the question's options.
 */
export type QuestionKind =
  | "text"
  | "longText"
  | "search"
  | "date"
  | "count"
  | "amount"
  | "percent"
  | "yesNo"
  | "list"
  | "choice";

export interface QuestionText {
  /** The answer's field name in the quote's section. */
  readonly key: string;
  readonly kind: QuestionKind;
  /** As the wizard asks it. */
  readonly label: string;
  /** As the statement of fact, the underwriter's review and the audit log name the answer, where that differs. */
  readonly recordLabel?: string;
  /** Shown under the field. */
  readonly help?: string;
  /** Shown in the empty field. */
  readonly placeholder?: string;
  /** The wizard marks the label "(optional)". */
  readonly optional?: boolean;
  /** The wizard names the unit after the label: "(£)". */
  readonly unit?: "£";
  /** The values the question offers or asks about. */
  readonly options?: readonly string[];
}

export interface Question extends QuestionText {
  readonly section: QuestionSectionKey;
}

function inSection<const S extends QuestionSectionKey, const Q extends readonly QuestionText[]>(
  section: S,
  questions: Q,
): { readonly [I in keyof Q]: Q[I] & { readonly section: S } } {
  return questions.map((question) => ({ ...question, section })) as unknown as {
    readonly [I in keyof Q]: Q[I] & { readonly section: S };
  };
}

type Keyed<L extends readonly { key: string }[]> = { readonly [E in L[number] as E["key"]]: E };

function byKey<const L extends readonly { key: string }[]>(list: L): Keyed<L> {
  return Object.fromEntries(list.map((question) => [question.key, question])) as Keyed<L>;
}

/** The words the wizard shows for a question: its label, "(optional)" where it may be left empty, and its unit. */
export function wizardLabel(question: QuestionText): string {
  return `${question.label}${question.optional ? " (optional)" : ""}${question.unit ? ` (${question.unit})` : ""}`;
}

/** The words a record of the answer (a document, the review, the audit log) names the question by. */
export function recordLabel(question: QuestionText): string {
  return question.recordLabel ?? question.label;
}

// Step 1

export const INSUREDS_DETAILS_QUESTIONS = byKey(
  inSection("insuredsDetails", [
    { key: "proposerName", kind: "search", label: "Company name", placeholder: "Start typing the company name" },
    { key: "tradingName", kind: "text", label: "Trading name", optional: true },
    { key: "isSoleTrader", kind: "yesNo", label: "Is the insured a sole trader?" },
    {
      key: "businessActivity",
      kind: "search",
      label: "Business activity",
      placeholder: "Search trades and job titles",
    },
    { key: "businessAddress", kind: "longText", label: "Business address" },
    { key: "incorporationDate", kind: "date", label: "Incorporation date", recordLabel: "Date of incorporation" },
    { key: "tradingSince", kind: "date", label: "Trading since", optional: true },
    { key: "inceptionDate", kind: "date", label: "Inception date", recordLabel: "Proposed inception date" },
    { key: "numberOfDirectors", kind: "count", label: "Number of directors/partners/principals" },
    { key: "numberOfQualifiedStaff", kind: "count", label: "Number of qualified staff" },
    {
      key: "hasFinancialInterest",
      kind: "yesNo",
      label: "Does the insured have a financial interest in any other company or organisation?",
      recordLabel: "Financial interest in any other company or organisation",
    },
    { key: "financialInterestDetails", kind: "longText", label: "Details of the other company/organisation" },
  ]),
);

// Step 2 (the step-7 cover limit and additional covers share its stored section, but are not its questions)

export const FINANCIAL_OVERVIEW_QUESTIONS = byKey(
  inSection("financialOverview", [
    { key: "turnover", kind: "amount", label: "Annual revenue", recordLabel: "Annual turnover (revenue)" },
    { key: "largestSingleProjectValue", kind: "amount", label: "Largest single project value in the last 3 years" },
    {
      key: "isAllTurnoverUK",
      kind: "yesNo",
      label: "Is all of your turnover from work in the UK?",
      recordLabel: "Is all turnover from work in the UK?",
    },
    {
      key: "overseasWorkSplit",
      kind: "longText",
      label: "% split for overseas work by territory",
      recordLabel: "Split of overseas work by territory",
      placeholder: "e.g. Ireland 10%, France 5%",
    },
    {
      key: "hasNonUKJurisdictionWork",
      kind: "yesNo",
      label: "Is any work carried out under a non-UK jurisdiction or law?",
      recordLabel: "Any work under a non-UK jurisdiction or law?",
    },
    {
      key: "turnoverIncrease20Percent",
      kind: "yesNo",
      label: "Do you expect turnover to rise by 20 percent or more in the next 12 months?",
      recordLabel: "Will turnover increase by 20% or more in the next 12 months?",
    },
  ]),
);

// Step 3

/** The design arrangements turnover is split across, in the order of the wizard's table and the statement of fact. */
export const TURNOVER_SPLIT_FIELDS = inSection("designLiability", [
  { key: "turnoverSplitInHouseDesign", kind: "percent", label: "In-house design" },
  {
    key: "turnoverSplitThirdPartyAppointed",
    kind: "percent",
    label: "Design by third-party consultants appointed by you",
  },
  {
    key: "turnoverSplitThirdPartyNotAppointed",
    kind: "percent",
    label: "Design by third-party consultants not appointed by you",
  },
  { key: "turnoverSplitMaintenance", kind: "percent", label: "Maintenance and repair with no design" },
  { key: "turnoverSplitOther", kind: "percent", label: "Other" },
]);

export const DESIGN_LIABILITY_QUESTIONS = byKey([
  ...TURNOVER_SPLIT_FIELDS,
  ...inSection("designLiability", [
    { key: "turnoverSplitOtherDetails", kind: "longText", label: "Details of other turnover" },
    {
      key: "undertakesWorkForFee",
      kind: "yesNo",
      label: "Do you undertake design or supervisory work for a fee, separate from construction contracts?",
      recordLabel: "Does the firm undertake design work for a fee?",
    },
    { key: "feesDesignSupervisory", kind: "amount", label: "Fees for design and supervisory work", unit: "£" },
    { key: "feesOtherWork", kind: "amount", label: "Fees for other work", unit: "£" },
    {
      key: "feesOtherWorkDetails",
      kind: "longText",
      label: "Details of the other work",
      recordLabel: "Details of other work fees",
    },
  ]),
]);

// Step 4

/** The 19 activities plus "other", in the order the wizard's table and the statement of fact list them. */
export const ACTIVITY_FIELDS = inSection("activitySplit", [
  {
    key: "professionalServices",
    kind: "percent",
    label: "Professional services (project management, surveying, consultancy)",
  },
  {
    key: "architectureNewBuildDomesticPrivate",
    kind: "percent",
    label: "Architecture: new build, private domestic dwellings",
  },
  {
    key: "architectureNewBuildDomesticMultiple",
    kind: "percent",
    label: "Architecture: new build, multiple domestic dwellings",
  },
  {
    key: "architectureNewBuildCommercialPublic",
    kind: "percent",
    label: "Architecture: new build, commercial and public buildings",
  },
  { key: "refurbishmentStructural", kind: "percent", label: "Refurbishment: structural" },
  { key: "refurbishmentNonStructural", kind: "percent", label: "Refurbishment: non-structural" },
  { key: "civilEngineering", kind: "percent", label: "Civil engineering" },
  { key: "structuralEngineering", kind: "percent", label: "Structural engineering" },
  { key: "soilFoundationEngineering", kind: "percent", label: "Soil and foundation engineering" },
  { key: "electricalEngineering", kind: "percent", label: "Electrical engineering" },
  { key: "heatingPlumbingVentilation", kind: "percent", label: "Heating, plumbing and ventilation" },
  { key: "mechanicalEngineering", kind: "percent", label: "Mechanical engineering" },
  { key: "processIndustrialEngineering", kind: "percent", label: "Process and industrial engineering" },
  { key: "roofingFlooring", kind: "percent", label: "Roofing and flooring" },
  { key: "fireProtectionSystems", kind: "percent", label: "Fire protection systems" },
  { key: "accessControlsAlarms", kind: "percent", label: "Access controls and alarms" },
  { key: "claddingFacades", kind: "percent", label: "Cladding and facades" },
  { key: "landscapeGardenArchitecture", kind: "percent", label: "Landscape and garden architecture" },
  { key: "renewableEnergyInstallations", kind: "percent", label: "Renewable energy installations" },
  { key: "other", kind: "percent", label: "Other" },
]);

export const ACTIVITY_SPLIT_QUESTIONS = byKey([
  ...ACTIVITY_FIELDS,
  ...inSection("activitySplit", [{ key: "otherDetails", kind: "longText", label: "Details of other activities" }]),
]);

// Step 5

/** The 16 contract types, in the order of the wizard's table and the statement of fact. */
export const CONTRACT_TYPE_FIELDS = inSection("contracts", [
  { key: "domesticPrivateDwellings", kind: "percent", label: "Domestic private dwellings" },
  { key: "housingSchemesUnder3Floors", kind: "percent", label: "Housing schemes (under 3 floors)" },
  { key: "housingSchemesOver3Floors", kind: "percent", label: "Housing schemes (3 floors or more)" },
  { key: "basementConversions", kind: "percent", label: "Basement conversions" },
  { key: "officeRetail", kind: "percent", label: "Offices and retail" },
  { key: "pubsRestaurantsHotels", kind: "percent", label: "Pubs, restaurants and hotels" },
  { key: "otherLeisure", kind: "percent", label: "Other leisure" },
  { key: "schoolsHospitalsEducation", kind: "percent", label: "Schools, hospitals and education" },
  { key: "churchesCathedrals", kind: "percent", label: "Churches and cathedrals" },
  { key: "factoryIndustrial", kind: "percent", label: "Factories and industrial" },
  { key: "mechanicalBulkHandling", kind: "percent", label: "Mechanical bulk handling" },
  { key: "pipeWorkTanksVessels", kind: "percent", label: "Pipework, tanks and vessels" },
  { key: "roadsHighwaysMotorways", kind: "percent", label: "Roads, highways and motorways" },
  { key: "sewerageWaterSchemes", kind: "percent", label: "Sewerage and water schemes" },
  { key: "foundationsPiling", kind: "percent", label: "Foundations and piling" },
  { key: "claddingGlazingCurtainWalling", kind: "percent", label: "Cladding, glazing and curtain walling" },
]);

/** Special areas the insurer wants declared (docs/product/screens.md step 5); any work there is described. */
export const SPECIAL_AREAS = [
  "Amusement parks",
  "Aviation, automotive, military or marine",
  "Airports or railways",
  "Arenas, stadia or amusement rides",
  "Bridges or tunnels",
  "Chemical, oil or nuclear",
  "Children's play areas",
  "Clean rooms",
  "Demolition",
  "Dams or mines",
  "Power plants",
  "Swimming pools",
  "Harbours or jetties",
  "Offshore",
] as const;

/** The questions of each recurring contract entry; the statement of fact heads its table's columns by the record label. */
export const RECURRING_CONTRACT_QUESTIONS = byKey(
  inSection("contracts", [
    { key: "clientName", kind: "text", label: "Client name", recordLabel: "Client" },
    { key: "startDate", kind: "date", label: "Start date" },
    { key: "valueToFirm", kind: "amount", label: "Value to your firm", recordLabel: "Value to firm" },
    {
      key: "overallContractValue",
      kind: "amount",
      label: "Overall contract value",
      recordLabel: "Overall value",
      optional: true,
    },
    { key: "scopeOfWork", kind: "longText", label: "Scope of work" },
  ]),
);

export const CONTRACTS_QUESTIONS = byKey([
  ...inSection("contracts", [
    {
      key: "hasRecurringContracts",
      kind: "yesNo",
      label: "Do you have recurring contracts or framework agreements with any client?",
      recordLabel: "Does the firm have recurring contracts with any client?",
    },
    { key: "recurringContracts", kind: "list", label: "Recurring contracts" },
  ]),
  ...CONTRACT_TYPE_FIELDS,
  ...inSection("contracts", [
    {
      key: "specialAreaDetails",
      kind: "longText",
      label: "Work in special areas",
      recordLabel: "Details of any work in the special areas",
      help: `Describe any work on or in: ${SPECIAL_AREAS.join("; ").toLowerCase()}. Leave empty if none.`,
      options: SPECIAL_AREAS,
    },
    { key: "otherContractDetails", kind: "longText", label: "Other contract details" },
  ]),
]);

// Step 6

export type DeclarationGroupKey = "general" | "designConstruct" | "generalMaterialFacts" | "businessMaterialFacts";
export type DeclarationDetailsField = "designConstructDetails" | "generalDetails" | "businessDetails";

export interface DeclarationGroup {
  readonly key: DeclarationGroupKey;
  readonly title: string;
  /** Material-fact groups: a Yes anywhere asks for the comprehensive details and refers the quote. */
  readonly materialFacts: boolean;
  /** The group's own details box, shown when any of its answers is Yes. */
  readonly detailsField: DeclarationDetailsField | null;
  readonly questions: readonly Question[];
}

export const DECLARATION_GROUPS = [
  {
    key: "general",
    title: "General",
    materialFacts: false,
    detailsField: null,
    questions: inSection("declaration", [
      {
        key: "subcontractorInsuranceConfirmed",
        kind: "yesNo",
        label:
          "Do you require all subcontractors to hold their own professional indemnity insurance with a limit of indemnity appropriate to the work they carry out?",
      },
      {
        key: "requiresCoverForWaivedRights",
        kind: "yesNo",
        label:
          "Do you require cover for contracts under which you have waived, or agreed to limit, your rights of recourse against others?",
      },
      {
        key: "responsibleForManufacturing",
        kind: "yesNo",
        label: "Are you responsible for the manufacture or fabrication of any products or components you design?",
      },
    ]),
  },
  {
    key: "designConstruct",
    title: "Design & Construct material facts",
    materialFacts: true,
    detailsField: "designConstructDetails",
    questions: inSection("declaration", [
      {
        key: "asbestosOrEnvironmentalWork",
        kind: "yesNo",
        label: "Do you undertake any work involving asbestos, contaminated land or other environmental hazards?",
      },
      {
        key: "contractsNotInWriting",
        kind: "yesNo",
        label: "Do you ever start design and construct work before the contract has been agreed in writing?",
      },
      {
        key: "collateralWarrantiesOrThirdPartyRights",
        kind: "yesNo",
        label:
          "Do you give collateral warranties, or grant rights under the Contracts (Rights of Third Parties) Act 1999, to funders, purchasers or tenants?",
      },
      {
        key: "everFailedToCompleteProject",
        kind: "yesNo",
        label: "Have you ever failed to complete a project, or had a contract terminated before completion?",
      },
      {
        key: "pastContractsWithDesignLiability",
        kind: "yesNo",
        label:
          "Have you completed past contracts carrying design liability that are not covered by an existing professional indemnity policy?",
      },
      {
        key: "doesNotExcludeIndirectLosses",
        kind: "yesNo",
        label:
          "Do any of your contracts fail to exclude liability for indirect or consequential losses (such as loss of profit or loss of use)?",
      },
    ]),
  },
  {
    key: "generalMaterialFacts",
    title: "General material facts",
    materialFacts: true,
    detailsField: "generalDetails",
    questions: inSection("declaration", [
      {
        key: "businessActivitiesChanged",
        kind: "yesNo",
        label: "Have your business activities changed materially in the last five years, or will they change?",
      },
      {
        key: "contractsNotAlwaysWritten",
        kind: "yesNo",
        label: "Do you ever carry out work without a written contract or letter of appointment?",
      },
      {
        key: "previousDisciplinaryAction",
        kind: "yesNo",
        label:
          "Has the firm, or any principal, director or partner, ever been the subject of disciplinary action by a professional body?",
      },
      {
        key: "lackRelevantQualifications",
        kind: "yesNo",
        label:
          "Does any principal, director or partner lack the qualifications or experience relevant to the work undertaken?",
      },
      {
        key: "noBackgroundCheckPolicy",
        kind: "yesNo",
        label: "Do you take on staff without checking their references, qualifications and background?",
      },
      {
        key: "requireCoverPreviousBusiness",
        kind: "yesNo",
        label: "Do you require cover for work carried out by a previous business or predecessor firm?",
      },
    ]),
  },
  {
    key: "businessMaterialFacts",
    title: "Business material facts",
    materialFacts: true,
    detailsField: "businessDetails",
    questions: inSection("declaration", [
      {
        key: "awareOfCircumstances",
        kind: "yesNo",
        label:
          "After enquiry, is any principal, director or partner aware of any circumstance, complaint or dispute that could give rise to a claim against the firm?",
      },
      {
        key: "significantFluctuations",
        kind: "yesNo",
        label: "Has the firm's fee income or turnover fluctuated significantly over the last three years?",
      },
      {
        key: "insuranceDeclined",
        kind: "yesNo",
        label:
          "Has any insurer ever declined, cancelled or refused to renew professional indemnity insurance for the firm, or imposed special terms?",
      },
      { key: "officesOutsideUK", kind: "yesNo", label: "Does the firm have any offices outside the United Kingdom?" },
      {
        key: "previousClaims",
        kind: "yesNo",
        label:
          "Has any professional indemnity claim been made against the firm, or any predecessor firm, in the last five years?",
      },
      {
        key: "criminalConvictions",
        kind: "yesNo",
        label:
          "Has the firm, or any principal, director or partner, ever been convicted of a criminal offence (other than spent convictions or minor motoring offences)?",
      },
    ]),
  },
] as const satisfies readonly DeclarationGroup[];

const DETAILS_OF_EACH_YES = "Please give details of each Yes answer";

/** The free-text answers of step 6: each material-fact group's details, and the comprehensive details. */
export const DECLARATION_DETAILS_QUESTIONS = byKey(
  inSection("declaration", [
    {
      key: "designConstructDetails",
      kind: "longText",
      label: "Design & Construct details",
      recordLabel: "Details of Design & Construct material facts",
      placeholder: DETAILS_OF_EACH_YES,
    },
    {
      key: "generalDetails",
      kind: "longText",
      label: "General details",
      recordLabel: "Details of general material facts",
      placeholder: DETAILS_OF_EACH_YES,
    },
    {
      key: "businessDetails",
      kind: "longText",
      label: "Business details",
      recordLabel: "Details of business material facts",
      placeholder: DETAILS_OF_EACH_YES,
    },
    {
      key: "comprehensiveDetails",
      kind: "longText",
      label: "Comprehensive details",
      recordLabel: "Comprehensive details of the material facts",
    },
  ]),
);

/**
 * The firm's insurance history on step 6: PI is claims-made, so the retroactive date decides which past work the
 * policy covers (docs/product/life-cycle.md). The options are the answers' words, in the order RETROACTIVE_COVER_ANSWERS
 * (retroactive-cover.ts) lists their codes.
 */
export const RETROACTIVE_COVER_TITLE = "Insurance history";

export const RETROACTIVE_COVER_QUESTIONS = byKey(
  inSection("declaration", [
    {
      key: "retroactiveCover",
      kind: "choice",
      label: "What retroactive date should the policy have?",
      recordLabel: "Retroactive date",
      options: ["None: unlimited retroactive cover", "A date", "The inception date: the firm has no prior PI cover"],
    },
    {
      key: "retroactiveDate",
      kind: "date",
      label: "Retroactive date from",
      recordLabel: "Retroactive date given",
      help: "Work carried out before this date is not covered. It cannot be after the inception date.",
    },
    { key: "previousInsurer", kind: "text", label: "Previous insurer" },
    {
      key: "previousPolicyEndDate",
      kind: "date",
      label: "Previous policy ends on",
      recordLabel: "Date the previous policy ends",
    },
  ]),
);

/** Every question of steps 1 to 6 in the wizard's order; a recurring contract's questions follow the list's. */
export const QUESTIONS: readonly Question[] = (
  [
    INSUREDS_DETAILS_QUESTIONS,
    FINANCIAL_OVERVIEW_QUESTIONS,
    DESIGN_LIABILITY_QUESTIONS,
    ACTIVITY_SPLIT_QUESTIONS,
    CONTRACTS_QUESTIONS,
  ] as readonly Record<string, Question>[]
)
  .flatMap((section) => Object.values(section))
  .flatMap((question) =>
    question.key === "recurringContracts" ? [question, ...Object.values(RECURRING_CONTRACT_QUESTIONS)] : [question],
  )
  .concat(
    DECLARATION_GROUPS.flatMap((group): readonly Question[] => group.questions),
    Object.values(DECLARATION_DETAILS_QUESTIONS),
    Object.values(RETROACTIVE_COVER_QUESTIONS),
  );

/** The question a section's answer answers, when the catalogue has it. */
export function findQuestion(section: QuestionSectionKey, key: string): Question | undefined {
  return QUESTIONS.find((question) => question.section === section && question.key === key);
}
