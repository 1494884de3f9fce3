import { describe, expect, it } from "vitest";
import { referralReasonFromHits, splitReferralReason, toPremiumBreakdown } from "./premium";
import { premiumBreakdownSchema } from "./quote";

describe("premium in the API's words", () => {
  it("turns the engine's pence into two-decimal strings", () => {
    const breakdown = toPremiumBreakdown({
      basePremium: 100_000,
      fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: 2_500 }],
      subtotal: 102_500,
      taxes: 12_300,
      totalPremium: 114_800,
      multiplier: 1.4,
    });
    expect(breakdown).toEqual({
      basePremium: "1000.00",
      fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: "25.00" }],
      subtotal: "1025.00",
      taxes: "123.00",
      totalPremium: "1148.00",
      multiplier: 1.4,
    });
    expect(premiumBreakdownSchema.parse(breakdown)).toEqual(breakdown);
  });
});

describe("referral reason", () => {
  const hits = [
    { code: "PREVIOUS_CLAIMS", description: "Previous claims declared" },
    { code: "HIGH_COVER", description: "Cover limit above £2,000,000" },
  ];

  it("joins hit descriptions with comma and space", () => {
    expect(referralReasonFromHits(hits)).toBe("Previous claims declared, Cover limit above £2,000,000");
  });

  it("splits the reason back into one line per hit, keeping thousands separators intact", () => {
    expect(splitReferralReason(referralReasonFromHits(hits))).toEqual([
      "Previous claims declared",
      "Cover limit above £2,000,000",
    ]);
    expect(splitReferralReason(null)).toEqual([]);
    expect(splitReferralReason("")).toEqual([]);
  });
});
