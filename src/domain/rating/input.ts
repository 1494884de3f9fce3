/**
 * The named rating inputs that factors and referral conditions may refer to. This list is the CEL
 * environment referral conditions are type-checked against, and the shape `deriveRatingInput` (in
 * src/domain/quote) builds from a stored quote. Amounts are in whole pounds, as an underwriter writes them
 * in a rule ("turnover > 2000000"); the engine converts to pence only where money is produced.
 */
import { CONTRACTS_QUESTIONS } from "../quote/catalogue";
export const RATING_INPUT_FIELDS = {
  // risk basics (docs/product/screens.md Risk)
  turnover: "number",
  industry: "string",
  employees: "number",
  sumInsured: "number",
  claimsLast3Yrs: "number",
  hasClaims: "boolean",
  hasExports: "boolean",
  hasHazardous: "boolean",
  operates24_7: "boolean",
  // step 7 selections
  coverLimit: "number",
  excessOption: "string",
  // financial overview
  largestSingleProjectValue: "number",
  isAllTurnoverUK: "boolean",
  hasNonUKJurisdictionWork: "boolean",
  turnoverIncrease20Percent: "boolean",
  // insured and contracts
  hasFinancialInterest: "boolean",
  hasSpecialAreaWork: "boolean",
  // declaration: general
  subcontractorInsuranceConfirmed: "boolean",
  requiresCoverForWaivedRights: "boolean",
  responsibleForManufacturing: "boolean",
  // declaration: design & construct material facts
  asbestosOrEnvironmentalWork: "boolean",
  contractsNotInWriting: "boolean",
  collateralWarrantiesOrThirdPartyRights: "boolean",
  everFailedToCompleteProject: "boolean",
  pastContractsWithDesignLiability: "boolean",
  doesNotExcludeIndirectLosses: "boolean",
  // declaration: general material facts
  businessActivitiesChanged: "boolean",
  contractsNotAlwaysWritten: "boolean",
  previousDisciplinaryAction: "boolean",
  lackRelevantQualifications: "boolean",
  noBackgroundCheckPolicy: "boolean",
  requireCoverPreviousBusiness: "boolean",
  // declaration: business material facts
  awareOfCircumstances: "boolean",
  significantFluctuations: "boolean",
  insuranceDeclined: "boolean",
  officesOutsideUK: "boolean",
  previousClaims: "boolean",
  criminalConvictions: "boolean",
  /** true when any material-fact answer (the three material-fact groups) is Yes */
  hasMaterialFacts: "boolean",
  // additional covers (limits in pounds; 0 when not chosen)
  hasDirectorsOfficersInsurance: "boolean",
  directorsOfficersLimit: "number",
  hasContentsInsurance: "boolean",
  contentsLimit: "number",
  hasBusinessEquipmentComputers: "boolean",
  businessEquipmentComputersLimit: "number",
  hasBusinessEquipmentSpecialist: "boolean",
  businessEquipmentSpecialistLimit: "number",
  hasStockContents: "boolean",
  stockContentsLimit: "number",
  // how the limit applies, chosen on step 7 (format/limit-basis.ts names the values)
  limitBasis: "string",
  defenceCosts: "string",
  // retroactive date (declaration): unlimited (no retroactive date), else whole years of prior acts covered
  priorActsUnlimited: "boolean",
  priorActsYears: "number",
} as const satisfies Record<string, "number" | "boolean" | "string">;

export type RatingInputFieldName = keyof typeof RATING_INPUT_FIELDS;

/**
 * Each rating input in words, as a broker reads the worksheet aloud ("Turnover band", "Cover limit"). The
 * worksheet, the admin's test results and any document name a factor from here, never from the field name.
 */
