import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MAX_DECLARED_AMOUNT, MAX_DECLARED_AMOUNT_MESSAGE } from "../constants";
import { toFieldIssues } from "../validation";
import { activitySplitSchema, activitySplitTotal } from "./activity-split";
import { ACTIVITY_FIELDS, CONTRACT_TYPE_FIELDS, SPECIAL_AREAS, TURNOVER_SPLIT_FIELDS } from "./catalogue";
import { contractsSchema, contractTypeTotal, emptyRecurringContract, recurringContractSchema } from "./contracts";
import { designLiabilitySchema, turnoverSplitTotal } from "./design-liability";
import { ADDITIONAL_COVERS, additionalCoverLimit, financialOverviewSchema } from "./financial-overview";
import { insuredsDetailsDefaults, insuredsDetailsSchema } from "./insureds-details";
import { turnoverBandSchema } from "./risk";
import { TURNOVER_BAND_LABELS } from "./turnover-band";

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
}

const validInsured = {
  proposerName: "Acme Build Ltd",
  tradingName: "Acme",
  businessActivity: "Building contractor",
  businessAddress: "1 High Street, Leeds LS1 1AA",
  inceptionDate: "2026-12-01",
  incorporationDate: "2001-04-03",
  numberOfDirectors: 2,
  numberOfQualifiedStaff: 5,
  hasFinancialInterest: false,
  financialInterestDetails: "",
};

describe("step 1: insureds details", () => {
  it("gives docs/product/errors.md's message for every missing required field", () => {
    expect(issuesOf(insuredsDetailsSchema, {})).toEqual([
      { path: "proposerName", message: "Company name is required" },
      { path: "businessActivity", message: "Business activity is required" },
      { path: "businessAddress", message: "Business address is required" },
      { path: "inceptionDate", message: "Inception date is required" },
      { path: "numberOfDirectors", message: "Number of directors/partners/principals is required" },
      { path: "numberOfQualifiedStaff", message: "Number of qualified staff must be 0 or greater" },
    ]);
  });

  it("needs at least one director and no negative staff", () => {
    expect(
      issuesOf(insuredsDetailsSchema, { ...validInsured, numberOfDirectors: 0, numberOfQualifiedStaff: -1 }),
    ).toEqual([
      { path: "numberOfDirectors", message: "Number of directors/partners/principals is required" },
      { path: "numberOfQualifiedStaff", message: "Number of qualified staff must be 0 or greater" },
    ]);
    expect(issuesOf(insuredsDetailsSchema, { ...validInsured, numberOfQualifiedStaff: 0 })).toEqual([]);
  });

  it("treats a blank company name as missing", () => {
    expect(issuesOf(insuredsDetailsSchema, { ...validInsured, proposerName: "   " })).toEqual([
      { path: "proposerName", message: "Company name is required" },
    ]);
  });

  it("requires details of the other company only when a financial interest is declared", () => {
    expect(
      issuesOf(insuredsDetailsSchema, { ...validInsured, hasFinancialInterest: true, financialInterestDetails: " " }),
    ).toEqual([
      { path: "financialInterestDetails", message: "Please provide details about the other company/organisation" },
    ]);
    expect(
      issuesOf(insuredsDetailsSchema, {
        ...validInsured,
        hasFinancialInterest: true,
        financialInterestDetails: "Owns 30% of X Ltd",
      }),
    ).toEqual([]);
  });

  it("limits business activity to 200 characters and refuses an invalid inception date", () => {
    expect(issuesOf(insuredsDetailsSchema, { ...validInsured, businessActivity: "x".repeat(201) })[0]?.path).toBe(
      "businessActivity",
    );
    expect(issuesOf(insuredsDetailsSchema, { ...validInsured, inceptionDate: "2026-02-30" })).toEqual([
      { path: "inceptionDate", message: "Inception date is required" },
    ]);
  });

  it("refuses unknown fields", () => {
    expect(issuesOf(insuredsDetailsSchema, { ...validInsured, premium: 1 })[0]?.message).toMatch(/Unrecognized key/);
  });

  it("starts a new form with inception today, one director and no qualified staff", () => {
    const defaults = insuredsDetailsDefaults("2026-11-22");
    expect(defaults).toMatchObject({ inceptionDate: "2026-11-22", numberOfDirectors: 1, numberOfQualifiedStaff: 0 });
    expect(defaults.hasFinancialInterest).toBe(false);
  });
});

