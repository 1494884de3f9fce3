import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { toFieldIssues } from "../validation";
import { premiumOverrideSchema } from "./premium-override";
import {
  createQuoteRequestSchema,
  issueQuoteRequestSchema,
  PATCH_EXACTLY_ONE_MESSAGE,
  patchQuoteBodySchema,
  patchQuoteRequestSchema,
  referQuoteRequestSchema,
} from "./requests";
import { rateQuoteRequestSchema, riskSchema } from "./risk";

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
}

const wizardCreateBody = {
  productCode: "D/C-PI",
  proposerName: "Acme Build Ltd",
  businessAddress: "1 High Street, Leeds",
  inceptionDate: "2026-12-01",
  incorporationDate: "2001-04-03",
  numberOfDirectors: 2,
  numberOfQualifiedStaff: 3,
  hasFinancialInterest: false,
  financialInterestDetails: "",
  ratingVersionId: "default-version",
  risk: { excessDiscount: "standard" },
  insuredsDetails: {
    proposerName: "Acme Build Ltd",
    tradingName: "Acme",
    businessActivity: "Building contractor",
    businessAddress: "1 High Street, Leeds",
    inceptionDate: "2026-12-01",
    numberOfDirectors: 2,
    numberOfQualifiedStaff: 3,
    hasFinancialInterest: false,
  },
  basePremium: "480.00",
  taxes: "57.60",
  fees: [],
  totalPremium: "537.60",
};

describe("POST /api/quotes body", () => {
  it("accepts docs/product/permissions.md's payload and keeps only what the server may store", () => {
    const parsed = createQuoteRequestSchema.parse(wizardCreateBody);
    expect(parsed).toEqual({
      productCode: "D/C-PI",
      insuredsDetails: {
        proposerName: "Acme Build Ltd",
        tradingName: "Acme",
        businessActivity: "Building contractor",
        businessAddress: "1 High Street, Leeds",
        inceptionDate: "2026-12-01",
        incorporationDate: "2001-04-03",
        // Not a sole trader unless the body says so; only sole traders keep a trading-since date.
        isSoleTrader: false,
        tradingSince: null,
        numberOfDirectors: 2,
        numberOfQualifiedStaff: 3,
        hasFinancialInterest: false,
        financialInterestDetails: null,
      },
      risk: { excessDiscount: "standard" },
    });
    // The premiums and the rating version a client sends are ignored (docs/product/permissions.md).
    expect(parsed).not.toHaveProperty("basePremium");
    expect(parsed).not.toHaveProperty("ratingVersionId");
  });

  it("caps the head counts at 100,000 (found by fuzzing: 2^31 overflowed the database column)", () => {
    const body = { ...wizardCreateBody, numberOfDirectors: 2 ** 31, numberOfQualifiedStaff: 100_001 };
    expect(issuesOf(createQuoteRequestSchema, body)).toEqual([
      { path: "numberOfDirectors", message: "Number of directors/partners/principals must be at most 100,000" },
      { path: "numberOfQualifiedStaff", message: "Number of qualified staff must be at most 100,000" },
    ]);
    expect(issuesOf(createQuoteRequestSchema, { ...wizardCreateBody, numberOfDirectors: 100_000 })).toEqual([]);
  });

  it("defaults the product code to PI001 and refuses an unknown one", () => {
    const { productCode: _omitted, ...body } = wizardCreateBody;
    expect(createQuoteRequestSchema.parse(body).productCode).toBe("PI001");
    expect(issuesOf(createQuoteRequestSchema, { ...wizardCreateBody, productCode: "XX" })).toEqual([
      { path: "productCode", message: "Unknown product code" },
    ]);
  });

  it("reports step 1's own messages, naming where businessActivity belongs", () => {
    expect(issuesOf(createQuoteRequestSchema, { productCode: "D/C-PI" })).toEqual([
      { path: "proposerName", message: "Company name is required" },
      { path: "insuredsDetails.businessActivity", message: "Business activity is required" },
      { path: "businessAddress", message: "Business address is required" },
      { path: "inceptionDate", message: "Inception date is required" },
      { path: "numberOfDirectors", message: "Number of directors/partners/principals is required" },
      { path: "numberOfQualifiedStaff", message: "Number of qualified staff must be 0 or greater" },
    ]);
  });

  it("applies the financial-interest rule to the merged details", () => {
    expect(issuesOf(createQuoteRequestSchema, { ...wizardCreateBody, hasFinancialInterest: true })).toEqual([
      { path: "financialInterestDetails", message: "Please provide details about the other company/organisation" },
    ]);
  });

  it("lets a flat value win over the nested one", () => {
    const parsed = createQuoteRequestSchema.parse({
      ...wizardCreateBody,
      insuredsDetails: { ...wizardCreateBody.insuredsDetails, proposerName: "Old Name Ltd" },
    });
    expect(parsed.insuredsDetails.proposerName).toBe("Acme Build Ltd");
  });

  it("refuses unknown fields, top level and nested", () => {
    expect(issuesOf(createQuoteRequestSchema, { ...wizardCreateBody, status: "QUOTED" })[0]?.message).toMatch(
      /Unrecognized key/,
    );
    expect(
      issuesOf(createQuoteRequestSchema, {
        ...wizardCreateBody,
        insuredsDetails: { businessActivity: "x", evil: 1 },
      })[0]?.message,
    ).toMatch(/Unrecognized key/);
  });
});

