import type { Quote } from "@domain/quote/quote";
import { describe, expect, it } from "vitest";
import { effectiveTaxPercent, premiumLinesOf } from "../components/quote/premium-lines";
import { initialStepFor } from "../components/quote-wizard";
import { editWouldReprice } from "./reprice";
import { financialOverviewWithSelections, rateRequestBody, selectionsFromQuote } from "./selections";

const overview = {
  coverLimitAggregate: 1_000_000,
  turnover: 400_000,
  largestSingleProjectValue: 150_000,
  isAllTurnoverUK: true,
  overseasWorkSplit: null,
  hasNonUKJurisdictionWork: false,
  turnoverIncrease20Percent: false,
  hasDirectorsOfficersInsurance: false,
  directorsOfficersLimit: null,
  hasContentsInsurance: true,
  contentsLimit: 12_345,
  hasBusinessEquipmentComputers: false,
  businessEquipmentComputersLimit: null,
  hasBusinessEquipmentSpecialist: false,
  businessEquipmentSpecialistLimit: null,
  hasStockContents: false,
  stockContentsLimit: null,
};

function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: "q-1",
    reference: "DCPI-000042",
    status: "DRAFT",
    productCode: "D/C-PI",
    productType: null,
    contactEmail: "broker@example.com",
    version: 3,
    policyNumber: null,
    brokerId: "u-1",
    firmId: null,
    broker: null,
    proposerName: "Acme Build Ltd",
    tradingName: null,
    businessAddress: "1 High Street, Leeds",
    inceptionDate: "2026-12-01",
    incorporationDate: "2012-03-14",
    isSoleTrader: false,
    tradingSince: null,
    numberOfDirectors: 2,
    numberOfQualifiedStaff: 4,
    hasFinancialInterest: false,
    financialInterestDetails: null,
    insuredsDetails: null,
    financialOverview: overview,
    designLiability: null,
    activitySplit: null,
    contracts: null,
    declaration: null,
    risk: null,
    turnoverBand: null,
    limitBasis: "AGGREGATE",
    defenceCosts: "INCLUSIVE",
    basePremium: "750.00",
    fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: "35.00" }],
    taxes: "94.20",
    totalPremium: "879.20",
    premiumOverridden: false,
    commission: null,
    ratingVersionId: "v-1",
    referralReason: null,
    referralHits: [],
    ratingTrace: [],
    ratedAt: "2026-11-22T01:00:00.000Z",
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
    runOffOf: null,
    runOffAnnualPremium: null,
    createdAt: "2026-11-22T00:00:00.000Z",
    updatedAt: "2026-11-22T01:00:00.000Z",
    ...overrides,
  };
}

describe("where the wizard opens", () => {
  it("opens a new quote and a draft on step 1, and any other status on step 7", () => {
    expect(initialStepFor(undefined)).toBe(1);
    expect(initialStepFor(quote())).toBe(1);
    for (const status of ["QUOTED", "REFERRED", "UW_REQUESTED", "UW_APPROVED", "UW_DECLINED", "ISSUED"] as const) {
      expect(initialStepFor(quote({ status }))).toBe(7);
    }
  });
});

describe("step-7 selections", () => {
  it("start from the financial overview before any rating: band from the declared turnover, standard excess", () => {
    const selections = selectionsFromQuote(quote());
    expect(selections).toMatchObject({ turnoverBand: "up_to_500k", coverLimit: 1_000_000, excess: "standard" });
    expect(selections.covers.hasContentsInsurance).toBe(true);
    expect(selections.covers.contentsLimit).toBe(12_345);
  });

  it("take what the quote was last rated with over the financial overview", () => {
    const rated = quote({
      turnoverBand: "500k_to_1m",
      risk: { coverLimitAggregate: 2_000_000, excessDiscount: "5x", hasContentsInsurance: false, contentsLimit: null },
    });
    const selections = selectionsFromQuote(rated);
    expect(selections).toMatchObject({ turnoverBand: "500k_to_1m", coverLimit: 2_000_000, excess: "5x" });
    expect(selections.covers.hasContentsInsurance).toBe(false);
    expect(selections.covers.contentsLimit).toBeNull();
  });

  it("send a ticked cover without a limit as unticked, so rating never prices a cover with no amount", () => {
    const selections = selectionsFromQuote(quote());
    selections.covers.hasStockContents = true;
    const body = rateRequestBody(selections, 7);
    expect(body.expectedVersion).toBe(7);
    expect(body.turnoverBand).toBe("up_to_500k");
    expect(body.risk).toMatchObject({
      coverLimitAggregate: 1_000_000,
      excessDiscount: "standard",
      hasStockContents: false,
      stockContentsLimit: null,
      hasContentsInsurance: true,
      contentsLimit: 12_345,
    });
  });

  it("carry the chosen cover limit and covers into the financial overview sent with completion", () => {
    const selections = { ...selectionsFromQuote(quote()), coverLimit: 500_000 };
    selections.covers = { ...selections.covers, hasContentsInsurance: false, contentsLimit: null };
    expect(financialOverviewWithSelections(quote(), selections)).toMatchObject({
      turnover: 400_000,
      coverLimitAggregate: 500_000,
      hasContentsInsurance: false,
      contentsLimit: null,
    });
    expect(financialOverviewWithSelections(quote({ financialOverview: null }), selections)).toBeUndefined();
  });
});

describe("premium lines", () => {
  it("reads the stored premium in pence with the subtotal before taxes", () => {
    expect(premiumLinesOf(quote())).toEqual({
      basePremium: 75_000,
      fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: 3_500 }],
      subtotal: 78_500,
      taxes: 9_420,
      totalPremium: 87_920,
    });
  });

  it("shows nothing before the quote is rated", () => {
    expect(premiumLinesOf(quote({ basePremium: null, taxes: null, totalPremium: null }))).toBeNull();
    expect(premiumLinesOf(undefined)).toBeNull();
  });

  it("taxes an override at the quote's own rate, falling back to the client default before rating", () => {
    expect(effectiveTaxPercent(premiumLinesOf(quote()), 12)).toBeCloseTo(12, 10);
    expect(effectiveTaxPercent(null, 12)).toBe(12);
  });
});

describe("reopening a completed quote", () => {
  it("is asked about only when the edit changes the price", () => {
    const completed = quote({ status: "QUOTED", turnoverBand: "up_to_500k" });
    // 480,000 is still in the chosen band: the rating input is the same.
    expect(editWouldReprice(completed, { financialOverview: { ...overview, turnover: 480_000 } })).toBe(false);
    // 900,000 is a higher band than the chosen one, so the quote is rated on it.
    expect(editWouldReprice(completed, { financialOverview: { ...overview, turnover: 900_000 } })).toBe(true);
    expect(editWouldReprice(completed, { tradingName: "Acme" })).toBe(false);
    expect(editWouldReprice(completed, { inceptionDate: "2027-01-01" })).toBe(true);
  });
});