const validOverview = {
  coverLimitAggregate: 1_000_000,
  turnover: 750_000,
  largestSingleProjectValue: 120_000,
  isAllTurnoverUK: true,
  hasNonUKJurisdictionWork: false,
  turnoverIncrease20Percent: false,
};

describe("step 2: financial overview", () => {
  it("gives docs/product/errors.md's messages for cover limit, turnover and largest project", () => {
    expect(
      issuesOf(financialOverviewSchema, {
        ...validOverview,
        coverLimitAggregate: 249_999,
        turnover: 0,
        largestSingleProjectValue: 0,
      }),
    ).toEqual([
      { path: "coverLimitAggregate", message: "Cover limit must be at least £250,000" },
      { path: "turnover", message: "Turnover is required" },
      { path: "largestSingleProjectValue", message: "Largest single project value is required" },
    ]);
    expect(issuesOf(financialOverviewSchema, { ...validOverview, coverLimitAggregate: 250_000 })).toEqual([]);
  });

  it("caps every amount at £1 trillion, so pence stay exact (fuzzing stored 1e308 and broke the PDF)", () => {
    const tooMuch = MAX_DECLARED_AMOUNT + 1;
    expect(
      issuesOf(financialOverviewSchema, {
        ...validOverview,
        coverLimitAggregate: tooMuch,
        turnover: 1e308,
        largestSingleProjectValue: tooMuch,
      }),
    ).toEqual([
      { path: "coverLimitAggregate", message: MAX_DECLARED_AMOUNT_MESSAGE },
      { path: "turnover", message: MAX_DECLARED_AMOUNT_MESSAGE },
      { path: "largestSingleProjectValue", message: MAX_DECLARED_AMOUNT_MESSAGE },
    ]);
    expect(issuesOf(financialOverviewSchema, { ...validOverview, turnover: MAX_DECLARED_AMOUNT })).toEqual([]);
  });

  it("requires the overseas split only when not all turnover is from the UK", () => {
    expect(
      issuesOf(financialOverviewSchema, { ...validOverview, isAllTurnoverUK: false, overseasWorkSplit: "  " }),
    ).toEqual([{ path: "overseasWorkSplit", message: "Please provide % split for overseas work by territory" }]);
    expect(
      issuesOf(financialOverviewSchema, { ...validOverview, isAllTurnoverUK: false, overseasWorkSplit: "Ireland 10%" }),
    ).toEqual([]);
  });

  it("clears the overseas split, the non-UK flag and unticked covers' limits, as the form does", () => {
    expect(
      financialOverviewSchema.parse({
        ...validOverview,
        isAllTurnoverUK: true,
        overseasWorkSplit: "EU 10%",
        hasNonUKJurisdictionWork: true,
        hasContentsInsurance: false,
        contentsLimit: 10_000,
      }),
    ).toMatchObject({ overseasWorkSplit: null, hasNonUKJurisdictionWork: false, contentsLimit: null });
  });

  it("clears the financial-interest details when there is no financial interest", () => {
    expect(
      insuredsDetailsSchema.parse({ ...validInsured, hasFinancialInterest: false, financialInterestDetails: "stale" })
        .financialInterestDetails,
    ).toBeNull();
  });

  it("defaults the cover limit, UK-only work and the unticked covers", () => {
    const parsed = financialOverviewSchema.parse({ turnover: 1, largestSingleProjectValue: 1 });
    expect(parsed).toMatchObject({
      coverLimitAggregate: 1_000_000,
      isAllTurnoverUK: true,
      hasNonUKJurisdictionWork: false,
      turnoverIncrease20Percent: false,
      hasDirectorsOfficersInsurance: false,
      hasStockContents: false,
    });
  });

  it("accepts only the four D&O limits", () => {
    for (const limit of [100_000, 250_000, 500_000, 1_000_000]) {
      expect(
        issuesOf(financialOverviewSchema, {
          ...validOverview,
          hasDirectorsOfficersInsurance: true,
          directorsOfficersLimit: limit,
        }),
      ).toEqual([]);
    }
    expect(
      issuesOf(financialOverviewSchema, {
        ...validOverview,
        hasDirectorsOfficersInsurance: true,
        directorsOfficersLimit: 200_000,
      }),
    ).toEqual([{ path: "directorsOfficersLimit", message: "Please select a Directors' & Officers' limit" }]);
  });

  it("holds the four property covers between £1,000 and £1,000,000", () => {
    for (const cover of ADDITIONAL_COVERS.filter((candidate) => candidate.key !== "directorsOfficers")) {
      expect(issuesOf(financialOverviewSchema, { ...validOverview, [cover.flag]: true, [cover.limit]: 1_000 })).toEqual(
        [],
      );
      expect(
        issuesOf(financialOverviewSchema, { ...validOverview, [cover.flag]: true, [cover.limit]: 1_000_000 }),
      ).toEqual([]);
      for (const limit of [999, 1_000_001]) {
        expect(
          issuesOf(financialOverviewSchema, { ...validOverview, [cover.flag]: true, [cover.limit]: limit }),
        ).toEqual([{ path: cover.limit, message: "Minimum £1,000, Maximum £1,000,000" }]);
      }
    }
  });

  it("names the five additional covers as the quote shows them", () => {
    expect(ADDITIONAL_COVERS.map((cover) => cover.label)).toEqual([
      "Directors' & Officers' Insurance",
      "Contents Insurance",
      "Business Equipment (Computers)",
      "Business Equipment (Specialist Equipment)",
      "Stock Insurance",
    ]);
  });

  it("counts a cover's limit only while it is ticked", () => {
    const contents = ADDITIONAL_COVERS[1];
    expect(additionalCoverLimit({ hasContentsInsurance: true, contentsLimit: 10_000 }, contents)).toBe(10_000);
    expect(additionalCoverLimit({ hasContentsInsurance: false, contentsLimit: 10_000 }, contents)).toBe(0);
  });
});

