import { MATERIAL_FACT_ANSWERS } from "../../quote/declaration";
import { ADDITIONAL_COVERS, type AdditionalCover } from "../../quote/financial-overview";
import type { CoverPriceBand, RatingConfigInput } from "../config-schema";

/**
 * The project's own rating for D/C-PI (professional indemnity for design-and-construct contractors), seeded
 * as the product's first PUBLISHED version. The numbers and the reasoning behind them are in
 * docs/product/rating.md: a contractor at £250k-£500k turnover buying a £1m limit is the reference risk and
 * pays the base rate (£750) before fees and IPT.
 */

/** Premium in pounds by limit: property covers are offered from £1,000 to £1,000,000 (docs/product/rating.md). */
function propertyCoverPricing(
  premiums: readonly [number, number, number, number, number, number, number, number, number],
) {
  const limits: readonly (readonly [number, number])[] = [
    [1_000, 5_000],
    [5_001, 10_000],
    [10_001, 20_000],
    [20_001, 30_000],
    [30_001, 50_000],
    [50_001, 100_000],
    [100_001, 250_000],
    [250_001, 500_000],
    [500_001, 1_000_000],
  ];
  return limits.map(([min, max], index): CoverPriceBand => ({ min, max, premium: premiums[index] as number }));
}

/** A step-7 cover's fee is labelled as the quote labels the cover. */
function coverLabel(key: AdditionalCover["key"]): string {
  const cover = ADDITIONAL_COVERS.find((candidate) => candidate.key === key);
  if (!cover) throw new RangeError(`No additional cover ${key}`);
  return cover.label;
}

