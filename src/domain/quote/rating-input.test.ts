import { describe, expect, it } from "vitest";
import { defaultRatingInput, RATING_INPUT_FIELDS } from "../rating/input";
import { declarationSchema } from "./declaration";
import { deriveRatingInput, ratingTurnover, selectionsFromRisk } from "./rating-input";

describe("deriving the rating input from the stored quote", () => {
  it("falls back to docs/product/rating.md's defaults for a bare quote", () => {
    expect(deriveRatingInput({})).toEqual(defaultRatingInput());
  });

  it("produces exactly the named rating fields", () => {
    expect(Object.keys(deriveRatingInput({})).sort()).toEqual(Object.keys(RATING_INPUT_FIELDS).sort());
  });

  it("rates on the chosen band's representative turnover", () => {
    expect(deriveRatingInput({}, { turnoverBand: "500k_to_1m" }).turnover).toBe(750_000);
    expect(deriveRatingInput({ turnoverBand: "1m_to_1_5m" }).turnover).toBe(1_250_000);
    expect(deriveRatingInput({ financialOverview: { turnover: 640_000 } }).turnover).toBe(640_000);
  });

  it("never lets a chosen band rate below the declared turnover", () => {
    expect(ratingTurnover("up_to_500k", 1_200_000)).toBe(1_250_000);
    expect(ratingTurnover("1_5m_to_2m", 300_000)).toBe(1_750_000);
    // Above every band the declared figure stands, so the turnover referral still fires.
    expect(ratingTurnover("up_to_500k", 3_000_000)).toBe(3_000_000);
    expect(ratingTurnover(undefined, undefined)).toBe(500_000);
  });

  it("sets construction, employees from qualified staff (at least 1), and cover limit as sum insured", () => {
    const input = deriveRatingInput(
      { numberOfQualifiedStaff: 0, financialOverview: { coverLimitAggregate: 2_000_000 } },
      {},
    );
    expect(input).toMatchObject({
      industry: "construction",
      employees: 1,
      coverLimit: 2_000_000,
      sumInsured: 2_000_000,
    });
    expect(deriveRatingInput({ numberOfQualifiedStaff: 12 }).employees).toBe(12);
    expect(deriveRatingInput({}, { coverLimit: 5_000_000 })).toMatchObject({
      coverLimit: 5_000_000,
      sumInsured: 5_000_000,
    });
  });

  it("counts one claim when previous claims are declared, none otherwise", () => {
    expect(deriveRatingInput({ declaration: { previousClaims: true } })).toMatchObject({
      claimsLast3Yrs: 1,
      hasClaims: true,
      previousClaims: true,
      hasMaterialFacts: true,
    });
    expect(deriveRatingInput({ declaration: { previousClaims: false } }).claimsLast3Yrs).toBe(0);
  });

  it("copies every declaration answer and flags material facts only from the three material-fact groups", () => {
    const declaration = declarationSchema.parse({
      requiresCoverForWaivedRights: true,
      subcontractorInsuranceConfirmed: false,
    });
    const input = deriveRatingInput({ declaration });
    expect(input).toMatchObject({
      requiresCoverForWaivedRights: true,
      subcontractorInsuranceConfirmed: false,
      hasMaterialFacts: false,
    });
    expect(deriveRatingInput({ declaration: { collateralWarrantiesOrThirdPartyRights: true } }).hasMaterialFacts).toBe(
      true,
    );
    expect(deriveRatingInput({ declaration: { noBackgroundCheckPolicy: true } }).hasMaterialFacts).toBe(true);
  });

  it("reads overseas work, jurisdiction, growth, largest project, special areas and financial interest", () => {
    const input = deriveRatingInput({
      hasFinancialInterest: true,
      financialOverview: {
        isAllTurnoverUK: false,
        overseasWorkSplit: "Ireland 15%",
        hasNonUKJurisdictionWork: true,
        turnoverIncrease20Percent: true,
        largestSingleProjectValue: 900_000,
      },
      contracts: { specialAreaDetails: "Swimming pool refurbishments" },
    });
    expect(input).toMatchObject({
      isAllTurnoverUK: false,
      hasExports: true,
      hasNonUKJurisdictionWork: true,
      turnoverIncrease20Percent: true,
      largestSingleProjectValue: 900_000,
      hasSpecialAreaWork: true,
      hasHazardous: true,
      hasFinancialInterest: true,
    });
    expect(deriveRatingInput({ contracts: { specialAreaDetails: "  " } }).hasSpecialAreaWork).toBe(false);
    // A stale non-UK flag with all work in the UK is not rated (the form clears it).
    expect(
      deriveRatingInput({ financialOverview: { isAllTurnoverUK: true, hasNonUKJurisdictionWork: true } })
        .hasNonUKJurisdictionWork,
    ).toBe(false);
  });

  it("takes additional covers from the selection, else the stored overview, with 0 for unticked ones", () => {
    const stored = {
      financialOverview: {
        hasContentsInsurance: true,
        contentsLimit: 20_000,
        hasStockContents: true,
        stockContentsLimit: 5_000,
      },
    };
    expect(deriveRatingInput(stored)).toMatchObject({
      hasContentsInsurance: true,
      contentsLimit: 20_000,
      stockContentsLimit: 5_000,
    });
    expect(
      deriveRatingInput(stored, {
        hasStockContents: false,
        hasDirectorsOfficersInsurance: true,
        directorsOfficersLimit: 250_000,
      }),
    ).toMatchObject({
      hasContentsInsurance: true,
      contentsLimit: 20_000,
      hasStockContents: false,
      stockContentsLimit: 0,
      hasDirectorsOfficersInsurance: true,
      directorsOfficersLimit: 250_000,
    });
  });

  it("takes the excess option from the selection, else the last rating, else standard", () => {
    expect(deriveRatingInput({}).excessOption).toBe("standard");
    expect(deriveRatingInput({ excessOption: "2x" }).excessOption).toBe("2x");
    expect(deriveRatingInput({ excessOption: "2x" }, { excessOption: "5x" }).excessOption).toBe("5x");
  });

  it("ignores every referral-relevant fact a client puts in its risk", () => {
    const selections = selectionsFromRisk(
      {
        coverLimitAggregate: 500_000,
        excessDiscount: "2x",
        hasContentsInsurance: true,
        contentsLimit: 10_000,
        // not selections: must have no effect
        ...({ claimsLast3Yrs: 0, hasClaims: false, isAllTurnoverUK: true, turnover: 100, sumInsured: 1 } as object),
      },
      "500k_to_1m",
    );
    expect(selections).toEqual({
      turnoverBand: "500k_to_1m",
      coverLimit: 500_000,
      excessOption: "2x",
      hasContentsInsurance: true,
      contentsLimit: 10_000,
    });
    const input = deriveRatingInput(
      { declaration: { previousClaims: true }, financialOverview: { isAllTurnoverUK: false, turnover: 2_500_000 } },
      selections,
    );
    expect(input).toMatchObject({
      claimsLast3Yrs: 1,
      isAllTurnoverUK: false,
      turnover: 2_500_000,
      sumInsured: 500_000,
    });
  });
});
