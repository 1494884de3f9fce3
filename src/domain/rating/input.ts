/**
 * The named rating inputs that factors and referral conditions may refer to. This list is the CEL
 * environment referral conditions are type-checked against, and the shape `deriveRatingInput` (in
 * src/domain/quote) builds from a stored quote. Amounts are in whole pounds, as an underwriter writes them
 * in a rule ("turnover > 2000000"); the engine converts to pence only where money is produced.
 */
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
  hasSpecialAreaWork: "Work in special areas",
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
};

type FieldType<T> = T extends "number" ? number : T extends "boolean" ? boolean : string;

export type RatingInput = { [K in RatingInputFieldName]: FieldType<(typeof RATING_INPUT_FIELDS)[K]> };

/** Reads one rating input field. */
export type RatingInputReader<K extends RatingInputFieldName = RatingInputFieldName> = (
  input: RatingInput,
) => RatingInput[K];

/**
 * One reader per rating input, each its own function with a fixed property name. A rate reads some fifty
 * answers; reading them through `input[name]` with a name chosen by the configuration makes every read a
 * generic lookup, while each reader here stays a direct property read however many fields a configuration
 * names. The engine reads inputs named by a configuration only through these.
 */
export const RATING_INPUT_READERS: { readonly [K in RatingInputFieldName]: RatingInputReader<K> } = {
  turnover: (input) => input.turnover,
  industry: (input) => input.industry,
  employees: (input) => input.employees,
  sumInsured: (input) => input.sumInsured,
  claimsLast3Yrs: (input) => input.claimsLast3Yrs,
  hasClaims: (input) => input.hasClaims,
  hasExports: (input) => input.hasExports,
  hasHazardous: (input) => input.hasHazardous,
  operates24_7: (input) => input.operates24_7,
  coverLimit: (input) => input.coverLimit,
  excessOption: (input) => input.excessOption,
  largestSingleProjectValue: (input) => input.largestSingleProjectValue,
  isAllTurnoverUK: (input) => input.isAllTurnoverUK,
  hasNonUKJurisdictionWork: (input) => input.hasNonUKJurisdictionWork,
  turnoverIncrease20Percent: (input) => input.turnoverIncrease20Percent,
  hasFinancialInterest: (input) => input.hasFinancialInterest,
  hasSpecialAreaWork: (input) => input.hasSpecialAreaWork,
  subcontractorInsuranceConfirmed: (input) => input.subcontractorInsuranceConfirmed,
  requiresCoverForWaivedRights: (input) => input.requiresCoverForWaivedRights,
  responsibleForManufacturing: (input) => input.responsibleForManufacturing,
  asbestosOrEnvironmentalWork: (input) => input.asbestosOrEnvironmentalWork,
  contractsNotInWriting: (input) => input.contractsNotInWriting,
  collateralWarrantiesOrThirdPartyRights: (input) => input.collateralWarrantiesOrThirdPartyRights,
  everFailedToCompleteProject: (input) => input.everFailedToCompleteProject,
  pastContractsWithDesignLiability: (input) => input.pastContractsWithDesignLiability,
  doesNotExcludeIndirectLosses: (input) => input.doesNotExcludeIndirectLosses,
  businessActivitiesChanged: (input) => input.businessActivitiesChanged,
  contractsNotAlwaysWritten: (input) => input.contractsNotAlwaysWritten,
  previousDisciplinaryAction: (input) => input.previousDisciplinaryAction,
  lackRelevantQualifications: (input) => input.lackRelevantQualifications,
  noBackgroundCheckPolicy: (input) => input.noBackgroundCheckPolicy,
  requireCoverPreviousBusiness: (input) => input.requireCoverPreviousBusiness,
  awareOfCircumstances: (input) => input.awareOfCircumstances,
  significantFluctuations: (input) => input.significantFluctuations,
  insuranceDeclined: (input) => input.insuranceDeclined,
  officesOutsideUK: (input) => input.officesOutsideUK,
  previousClaims: (input) => input.previousClaims,
  criminalConvictions: (input) => input.criminalConvictions,
  hasMaterialFacts: (input) => input.hasMaterialFacts,
  hasDirectorsOfficersInsurance: (input) => input.hasDirectorsOfficersInsurance,
  directorsOfficersLimit: (input) => input.directorsOfficersLimit,
  hasContentsInsurance: (input) => input.hasContentsInsurance,
  contentsLimit: (input) => input.contentsLimit,
  hasBusinessEquipmentComputers: (input) => input.hasBusinessEquipmentComputers,
  businessEquipmentComputersLimit: (input) => input.businessEquipmentComputersLimit,
  hasBusinessEquipmentSpecialist: (input) => input.hasBusinessEquipmentSpecialist,
  businessEquipmentSpecialistLimit: (input) => input.businessEquipmentSpecialistLimit,
  hasStockContents: (input) => input.hasStockContents,
  stockContentsLimit: (input) => input.stockContentsLimit,
};

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
    ...overrides,
  };
}
