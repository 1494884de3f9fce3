/**
 * A complete, rated quote for a fictitious insured with a name outside Latin-1. The document tests and the
 * PDF benchmark render it, so both exercise every section of the statement of fact and the schedule.
 */
import { ACTIVITY_FIELDS, CONTRACT_TYPE_FIELDS } from "../../src/domain/quote/catalogue";
import { declarationDefaults } from "../../src/domain/quote/declaration";
import type { Quote } from "../../src/domain/quote/quote";
import type { NewQuoteRow } from "../../src/server/db/schema";

export function sampleQuoteForDocuments(overrides: Partial<Quote> = {}): Quote {
  const activitySplit = Object.fromEntries(ACTIVITY_FIELDS.map((field) => [field.key, 0])) as Record<
    (typeof ACTIVITY_FIELDS)[number]["key"],
    number
  >;
  const contractShares = Object.fromEntries(CONTRACT_TYPE_FIELDS.map((field) => [field.key, 0])) as Record<
    (typeof CONTRACT_TYPE_FIELDS)[number]["key"],
    number
  >;
  return {
    id: "7f7f2d1e-5d0b-4c55-9a7e-3f1f0c2b9a10",
    reference: "DCPI-000042",
    status: "QUOTED",
    productCode: "D/C-PI",
    productType: "Design and Construct PI",
    contactEmail: "office@lodzjoinery.example",
    version: 7,
    policyNumber: null,
    brokerId: "0b7e0c56-2a43-4f3f-b1f4-1d5f8c1e2a33",
    firmId: null,
    broker: { name: "Ben Broker", email: "broker@example.com" },
    proposerName: "Łódź Joinery Ltd",
    tradingName: "Ó Briain & Łódź Joinery",
    businessAddress: "Unit 4, Canal Side, Bradford, BD1 4AB",
    inceptionDate: "2026-12-01",
    incorporationDate: "2014-05-19",
    isSoleTrader: false,
    tradingSince: null,
    numberOfDirectors: 3,
    numberOfQualifiedStaff: 12,
    hasFinancialInterest: true,
    financialInterestDetails: "30% shareholding in Dvořák Timber Supplies Ltd (no design work).",
    insuredsDetails: {
      proposerName: "Łódź Joinery Ltd",
      tradingName: "Ó Briain & Łódź Joinery",
      businessActivity: "Design and Build Contractor",
      businessAddress: "Unit 4, Canal Side, Bradford, BD1 4AB",
      inceptionDate: "2026-12-01",
      incorporationDate: "2014-05-19",
      isSoleTrader: false,
      tradingSince: null,
      numberOfDirectors: 3,
      numberOfQualifiedStaff: 12,
      hasFinancialInterest: true,
      financialInterestDetails: "30% shareholding in Dvořák Timber Supplies Ltd (no design work).",
    },
    financialOverview: {
      coverLimitAggregate: 1_000_000,
      turnover: 1_250_000,
      largestSingleProjectValue: 350_000,
      isAllTurnoverUK: true,
      overseasWorkSplit: null,
      hasNonUKJurisdictionWork: false,
      turnoverIncrease20Percent: false,
      hasDirectorsOfficersInsurance: true,
      directorsOfficersLimit: 250_000,
      hasContentsInsurance: true,
      contentsLimit: 25_000,
      hasBusinessEquipmentComputers: false,
      businessEquipmentComputersLimit: null,
      hasBusinessEquipmentSpecialist: false,
      businessEquipmentSpecialistLimit: null,
      hasStockContents: false,
      stockContentsLimit: null,
    },
    designLiability: {
      turnoverSplitInHouseDesign: 60,
      turnoverSplitThirdPartyAppointed: 25,
      turnoverSplitThirdPartyNotAppointed: 5,
      turnoverSplitMaintenance: 10,
      turnoverSplitOther: 0,
      turnoverSplitOtherDetails: null,
      undertakesWorkForFee: true,
      feesDesignSupervisory: 85_000,
      feesOtherWork: 12_000,
      feesOtherWorkDetails: "Measured surveys for residential extensions.",
    },
    activitySplit: {
      ...activitySplit,
      architectureNewBuildDomesticPrivate: 35,
      refurbishmentStructural: 30,
      refurbishmentNonStructural: 20,
      roofingFlooring: 10,
      other: 5,
      otherDetails: "Bespoke staircases and joinery.",
    },
    contracts: {
      hasRecurringContracts: true,
      recurringContracts: [
        {
          clientName: "Pennine Housing Association",
          valueToFirm: 180_000,
          overallContractValue: 2_400_000,
          scopeOfWork: "Design and installation of timber stairs and balustrades across a 120-home scheme.",
          startDate: "2025-03-01",
        },
      ],
      ...contractShares,
      domesticPrivateDwellings: 55,
      housingSchemesUnder3Floors: 30,
      officeRetail: 15,
      specialAreaDetails: null,
      otherContractDetails: null,
    },
    declaration: {
      ...declarationDefaults(),
      collateralWarrantiesOrThirdPartyRights: true,
      designConstructDetails: "Collateral warranties to funders on two housing schemes, on the appointment's terms.",
      comprehensiveDetails:
        "Warranties are no more onerous than the underlying appointments; reviewed by our solicitors.",
    },
    risk: { coverLimitAggregate: 1_000_000, excessDiscount: "2x" },
    turnoverBand: "1m_to_1_5m",
    limitBasis: "AGGREGATE",
    defenceCosts: "INCLUSIVE",
    basePremium: "1785.00",
    fees: [
      { code: "POLICY_FEE", label: "Policy fee", amount: "35.00" },
      { code: "DIRECTORS_OFFICERS", label: "Directors' & Officers' Insurance (£250,000)", amount: "420.00" },
      { code: "CONTENTS", label: "Contents Insurance (£25,000)", amount: "95.00" },
    ],
    taxes: "280.20",
    totalPremium: "2615.20",
    premiumOverridden: false,
    ratingVersionId: "5a3c1d9e-8f2b-4e6a-9c1d-2b3a4c5d6e7f",
    referralReason: null,
    referralHits: [],
    ratingTrace: [],
    ratedAt: "2026-11-20T10:15:00.000Z",
    referredAt: null,
    decision: null,
    adjustmentMultiplier: null,
    uwNote: null,
    decidedAt: null,
    decidedBy: null,
    issuedAt: null,
    renewalOfId: null,
    renewalOf: null,
    declarationConfirmed: true,
    runOffYears: null,
    runOffOfId: null,
    runOffAnnualPremium: null,
    createdAt: "2026-11-18T09:00:00.000Z",
    updatedAt: "2026-11-20T10:15:00.000Z",
    ...overrides,
  };
}

