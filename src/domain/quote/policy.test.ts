import { describe, expect, it } from "vitest";
import { policyCover, policyHistoryEventOf, policyHistoryTitle, policyStatus } from "./policy";

describe("policyStatus", () => {
  const policy = { inceptionDate: "2026-03-15", renewalIssued: false, cancelled: false };

  it("is in force from before inception up to and including the last day of cover", () => {
    expect(policyStatus(policy, "2026-03-01")).toBe("In force");
    expect(policyStatus(policy, "2026-03-15")).toBe("In force");
    expect(policyStatus(policy, "2027-03-14")).toBe("In force");
  });

  it("is expired from the day after the last day of cover", () => {
    expect(policyStatus(policy, "2027-03-15")).toBe("Expired");
    expect(policyStatus(policy, "2030-01-01")).toBe("Expired");
  });

  it("follows the period's rule from 29 February: the last day is 28 February", () => {
    const leap = { inceptionDate: "2028-02-29", renewalIssued: false, cancelled: false };
    expect(policyStatus(leap, "2029-02-28")).toBe("In force");
    expect(policyStatus(leap, "2029-03-01")).toBe("Expired");
  });

  it("is renewed once its renewal is issued, before or after the anniversary", () => {
    const renewed = { ...policy, renewalIssued: true };
    expect(policyStatus(renewed, "2027-02-01")).toBe("Renewed");
    expect(policyStatus(renewed, "2027-03-15")).toBe("Renewed");
  });

  it("is cancelled once a cancellation is recorded, before the cancellation date, after expiry, renewed or not", () => {
    const cancelled = { ...policy, cancelled: true };
    expect(policyStatus(cancelled, "2026-03-01")).toBe("Cancelled");
    expect(policyStatus(cancelled, "2030-01-01")).toBe("Cancelled");
    expect(policyStatus({ ...cancelled, renewalIssued: true }, "2026-06-01")).toBe("Cancelled");
  });
});

describe("policyCover", () => {
  it("reads the step-7 selections over the financial overview, with the excess they give", () => {
    expect(
      policyCover({
        financialOverview: { coverLimitAggregate: 500_000, hasContentsInsurance: true, contentsLimit: 25_000 },
        risk: { coverLimitAggregate: 2_000_000, excessDiscount: "2x" },
        limitBasis: "EACH_AND_EVERY",
        defenceCosts: "IN_ADDITION",
      }),
    ).toEqual({
      coverLimit: 2_000_000,
      excessOption: "2x",
      excess: 5_000,
      additionalCovers: [{ label: "Contents Insurance", limit: 25_000 }],
      limitBasis: "EACH_AND_EVERY",
      defenceCosts: "IN_ADDITION",
    });
  });

  it("is the standard excess on the financial overview's limit, in the aggregate with defence costs included, when no selection was stored", () => {
    expect(policyCover({ financialOverview: { coverLimitAggregate: 500_000 }, risk: null })).toEqual({
      coverLimit: 500_000,
      excessOption: "standard",
      excess: 1_000,
      additionalCovers: [],
      limitBasis: "AGGREGATE",
      defenceCosts: "INCLUSIVE",
    });
  });
});

describe("the policy's history", () => {
  it("takes the policy's issue and renewal and the renewal's issue, and nothing else", () => {
    expect(policyHistoryEventOf({ action: "issued", ofRenewal: false })).toBe("issued");
    expect(policyHistoryEventOf({ action: "renewed", ofRenewal: false })).toBe("renewal_started");
    expect(policyHistoryEventOf({ action: "issued", ofRenewal: true })).toBe("renewal_issued");
    expect(policyHistoryEventOf({ action: "rated", ofRenewal: true })).toBeNull();
    expect(policyHistoryEventOf({ action: "rated", ofRenewal: false })).toBeNull();
  });

  it("titles each event in words", () => {
    expect(["issued", "renewal_started", "renewal_issued"].map((event) => policyHistoryTitle(event as never))).toEqual([
      "Policy issued",
      "Renewal started",
      "Renewal issued",
    ]);
  });
});
