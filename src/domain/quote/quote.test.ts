import { describe, expect, it } from "vitest";
import { quoteListQuerySchema, quoteSchema } from "./quote";

const storedQuote = {
  id: "6f1c1d1e-0000-4000-8000-000000000001",
  reference: "DCPI-000042",
  status: "QUOTED",
  productCode: "D/C-PI",
  productType: "Professional Indemnity",
  contactEmail: "office@acme.example",
  version: 3,
  policyNumber: null,
  brokerId: "b1",
  firmId: null,
  broker: { name: "Ben Broker", email: "broker@example.com" },
  proposerName: "Acme Build Ltd",
  tradingName: null,
  businessAddress: "1 High Street, Leeds",
  inceptionDate: "2026-12-01",
  incorporationDate: "2001-04-03",
  numberOfDirectors: 2,
  numberOfQualifiedStaff: 3,
  hasFinancialInterest: false,
  financialInterestDetails: null,
  insuredsDetails: null,
  financialOverview: { coverLimitAggregate: 1_000_000, turnover: 750_000, largestSingleProjectValue: 100_000 },
  designLiability: null,
  activitySplit: null,
  contracts: null,
  declaration: null,
  risk: { excessDiscount: "2x" },
  turnoverBand: "500k_to_1m",
  basePremium: "1000.00",
  fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: "25.00" }],
  taxes: "123.00",
  totalPremium: "1148.00",
  premiumOverridden: false,
  ratingVersionId: "rv1",
  referralReason: null,
  referralHits: [],
  ratingTrace: [{ kind: "factor", name: "turnover", matched: "500,001+", multiplier: 1.5 }],
  ratedAt: "2026-11-20T09:00:00.000Z",
  referredAt: null,
  decision: null,
  adjustmentMultiplier: null,
  uwNote: null,
  decidedAt: null,
  decidedBy: null,
  issuedAt: null,
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-20T09:00:00.000Z",
};

describe("quote response", () => {
  it("describes a stored quote and fills the sections' defaults", () => {
    const quote = quoteSchema.parse(storedQuote);
    expect(quote.financialOverview).toMatchObject({ isAllTurnoverUK: true, hasDirectorsOfficersInsurance: false });
    expect(quote.fees[0]?.amount).toBe("25.00");
  });

  it("insists on two-decimal money strings", () => {
    expect(quoteSchema.safeParse({ ...storedQuote, totalPremium: "1148" }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...storedQuote, totalPremium: 1148 }).success).toBe(false);
  });
});

describe("quote list query", () => {
  it("defaults to page 1 of 25", () => {
    expect(quoteListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 });
  });

  it("reads query-string numbers and caps the page size at 100", () => {
    expect(quoteListQuerySchema.parse({ q: " acme ", status: "DRAFT", page: "3", pageSize: "100" })).toEqual({
      q: "acme",
      status: "DRAFT",
      page: 3,
      pageSize: 100,
    });
    expect(quoteListQuerySchema.safeParse({ pageSize: "101" }).success).toBe(false);
    expect(quoteListQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(quoteListQuerySchema.safeParse({ status: "LOST" }).success).toBe(false);
  });

  it("says why a page or page size is refused", () => {
    const messages = (query: Record<string, string>) =>
      quoteListQuerySchema.safeParse(query).error?.issues.map((issue) => issue.message);
    expect(messages({ page: "0" })).toEqual(["page starts at 1"]);
    expect(messages({ page: "-1" })).toEqual(["page starts at 1"]);
    expect(messages({ page: "x" })).toEqual(["page must be a whole number"]);
    expect(messages({ page: "1.5" })).toEqual(["page must be a whole number"]);
    expect(messages({ pageSize: "x" })).toEqual(["pageSize must be a whole number"]);
    expect(messages({ pageSize: "2.5" })).toEqual(["pageSize must be a whole number"]);
  });
});