/**
 * A stored quote built from a sample quote's sections, owned by `brokerId`, completed with a rating of
 * £1,785.00 base, £35.00 fees and £218.40 IPT, as the document tests insert it straight into the database.
 */
export function storedQuoteRow(sample: Quote, brokerId: string, overrides: Partial<NewQuoteRow> = {}): NewQuoteRow {
  return {
    productCode: sample.productCode,
    proposerName: sample.proposerName,
    brokerId,
    tradingName: sample.tradingName,
    businessAddress: sample.businessAddress,
    inceptionDate: sample.inceptionDate,
    incorporationDate: sample.incorporationDate,
    numberOfDirectors: sample.numberOfDirectors,
    numberOfQualifiedStaff: sample.numberOfQualifiedStaff,
    hasFinancialInterest: sample.hasFinancialInterest,
    financialInterestDetails: sample.financialInterestDetails,
    insuredsDetails: sample.insuredsDetails,
    financialOverview: sample.financialOverview,
    designLiability: sample.designLiability,
    activitySplit: sample.activitySplit,
    contracts: sample.contracts,
    declaration: sample.declaration,
    risk: sample.risk,
    turnoverBand: sample.turnoverBand,
    limitBasis: sample.limitBasis,
    defenceCosts: sample.defenceCosts,
    basePremium: 178_500,
    fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: 3_500 }],
    feesTotal: 3_500,
    taxes: 21_840,
    totalPremium: 203_840,
    status: "QUOTED",
    ratedAt: new Date("2026-11-20T10:15:00Z"),
    ...overrides,
  } as NewQuoteRow;
}