const validDesign = {
  turnoverSplitInHouseDesign: 40,
  turnoverSplitThirdPartyAppointed: 30,
  turnoverSplitThirdPartyNotAppointed: 10,
  turnoverSplitMaintenance: 20,
  turnoverSplitOther: 0,
  undertakesWorkForFee: false,
  feesDesignSupervisory: 0,
  feesOtherWork: 0,
};

describe("step 3: design liability", () => {
  it("requires the five splits to total 100 within 0.01", () => {
    expect(issuesOf(designLiabilitySchema, validDesign)).toEqual([]);
    expect(issuesOf(designLiabilitySchema, { ...validDesign, turnoverSplitMaintenance: 19.99 })).toEqual([]);
    expect(issuesOf(designLiabilitySchema, { ...validDesign, turnoverSplitMaintenance: 19.98 })).toEqual([
      { path: "turnoverSplitTotal", message: "Turnover split percentages must total 100%" },
    ]);
    expect(issuesOf(designLiabilitySchema, { ...validDesign, turnoverSplitMaintenance: 20.02 })).toEqual([
      { path: "turnoverSplitTotal", message: "Turnover split percentages must total 100%" },
    ]);
    expect(turnoverSplitTotal(validDesign)).toBe(100);
  });

  it("keeps each split between 0 and 100", () => {
    expect(
      issuesOf(designLiabilitySchema, {
        ...validDesign,
        turnoverSplitInHouseDesign: 140,
        turnoverSplitMaintenance: -20,
      }).map((issue) => issue.path),
    ).toEqual(["turnoverSplitInHouseDesign", "turnoverSplitMaintenance"]);
  });

  it("zeroes the fees and their details when no work is done for a fee", () => {
    expect(
      designLiabilitySchema.parse({
        ...validDesign,
        undertakesWorkForFee: false,
        feesDesignSupervisory: 9_000,
        feesOtherWork: 1_000,
      }),
    ).toMatchObject({ feesDesignSupervisory: 0, feesOtherWork: 0, feesOtherWorkDetails: null });
    expect(
      designLiabilitySchema.parse({ ...validDesign, undertakesWorkForFee: true, feesDesignSupervisory: 9_000 }),
    ).toMatchObject({ feesDesignSupervisory: 9_000 });
  });

  it("asks for details of other turnover and other work fees", () => {
    expect(
      issuesOf(designLiabilitySchema, {
        ...validDesign,
        turnoverSplitMaintenance: 10,
        turnoverSplitOther: 10,
        undertakesWorkForFee: true,
        feesOtherWork: 5_000,
      }),
    ).toEqual([
      { path: "turnoverSplitOtherDetails", message: "Please provide details for other turnover" },
      { path: "feesOtherWorkDetails", message: "Please provide details for other work fees" },
    ]);
  });

  it("refuses negative fees", () => {
    expect(issuesOf(designLiabilitySchema, { ...validDesign, feesDesignSupervisory: -1 })).toEqual([
      { path: "feesDesignSupervisory", message: "Fees cannot be negative" },
    ]);
  });

  it("lists its five categories", () => {
    expect(TURNOVER_SPLIT_FIELDS.map((field) => field.key)).toEqual([
      "turnoverSplitInHouseDesign",
      "turnoverSplitThirdPartyAppointed",
      "turnoverSplitThirdPartyNotAppointed",
      "turnoverSplitMaintenance",
      "turnoverSplitOther",
    ]);
  });
});