export const RATING_INPUT_LABELS: Readonly<Record<RatingInputFieldName, string>> = {
  turnover: "Turnover band",
  industry: "Industry",
  employees: "Employees",
  sumInsured: "Sum insured",
  claimsLast3Yrs: "Claims in the last 3 years",
  hasClaims: "Previous claims",
  hasExports: "Export business",
  hasHazardous: "Hazardous activities",
  operates24_7: "24/7 operations",
  coverLimit: "Cover limit",
  excessOption: "Excess option",
  largestSingleProjectValue: "Largest single project value",
  isAllTurnoverUK: "All turnover from UK work",
  hasNonUKJurisdictionWork: "Work under a non-UK jurisdiction",
  turnoverIncrease20Percent: "Turnover to rise by 20% or more",
  hasFinancialInterest: "Financial interest in other firms",
  hasSpecialAreaWork: CONTRACTS_QUESTIONS.specialAreaDetails.label,
  subcontractorInsuranceConfirmed: "Subcontractors' insurance confirmed",
  requiresCoverForWaivedRights: "Cover where rights of recourse are waived",
  responsibleForManufacturing: "Responsible for manufacturing",
  asbestosOrEnvironmentalWork: "Asbestos or environmental work",
  contractsNotInWriting: "Contracts not in writing",
  collateralWarrantiesOrThirdPartyRights: "Collateral warranties or third-party rights",
  everFailedToCompleteProject: "Ever failed to complete a project",
  pastContractsWithDesignLiability: "Past contracts with design liability",
  doesNotExcludeIndirectLosses: "Indirect losses not excluded",
  businessActivitiesChanged: "Business activities changed",
  contractsNotAlwaysWritten: "Contracts not always written",
  previousDisciplinaryAction: "Previous disciplinary action",
  lackRelevantQualifications: "Lacks relevant qualifications",
  noBackgroundCheckPolicy: "No background check policy",
  requireCoverPreviousBusiness: "Cover for a previous business",
  awareOfCircumstances: "Aware of circumstances that may lead to a claim",
  significantFluctuations: "Significant fluctuations in turnover",
  insuranceDeclined: "Insurance declined or special terms imposed",
  officesOutsideUK: "Offices outside the UK",
  previousClaims: "Claims in the last five years",
  criminalConvictions: "Criminal convictions",
  hasMaterialFacts: "Material facts declared",
  hasDirectorsOfficersInsurance: "Directors & officers cover",
  directorsOfficersLimit: "Directors & officers limit",
  hasContentsInsurance: "Contents cover",
  contentsLimit: "Contents limit",
  hasBusinessEquipmentComputers: "Business equipment (computers) cover",
  businessEquipmentComputersLimit: "Business equipment (computers) limit",
  hasBusinessEquipmentSpecialist: "Specialist equipment cover",
  businessEquipmentSpecialistLimit: "Specialist equipment limit",
  hasStockContents: "Stock cover",
  stockContentsLimit: "Stock limit",
  limitBasis: "Limit basis",
  defenceCosts: "Defence costs",
  priorActsUnlimited: "Unlimited retroactive cover",
  priorActsYears: "Years of prior acts covered",
};

type FieldType<T> = T extends "number" ? number : T extends "boolean" ? boolean : string;

export type RatingInput = { [K in RatingInputFieldName]: FieldType<(typeof RATING_INPUT_FIELDS)[K]> };

/** The rating input fields in their declared order; a field's position is its number for readRatingInputField. */
export const RATING_INPUT_FIELD_NAMES = Object.freeze(Object.keys(RATING_INPUT_FIELDS) as RatingInputFieldName[]);

const FIELD_NUMBERS = new Map(RATING_INPUT_FIELD_NAMES.map((name, index) => [name, index]));

/** The number readRatingInputField knows a field by (its position in RATING_INPUT_FIELDS). */
export function ratingInputFieldNumber(name: RatingInputFieldName): number {
  const number = FIELD_NUMBERS.get(name);
  if (number === undefined) throw new RangeError(`Not a rating input: ${name}`);
  return number;
}

/**
 * Reads the rating input a configuration names, by its field number. A rate reads some fifty answers named by
 * the configuration; `input[name]` makes each of those a generic lookup by name and a function per field
 * makes each a call, while this one switch compiles to a jump straight to a fixed property read and is
 * small enough to be inlined where the engine reads. The cases follow RATING_INPUT_FIELDS' order (a test
 * reads every field through it).
 */