const financialOverview = {
  coverLimitAggregate: 1_000_000,
  turnover: 750_000,
  largestSingleProjectValue: 100_000,
  isAllTurnoverUK: true,
};

describe("PATCH /api/quotes/{id} body", () => {
  it("turns each alternative of docs/product/permissions.md into one tagged command", () => {
    expect(patchQuoteRequestSchema.parse({ financialOverview }).kind).toBe("financialOverview");
    expect(patchQuoteRequestSchema.parse({ designLiability: { turnoverSplitInHouseDesign: 100 } }).kind).toBe(
      "designLiability",
    );
    expect(patchQuoteRequestSchema.parse({ activitySplit: {} }).kind).toBe("activitySplit");
    expect(patchQuoteRequestSchema.parse({ contracts: { officeRetail: 100 } }).kind).toBe("contracts");
    expect(patchQuoteRequestSchema.parse({ declaration: {} }).kind).toBe("declaration");
    expect(patchQuoteRequestSchema.parse({ overrideBasePremium: null })).toEqual({
      kind: "removeOverride",
      expectedVersion: undefined,
    });
  });

  it("reads a completion with or without a financial overview", () => {
    expect(patchQuoteRequestSchema.parse({ status: "QUOTED", expectedVersion: 4 })).toEqual({
      kind: "complete",
      financialOverview: undefined,
      expectedVersion: 4,
    });
    const withOverview = patchQuoteRequestSchema.parse({ status: "QUOTED", financialOverview });
    expect(withOverview.kind === "complete" && withOverview.financialOverview?.turnover).toBe(750_000);
  });

  it("refuses any status but QUOTED", () => {
    expect(issuesOf(patchQuoteRequestSchema, { status: "ISSUED" })[0]).toEqual({
      path: "status",
      message: "Only status QUOTED can be set on a quote; use refer, decision or issue",
    });
  });

  it("reads an override as the base premium in pence, ignoring the client's taxes and total", () => {
    expect(patchQuoteRequestSchema.parse({ basePremium: "612.50", taxes: "1.00", totalPremium: "2.00" })).toEqual({
      kind: "overridePremium",
      basePremiumPence: 61_250,
      expectedVersion: undefined,
    });
  });

  it("refuses an override that is not an amount above zero", () => {
    for (const basePremium of ["0", "0.00", "-5", "abc", "1,000"]) {
      expect(issuesOf(patchQuoteRequestSchema, { basePremium })).toEqual([
        { path: "basePremium", message: "Please enter a valid premium amount" },
      ]);
    }
    expect(issuesOf(patchQuoteRequestSchema, { taxes: "10.00" })).toEqual([
      { path: "basePremium", message: "Please enter a valid premium amount" },
    ]);
  });

  it("reads the insured's details update of docs/product/permissions.md, keeping businessActivity optional", () => {
    const command = patchQuoteRequestSchema.parse({
      proposerName: "Acme Build Ltd",
      tradingName: null,
      businessAddress: "2 Low Road",
      inceptionDate: "2026-12-01",
      incorporationDate: null,
      numberOfDirectors: 3,
      numberOfQualifiedStaff: 3,
      hasFinancialInterest: false,
      financialInterestDetails: null,
      productCode: "D/C-PI",
      ratingVersionId: "default-version",
    });
    expect(command).toEqual({
      kind: "insuredsDetails",
      insuredsDetails: {
        proposerName: "Acme Build Ltd",
        businessAddress: "2 Low Road",
        inceptionDate: "2026-12-01",
        numberOfDirectors: 3,
        numberOfQualifiedStaff: 3,
        hasFinancialInterest: false,
        financialInterestDetails: null,
      },
      productCode: "D/C-PI",
      expectedVersion: undefined,
    });
  });

  it("validates a details update with step 1's messages", () => {
    expect(issuesOf(patchQuoteRequestSchema, { proposerName: "", numberOfDirectors: 0 })).toEqual([
      { path: "proposerName", message: "Company name is required" },
      { path: "businessAddress", message: "Business address is required" },
      { path: "inceptionDate", message: "Inception date is required" },
      { path: "numberOfDirectors", message: "Number of directors/partners/principals is required" },
      { path: "numberOfQualifiedStaff", message: "Number of qualified staff must be 0 or greater" },
    ]);
  });

  it("documents a body only where the server takes it: every body the document accepts, the server accepts", () => {
    const stepOne = wizardCreateBody.insuredsDetails;
    const { businessActivity: _nestedOnly, ...flatStepOne } = stepOne;
    const bodies: { body: Record<string, unknown>; documented: boolean }[] = [
      { body: { insuredsDetails: stepOne, productCode: "PI001", expectedVersion: 3 }, documented: true },
      { body: { insuredsDetails: stepOne, tradingName: "Acme Two" }, documented: true },
      { body: flatStepOne, documented: true },
      { body: { activitySplit: {}, expectedVersion: 1 }, documented: true },
      { body: { declaration: {} }, documented: true },
      { body: { designLiability: { turnoverSplitInHouseDesign: 100 } }, documented: true },
      { body: { status: "QUOTED" }, documented: true },
      { body: { basePremium: "612.50", taxes: "1.00", totalPremium: 2 }, documented: true },
      { body: { overrideBasePremium: null }, documented: true },
      // Refused by both: no change, two changes, a step 1 missing a required field.
      { body: {}, documented: false },
      { body: { expectedVersion: 2 }, documented: false },
      { body: { activitySplit: {}, declaration: {} }, documented: false },
      { body: { basePremium: "100.00", overrideBasePremium: null }, documented: false },
      { body: { insuredsDetails: { ...stepOne, proposerName: undefined } }, documented: false },
      { body: { ...flatStepOne, numberOfDirectors: undefined }, documented: false },
      { body: { productCode: "PI001" }, documented: false },
      { body: { taxes: "10.00" }, documented: false },
      { body: { status: "ISSUED" }, documented: false },
    ];
    for (const { body, documented } of bodies) {
      expect(patchQuoteBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(documented);
      expect(patchQuoteRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(documented);
    }
    // The one form the server takes and the document does not offer: step 1 split between flat and nested.
    const { proposerName, ...nestedWithoutName } = stepOne;
    const split = { proposerName, insuredsDetails: nestedWithoutName };
    expect(patchQuoteRequestSchema.safeParse(split).success).toBe(true);
    expect(patchQuoteBodySchema.safeParse(split).success).toBe(false);
  });

  it("needs exactly one change per request", () => {
    expect(issuesOf(patchQuoteRequestSchema, {})).toEqual([{ path: "", message: PATCH_EXACTLY_ONE_MESSAGE }]);
    expect(issuesOf(patchQuoteRequestSchema, { expectedVersion: 2 })).toEqual([
      { path: "", message: PATCH_EXACTLY_ONE_MESSAGE },
    ]);
    expect(issuesOf(patchQuoteRequestSchema, { activitySplit: {}, declaration: {} })).toEqual([
      { path: "", message: PATCH_EXACTLY_ONE_MESSAGE },
    ]);
    expect(issuesOf(patchQuoteRequestSchema, { basePremium: "100.00", overrideBasePremium: null })).toEqual([
      { path: "", message: PATCH_EXACTLY_ONE_MESSAGE },
    ]);
  });

  it("passes a section's own messages through with the section in the path", () => {
    expect(issuesOf(patchQuoteRequestSchema, { financialOverview: { ...financialOverview, turnover: 0 } })).toEqual([
      { path: "financialOverview.turnover", message: "Turnover is required" },
    ]);
  });

  it("refuses unknown fields and a malformed expectedVersion", () => {
    expect(issuesOf(patchQuoteRequestSchema, { declaration: {}, hacked: true })[0]?.message).toMatch(
      /Unrecognized key/,
    );
    expect(issuesOf(patchQuoteRequestSchema, { declaration: {}, expectedVersion: 1.5 })[0]?.path).toBe(
      "expectedVersion",
    );
  });
});

describe("rate, refer, issue and override bodies", () => {
  it("refuses an expectedVersion no 32-bit version column can hold", () => {
    expect(issuesOf(rateQuoteRequestSchema, { expectedVersion: 2 ** 31 })).toEqual([
      { path: "expectedVersion", message: "expectedVersion is larger than any quote version" },
    ]);
  });

  it("accepts the Risk fields and a turnover band, and refuses anything else", () => {
    expect(
      rateQuoteRequestSchema.parse({
        risk: {
          turnover: 1,
          coverLimitAggregate: 2_000_000,
          excessDiscount: "5x",
          hasContentsInsurance: true,
          contentsLimit: 5_000,
        },
        turnoverBand: "1m_to_1_5m",
        expectedVersion: 3,
      }),
    ).toMatchObject({ turnoverBand: "1m_to_1_5m", risk: { excessDiscount: "5x" } });
    expect(issuesOf(rateQuoteRequestSchema, { risk: { declaration: {} } })[0]?.message).toMatch(/Unrecognized key/);
    expect(issuesOf(rateQuoteRequestSchema, { turnoverBand: "huge" })).toEqual([
      { path: "turnoverBand", message: "Please select a turnover band" },
    ]);
    expect(issuesOf(riskSchema, { excessDiscount: "10x" })[0]?.path).toBe("excessDiscount");
  });

  it("accepts underwriter addresses for a referral and refuses a bad one", () => {
    expect(referQuoteRequestSchema.parse({ underwriterEmails: ["UW@Example.com"] })).toEqual({
      underwriterEmails: ["uw@example.com"],
    });
    expect(issuesOf(referQuoteRequestSchema, { underwriterEmails: ["nope"] })).toEqual([
      { path: "underwriterEmails.0", message: "Invalid email address" },
    ]);
    expect(referQuoteRequestSchema.parse({})).toEqual({});
  });

  it("accepts only expectedVersion when issuing", () => {
    expect(issueQuoteRequestSchema.parse({ expectedVersion: 7 })).toEqual({ expectedVersion: 7 });
    expect(issueQuoteRequestSchema.safeParse({ policyNumber: "X" }).success).toBe(false);
  });

  it("says 'Please enter a valid premium amount' for an override of zero, below or not a number", () => {
    for (const amount of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, undefined]) {
      expect(issuesOf(premiumOverrideSchema, { amount })).toEqual([
        { path: "amount", message: "Please enter a valid premium amount" },
      ]);
    }
    expect(premiumOverrideSchema.parse({ amount: 0.01 })).toEqual({ amount: 0.01 });
  });
});