describe("step 4: activity split", () => {
  it("has the 19 activities of docs/product/screens.md plus other, each labelled", () => {
    expect(ACTIVITY_FIELDS.map((field) => field.key)).toEqual([
      "professionalServices",
      "architectureNewBuildDomesticPrivate",
      "architectureNewBuildDomesticMultiple",
      "architectureNewBuildCommercialPublic",
      "refurbishmentStructural",
      "refurbishmentNonStructural",
      "civilEngineering",
      "structuralEngineering",
      "soilFoundationEngineering",
      "electricalEngineering",
      "heatingPlumbingVentilation",
      "mechanicalEngineering",
      "processIndustrialEngineering",
      "roofingFlooring",
      "fireProtectionSystems",
      "accessControlsAlarms",
      "claddingFacades",
      "landscapeGardenArchitecture",
      "renewableEnergyInstallations",
      "other",
    ]);
    expect(ACTIVITY_FIELDS.every((field) => field.label.length > 0)).toBe(true);
  });

  it("does not require the total to reach 100, but shows it", () => {
    expect(issuesOf(activitySplitSchema, { civilEngineering: 30 })).toEqual([]);
    expect(activitySplitTotal({ civilEngineering: 30, structuralEngineering: 12.5 })).toBe(42.5);
  });

  it("keeps each activity between 0 and 100", () => {
    expect(issuesOf(activitySplitSchema, { roofingFlooring: 100.5 }).map((issue) => issue.path)).toEqual([
      "roofingFlooring",
    ]);
  });

  it("asks for details of other activities", () => {
    expect(issuesOf(activitySplitSchema, { other: 5 })).toEqual([
      { path: "otherDetails", message: "Please provide details for other activities" },
    ]);
    expect(issuesOf(activitySplitSchema, { other: 5, otherDetails: "Surveying" })).toEqual([]);
  });
});

const validContract = {
  clientName: "Leeds City Council",
  valueToFirm: 250_000,
  overallContractValue: 1_200_000,
  scopeOfWork: "School extension design and build",
  startDate: "2025-04-01",
};

describe("step 5: contracts", () => {
  it("requires the four fields of a recurring contract with docs/product/errors.md's messages", () => {
    expect(issuesOf(recurringContractSchema, {})).toEqual([
      { path: "clientName", message: "Client name is required" },
      { path: "valueToFirm", message: "Value to your firm is required" },
      { path: "scopeOfWork", message: "Scope of work is required" },
      { path: "startDate", message: "Start date is required" },
    ]);
    expect(issuesOf(recurringContractSchema, { ...validContract, overallContractValue: undefined })).toEqual([]);
    expect(issuesOf(recurringContractSchema, emptyRecurringContract()).length).toBe(4);
  });

  it("requires the 16 contract types to total 100 within 0.01", () => {
    expect(issuesOf(contractsSchema, { officeRetail: 60, factoryIndustrial: 40 })).toEqual([]);
    expect(issuesOf(contractsSchema, { officeRetail: 60, factoryIndustrial: 39.99 })).toEqual([]);
    expect(issuesOf(contractsSchema, { officeRetail: 60, factoryIndustrial: 39.98 })).toEqual([
      { path: "contractTypeTotal", message: "Total percentage must equal 100%" },
    ]);
    expect(contractTypeTotal({ officeRetail: 60, factoryIndustrial: 40 })).toBe(100);
  });

  it("validates each recurring contract with its position in the path", () => {
    expect(
      issuesOf(contractsSchema, {
        hasRecurringContracts: true,
        recurringContracts: [validContract, { ...validContract, clientName: "" }],
        officeRetail: 100,
      }),
    ).toEqual([{ path: "recurringContracts.1.clientName", message: "Client name is required" }]);
  });

  it("drops the contract list when recurring contracts are unticked", () => {
    const parsed = contractsSchema.parse({
      hasRecurringContracts: false,
      recurringContracts: [validContract],
      officeRetail: 100,
    });
    expect(parsed.recurringContracts).toEqual([]);
  });

  it("lists 16 contract types and the 14 special areas", () => {
    expect(CONTRACT_TYPE_FIELDS).toHaveLength(16);
    expect(SPECIAL_AREAS).toHaveLength(14);
    expect(SPECIAL_AREAS).toContain("Children's play areas");
  });
});