export function readRatingInputField(input: RatingInput, field: number): RatingInput[RatingInputFieldName] | undefined {
  switch (field) {
    case 0:
      return input.turnover;
    case 1:
      return input.industry;
    case 2:
      return input.employees;
    case 3:
      return input.sumInsured;
    case 4:
      return input.claimsLast3Yrs;
    case 5:
      return input.hasClaims;
    case 6:
      return input.hasExports;
    case 7:
      return input.hasHazardous;
    case 8:
      return input.operates24_7;
    case 9:
      return input.coverLimit;
    case 10:
      return input.excessOption;
    case 11:
      return input.largestSingleProjectValue;
    case 12:
      return input.isAllTurnoverUK;
    case 13:
      return input.hasNonUKJurisdictionWork;
    case 14:
      return input.turnoverIncrease20Percent;
    case 15:
      return input.hasFinancialInterest;
    case 16:
      return input.hasSpecialAreaWork;
    case 17:
      return input.subcontractorInsuranceConfirmed;
    case 18:
      return input.requiresCoverForWaivedRights;
    case 19:
      return input.responsibleForManufacturing;
    case 20:
      return input.asbestosOrEnvironmentalWork;
    case 21:
      return input.contractsNotInWriting;
    case 22:
      return input.collateralWarrantiesOrThirdPartyRights;
    case 23:
      return input.everFailedToCompleteProject;
    case 24:
      return input.pastContractsWithDesignLiability;
    case 25:
      return input.doesNotExcludeIndirectLosses;
    case 26:
      return input.businessActivitiesChanged;
    case 27:
      return input.contractsNotAlwaysWritten;
    case 28:
      return input.previousDisciplinaryAction;
    case 29:
      return input.lackRelevantQualifications;
    case 30:
      return input.noBackgroundCheckPolicy;
    case 31:
      return input.requireCoverPreviousBusiness;
    case 32:
      return input.awareOfCircumstances;
    case 33:
      return input.significantFluctuations;
    case 34:
      return input.insuranceDeclined;
    case 35:
      return input.officesOutsideUK;
    case 36:
      return input.previousClaims;
    case 37:
      return input.criminalConvictions;
    case 38:
      return input.hasMaterialFacts;
    case 39:
      return input.hasDirectorsOfficersInsurance;
    case 40:
      return input.directorsOfficersLimit;
    case 41:
      return input.hasContentsInsurance;
    case 42:
      return input.contentsLimit;
    case 43:
      return input.hasBusinessEquipmentComputers;
    case 44:
      return input.businessEquipmentComputersLimit;
    case 45:
      return input.hasBusinessEquipmentSpecialist;
    case 46:
      return input.businessEquipmentSpecialistLimit;
    case 47:
      return input.hasStockContents;
    case 48:
      return input.stockContentsLimit;
    case 49:
      return input.limitBasis;
    case 50:
      return input.defenceCosts;
    case 51:
      return input.priorActsUnlimited;
    case 52:
      return input.priorActsYears;
    default:
      return undefined;
  }
}

export type ExcessOption = "standard" | "2x" | "5x";

/**
 * A complete input with docs/product/rating.md's fallback defaults (turnover 500,000, cover limit and sum insured
 * 1,000,000, largest project 100,000, claims 0, employees 1), all UK work, subcontractor insurance
 * confirmed and every other answer No. Callers override what they know.
 */