export const DC_PI_RATING_CONFIG: RatingConfigInput = {
  version: "1.0.0",
  productCode: "D/C-PI",
  baseRate: 750,
  taxesPct: 12,
  fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: 35 }],
  factors: {
    turnover: [
      { min: 0, max: 250_000, multiplier: 0.8 },
      { min: 250_001, max: 500_000, multiplier: 1 },
      { min: 500_001, max: 1_000_000, multiplier: 1.35 },
      { min: 1_000_001, max: 1_500_000, multiplier: 1.7 },
      { min: 1_500_001, max: 2_000_000, multiplier: 2 },
      { min: 2_000_001, max: null, multiplier: 2.4 },
    ],
    coverLimit: [
      { min: 0, max: 250_000, multiplier: 0.55 },
      { min: 250_001, max: 500_000, multiplier: 0.75 },
      { min: 500_001, max: 1_000_000, multiplier: 1 },
      { min: 1_000_001, max: 2_000_000, multiplier: 1.4 },
      { min: 2_000_001, max: null, multiplier: 2.1 },
    ],
    claimsLast3Yrs: [
      { min: 0, max: 0, multiplier: 1 },
      { min: 1, max: 1, multiplier: 1.3 },
      { min: 2, max: 2, multiplier: 1.6 },
      { min: 3, max: null, multiplier: 2 },
    ],
    employees: [
      { min: 0, max: 5, multiplier: 1 },
      { min: 6, max: 15, multiplier: 1.1 },
      { min: 16, max: 50, multiplier: 1.25 },
      { min: 51, max: null, multiplier: 1.4 },
    ],
    largestSingleProjectValue: [
      { min: 0, max: 250_000, multiplier: 1 },
      { min: 250_001, max: 1_000_000, multiplier: 1.1 },
      { min: 1_000_001, max: 5_000_000, multiplier: 1.25 },
      { min: 5_000_001, max: null, multiplier: 1.5 },
    ],
    responsibleForManufacturing: { false: 1, true: 1.15 },
  },
  referralRules: [
    {
      code: "MATERIAL_FACTS",
      description: "A material fact was answered Yes in the declaration",
      // Every answer of the declaration's three material-fact groups, as the catalogue groups them.
      condition: ["hasMaterialFacts", ...MATERIAL_FACT_ANSWERS].join(" || "),
    },
    {
      code: "PREVIOUS_CLAIMS",
      description: "Claims declared in the last five years",
      condition: "claimsLast3Yrs > 0 || hasClaims || previousClaims",
    },
    { code: "NON_UK_WORK", description: "Turnover includes work outside the UK", condition: "!isAllTurnoverUK" },
    {
      code: "NON_UK_JURISDICTION",
      description: "Work under a non-UK jurisdiction",
      condition: "hasNonUKJurisdictionWork",
    },
    {
      code: "TURNOVER_GROWTH",
      description: "Turnover expected to rise by 20% or more",
      condition: "turnoverIncrease20Percent",
    },
    { code: "TURNOVER_ABOVE_2M", description: "Annual turnover above £2,000,000", condition: "turnover > 2000000" },
    { code: "COVER_LIMIT_ABOVE_2M", description: "Cover limit above £2,000,000", condition: "coverLimit > 2000000" },
    {
      code: "SPECIAL_AREA_WORK",
      description: "Work declared in special areas such as airports or offshore",
      condition: "hasSpecialAreaWork",
    },
    {
      code: "WAIVED_RIGHTS_OF_RECOURSE",
      description: "Cover required where rights of recourse have been waived",
      condition: "requiresCoverForWaivedRights",
    },
    {
      code: "SUBCONTRACTOR_INSURANCE_NOT_CONFIRMED",
      description: "Subcontractors' own insurance not confirmed",
      condition: "!subcontractorInsuranceConfirmed",
    },
  ],
  caps: { minPremium: 450, maxMultiplier: 4.5 },
  excessOptions: { standard: 1, "2x": 0.85, "5x": 0.75 },
  // docs/product/rating.md Limit basis and defence costs gives the reasoning behind both.
  limitBasisFactors: { AGGREGATE: 1, EACH_AND_EVERY: 1.25 },
  defenceCostsFactors: { INCLUSIVE: 1, IN_ADDITION: 1.15 },
  // docs/product/rating.md "Retroactive date": the base rate prices unlimited retroactive cover; fewer years of
  // past work covered means fewer claims can attach.
  retroactiveCover: {
    bands: [
      { maxYears: 0, factor: 0.7 },
      { maxYears: 2, factor: 0.85 },
      { maxYears: 5, factor: 0.95 },
      { maxYears: null, factor: 1 },
    ],
    unlimited: 1,
  },
  // docs/product/rating.md "Run-off": the single premium for N years after trading stops, as a multiple of the
  // last annual base premium. Each year adds less than the one before (no new work; old work's claims surface
  // early), to 6 years (simple contracts' limitation) and on to 12 (deeds and collateral warranties).
  runOff: [
    { years: 1, factor: 0.85 },
    { years: 2, factor: 1.45 },
    { years: 3, factor: 1.9 },
    { years: 4, factor: 2.25 },
    { years: 5, factor: 2.5 },
    { years: 6, factor: 2.7 },
    { years: 7, factor: 2.8 },
    { years: 8, factor: 2.9 },
    { years: 9, factor: 3 },
    { years: 10, factor: 3.1 },
    { years: 11, factor: 3.2 },
    { years: 12, factor: 3.3 },
  ],
  additionalCovers: [
    {
      code: "DIRECTORS_OFFICERS",
      label: coverLabel("directorsOfficers"),
      enabledBy: "hasDirectorsOfficersInsurance",
      limitInput: "directorsOfficersLimit",
      pricing: [
        { min: 1, max: 100_000, premium: 295 },
        { min: 100_001, max: 250_000, premium: 475 },
        { min: 250_001, max: 500_000, premium: 695 },
        { min: 500_001, max: 1_000_000, premium: 995 },
      ],
    },
    {
      code: "CONTENTS",
      label: coverLabel("contents"),
      enabledBy: "hasContentsInsurance",
      limitInput: "contentsLimit",
      pricing: propertyCoverPricing([40, 60, 95, 130, 185, 320, 650, 1_150, 2_000]),
    },
    {
      code: "BUSINESS_EQUIPMENT_COMPUTERS",
      label: coverLabel("businessEquipmentComputers"),
      enabledBy: "hasBusinessEquipmentComputers",
      limitInput: "businessEquipmentComputersLimit",
      pricing: propertyCoverPricing([55, 80, 125, 170, 245, 420, 850, 1_500, 2_600]),
    },
    {
      code: "BUSINESS_EQUIPMENT_SPECIALIST",
      label: coverLabel("businessEquipmentSpecialist"),
      enabledBy: "hasBusinessEquipmentSpecialist",
      limitInput: "businessEquipmentSpecialistLimit",
      pricing: propertyCoverPricing([65, 95, 150, 205, 295, 510, 1_050, 1_850, 3_200]),
    },
    {
      code: "STOCK",
      label: coverLabel("stockContents"),
      enabledBy: "hasStockContents",
      limitInput: "stockContentsLimit",
      pricing: propertyCoverPricing([45, 65, 105, 145, 205, 355, 720, 1_270, 2_200]),
    },
  ],
};