describe("step 7: turnover band", () => {
  it("accepts the four bands and says 'Please select a turnover band' otherwise", () => {
    expect(turnoverBandSchema.options).toEqual(["up_to_500k", "500k_to_1m", "1m_to_1_5m", "1_5m_to_2m"]);
    for (const value of [undefined, "", "2m_plus"]) {
      expect(issuesOf(turnoverBandSchema, value)).toEqual([{ path: "", message: "Please select a turnover band" }]);
    }
  });

  it("labels the bands as the select shows them", () => {
    expect(TURNOVER_BAND_LABELS).toEqual({
      up_to_500k: "Revenue up to £500k",
      "500k_to_1m": "£500k – £1m",
      "1m_to_1_5m": "£1m – £1.5m",
      "1_5m_to_2m": "£1.5m to £2m",
    });
  });
});

describe("schema round-trips", () => {
  const percentSplit = (count: number) =>
    fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: count, maxLength: count }).map((weights) => {
      // Whole tenths that total exactly 100.0: the last category takes the remainder.
      const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
      const tenths = weights.map((weight) => Math.floor((weight * 1000) / total));
      const used = tenths.slice(0, -1).reduce((sum, value) => sum + value, 0);
      tenths[count - 1] = 1000 - used;
      return tenths.map((value) => value / 10);
    });

  it("parses its own output unchanged for design liability", () => {
    fc.assert(
      fc.property(percentSplit(5), fc.boolean(), (splits, forFee) => {
        const value = Object.fromEntries(TURNOVER_SPLIT_FIELDS.map((field, index) => [field.key, splits[index]]));
        const parsed = designLiabilitySchema.parse({
          ...value,
          turnoverSplitOtherDetails: "Mixed",
          undertakesWorkForFee: forFee,
          feesDesignSupervisory: forFee ? 10_000 : 0,
          feesOtherWork: 0,
        });
        expect(designLiabilitySchema.parse(parsed)).toEqual(parsed);
      }),
    );
  });

  it("parses its own output unchanged for contracts", () => {
    fc.assert(
      fc.property(percentSplit(16), fc.boolean(), (shares, recurring) => {
        const value = Object.fromEntries(CONTRACT_TYPE_FIELDS.map((field, index) => [field.key, shares[index]]));
        const parsed = contractsSchema.parse({
          ...value,
          hasRecurringContracts: recurring,
          recurringContracts: recurring ? [validContract] : [],
        });
        expect(contractsSchema.parse(parsed)).toEqual(parsed);
      }),
    );
  });

  it("parses its own output unchanged for insureds details and financial overview", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.boolean(),
        (directors, staff, turnover, allUk) => {
          const insured = insuredsDetailsSchema.parse({
            ...validInsured,
            numberOfDirectors: directors,
            numberOfQualifiedStaff: staff,
          });
          expect(insuredsDetailsSchema.parse(insured)).toEqual(insured);
          const overview = financialOverviewSchema.parse({
            ...validOverview,
            turnover,
            isAllTurnoverUK: allUk,
            overseasWorkSplit: allUk ? null : "EU 20%",
          });
          expect(financialOverviewSchema.parse(overview)).toEqual(overview);
        },
      ),
    );
  });
});