export function defaultRatingInput(overrides: Partial<RatingInput> = {}): RatingInput {
  return {
    turnover: 500_000,
    industry: "construction",
    employees: 1,
    sumInsured: 1_000_000,
    claimsLast3Yrs: 0,
    hasClaims: false,
    hasExports: false,
    hasHazardous: false,
    operates24_7: false,
    coverLimit: 1_000_000,
    excessOption: "standard",
    largestSingleProjectValue: 100_000,
    isAllTurnoverUK: true,
    hasNonUKJurisdictionWork: false,
    turnoverIncrease20Percent: false,
    hasFinancialInterest: false,
    hasSpecialAreaWork: false,
    subcontractorInsuranceConfirmed: true,
    requiresCoverForWaivedRights: false,
    responsibleForManufacturing: false,
    asbestosOrEnvironmentalWork: false,
    contractsNotInWriting: false,
    collateralWarrantiesOrThirdPartyRights: false,
    everFailedToCompleteProject: false,
    pastContractsWithDesignLiability: false,
    doesNotExcludeIndirectLosses: false,
    businessActivitiesChanged: false,
    contractsNotAlwaysWritten: false,
    previousDisciplinaryAction: false,
    lackRelevantQualifications: false,
    noBackgroundCheckPolicy: false,
    requireCoverPreviousBusiness: false,
    awareOfCircumstances: false,
    significantFluctuations: false,
    insuranceDeclined: false,
    officesOutsideUK: false,
    previousClaims: false,
    criminalConvictions: false,
    hasMaterialFacts: false,
    hasDirectorsOfficersInsurance: false,
    directorsOfficersLimit: 0,
    hasContentsInsurance: false,
    contentsLimit: 0,
    hasBusinessEquipmentComputers: false,
    businessEquipmentComputersLimit: 0,
    hasBusinessEquipmentSpecialist: false,
    businessEquipmentSpecialistLimit: 0,
    hasStockContents: false,
    stockContentsLimit: 0,
    limitBasis: "AGGREGATE",
    defenceCosts: "INCLUSIVE",
    // Every quote rated before the retroactive date was asked had unlimited retroactive cover.
    priorActsUnlimited: true,
    priorActsYears: 0,
    ...overrides,
  };
}

/**
 * The order in which each rating's input is kept as a compact array beside the quote (the rating inputs the
 * impact analysis reads; the database writes the array with every rating, migration 0010). Positions never
 * move: a new field goes at the end, and the migration that adds it rewrites the database function's list
 * with the same order. An older array simply lacks the new trailing fields, which then take their defaults.
 */
export const RATING_INPUT_STORED_ORDER: readonly RatingInputFieldName[] = Object.freeze([
  "turnover",
  "industry",
  "employees",
  "sumInsured",
  "claimsLast3Yrs",
  "hasClaims",
  "hasExports",
  "hasHazardous",
  "operates24_7",
  "coverLimit",
  "excessOption",
  "largestSingleProjectValue",
  "isAllTurnoverUK",
  "hasNonUKJurisdictionWork",
  "turnoverIncrease20Percent",
  "hasFinancialInterest",
  "hasSpecialAreaWork",
  "subcontractorInsuranceConfirmed",
  "requiresCoverForWaivedRights",
  "responsibleForManufacturing",
  "asbestosOrEnvironmentalWork",
  "contractsNotInWriting",
  "collateralWarrantiesOrThirdPartyRights",
  "everFailedToCompleteProject",
  "pastContractsWithDesignLiability",
  "doesNotExcludeIndirectLosses",
  "businessActivitiesChanged",
  "contractsNotAlwaysWritten",
  "previousDisciplinaryAction",
  "lackRelevantQualifications",
  "noBackgroundCheckPolicy",
  "requireCoverPreviousBusiness",
  "awareOfCircumstances",
  "significantFluctuations",
  "insuranceDeclined",
  "officesOutsideUK",
  "previousClaims",
  "criminalConvictions",
  "hasMaterialFacts",
  "hasDirectorsOfficersInsurance",
  "directorsOfficersLimit",
  "hasContentsInsurance",
  "contentsLimit",
  "hasBusinessEquipmentComputers",
  "businessEquipmentComputersLimit",
  "hasBusinessEquipmentSpecialist",
  "businessEquipmentSpecialistLimit",
  "hasStockContents",
  "stockContentsLimit",
  "limitBasis",
  "defenceCosts",
  "priorActsUnlimited",
  "priorActsYears",
]);

/**
 * The rating input a stored compact array stands for: each position in RATING_INPUT_STORED_ORDER, and the
 * fallback default wherever the array has no value (a field added to the engine after the quote was rated).
 */
export function ratingInputFromStoredValues(
  values: readonly unknown[],
  defaults: RatingInput = defaultRatingInput(),
): RatingInput {
  const input: Record<string, unknown> = { ...defaults };
  const count = Math.min(values.length, RATING_INPUT_STORED_ORDER.length);
  for (let index = 0; index < count; index++) {
    const value = values[index];
    if (value !== null && value !== undefined) input[RATING_INPUT_STORED_ORDER[index] as string] = value;
  }
  return input as RatingInput;
}
