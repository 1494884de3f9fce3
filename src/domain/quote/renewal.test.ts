import { describe, expect, it } from "vitest";
import {
  addDays,
  decideRenewal,
  isRenewalDue,
  policyExpiryDate,
  RENEWAL_MESSAGES,
  renewalDueInceptionRange,
  renewalInceptionDate,
  renewalPremiumChange,
} from "./renewal";

describe("renewals", () => {
  it("starts the renewal on the anniversary, the day after the last day of cover", () => {
    expect(policyExpiryDate("2025-03-15")).toBe("2026-03-14");
    expect(renewalInceptionDate("2025-03-15")).toBe("2026-03-15");
    expect(renewalInceptionDate("2025-12-31")).toBe("2026-12-31");
    // From 29 February cover runs to 28 February and the renewal starts on 1 March.
    expect(renewalInceptionDate("2024-02-29")).toBe("2025-03-01");
  });

  it("lists a policy from 60 days before its last day to 30 days after it", () => {
    const today = "2026-06-01";
    expect(isRenewalDue(addDays(today, 60), today)).toBe(true);
    expect(isRenewalDue(addDays(today, 61), today)).toBe(false);
    expect(isRenewalDue(addDays(today, -30), today)).toBe(true);
    expect(isRenewalDue(addDays(today, -31), today)).toBe(false);
  });

  it("selects exactly the inception dates whose policies are due", () => {
    for (const today of ["2026-06-01", "2026-03-30", "2028-02-29", "2027-12-31", "2028-04-29"]) {
      const range = renewalDueInceptionRange(today);
      for (let offset = -5; offset <= 5; offset++) {
        for (const edge of [range.from, range.to]) {
          const inception = addDays(edge, offset);
          const inRange = inception >= range.from && inception <= range.to;
          expect(isRenewalDue(policyExpiryDate(inception), today), `${today} ${inception}`).toBe(inRange);
        }
      }
    }
  });

  it("lets brokers renew their own policies and underwriters any, once, and only when issued", () => {
    const issued = { status: "ISSUED" as const, renewedAs: null };
    expect(decideRenewal({ role: "BROKER", isOwner: true, ...issued })).toEqual({ allowed: true });
    expect(decideRenewal({ role: "UNDERWRITER", isOwner: false, ...issued })).toEqual({ allowed: true });
    expect(decideRenewal({ role: "ADMIN", isOwner: false, ...issued })).toMatchObject({ kind: "forbidden" });
    expect(decideRenewal({ role: "BROKER", isOwner: false, ...issued })).toMatchObject({ kind: "forbidden" });
    expect(decideRenewal({ role: "BROKER", isOwner: true, status: "QUOTED", renewedAs: null })).toEqual({
      allowed: false,
      kind: "conflict",
      reason: RENEWAL_MESSAGES.onlyIssued,
    });
    expect(decideRenewal({ role: "BROKER", isOwner: true, status: "ISSUED", renewedAs: "DCPI-000123" })).toEqual({
      allowed: false,
      kind: "conflict",
      reason: "This policy has already been renewed as DCPI-000123",
    });
  });

  it("computes the change in premium in pence and per cent", () => {
    expect(renewalPremiumChange(100_000, 110_000)).toEqual({ changePence: 10_000, changePercent: 10 });
    expect(renewalPremiumChange(120_000, 100_000)).toEqual({ changePence: -20_000, changePercent: -16.7 });
    expect(renewalPremiumChange(0, 5_000)).toEqual({ changePence: 5_000, changePercent: null });
  });
});

describe("completing a renewal", () => {
  it("waits for the declaration to be saved again", async () => {
    const { decideQuoteAction } = await import("./lifecycle");
    const base = { action: "complete" as const, role: "BROKER" as const, isOwner: true, referralHitCount: 0 };
    const rated = { ...base, ratedAt: "2026-01-01T00:00:00Z" };
    expect(decideQuoteAction({ ...rated, status: "DRAFT", declarationConfirmed: false })).toEqual({
      allowed: false,
      kind: "conflict",
      reason: RENEWAL_MESSAGES.declarationUnconfirmed,
    });
    expect(decideQuoteAction({ ...rated, status: "UW_APPROVED", declarationConfirmed: false })).toMatchObject({
      allowed: false,
    });
    expect(decideQuoteAction({ ...rated, status: "DRAFT", declarationConfirmed: true })).toMatchObject({
      allowed: true,
      nextStatus: "QUOTED",
    });
  });
});

describe("expiry text", () => {
  it("says how far the last day of cover is from today", async () => {
    const { expiryText } = await import("./renewal");
    expect(expiryText("2026-06-13", "2026-06-01")).toBe("Expires in 12 days");
    expect(expiryText("2026-06-01", "2026-06-01")).toBe("Expires today");
    expect(expiryText("2026-06-02", "2026-06-01")).toBe("Expires tomorrow");
    expect(expiryText("2026-05-31", "2026-06-01")).toBe("Expired yesterday");
    expect(expiryText("2026-05-29", "2026-06-01")).toBe("Expired 3 days ago");
  });
});
