import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COMMISSION_MESSAGES,
  commissionLimitsRefusal,
  commissionLines,
  commissionPence,
  quoteCommissionOf,
} from "./commission";
import { commissionLimitsSchema, commissionOverrideSchema } from "./commission-schema";

describe("commission on the premium before IPT", () => {
  it("is the rate of base premium plus fees, rounded half up to the penny", () => {
    // £750 base + £35 fee = £785.00 before IPT; 12.5% of it is £98.125, rounded to £98.13.
    expect(commissionPence(78_500, 1250)).toBe(9813);
    expect(commissionLines({ basePremium: 75_000, fees: 3500, totalPremium: 87_920 }, 1250)).toEqual({
      rateBasisPoints: 1250,
      commission: 9813,
      netPremium: 87_920 - 9813,
    });
  });

  it("returns on a return premium exactly what the charge paid", () => {
    expect(commissionPence(-78_500, 1250)).toBe(-9813);
    expect(commissionPence(0, 1250)).toBe(0);
    expect(commissionPence(78_500, 0)).toBe(0);
  });

  it("is whole pence, never more than the premium, and a charge and its full return net to nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (pence, bp) => {
        const charged = commissionPence(pence, bp);
        expect(Number.isInteger(charged)).toBe(true);
        expect(charged).toBeGreaterThanOrEqual(0);
        expect(charged).toBeLessThanOrEqual(pence);
        expect(charged + commissionPence(-pence, bp)).toBe(0);
        expect(Math.abs(charged - (pence * bp) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it("commission plus net premium is always the gross premium", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
        fc.integer({ min: -10_000, max: 10_000 }),
        fc.integer({ min: 0, max: 4000 }),
        (base, fees, bp) => {
          const totalPremium = base + fees + Math.round((base + fees) * 0.12);
          const lines = commissionLines({ basePremium: base, fees, totalPremium }, bp);
          expect(Number.isInteger(lines.netPremium)).toBe(true);
          expect(lines.commission + lines.netPremium).toBe(totalPremium);
        },
      ),
    );
  });
});

describe("the commission an underwriter may set", () => {
  it("takes 0 to 100 with at most two decimal places", () => {
    expect(commissionOverrideSchema.safeParse({ ratePercent: 12.5 }).success).toBe(true);
    expect(commissionOverrideSchema.safeParse({ ratePercent: 0 }).success).toBe(true);
    for (const ratePercent of [-1, 100.01, 12.345, Number.NaN, "10"]) {
      const parsed = commissionOverrideSchema.safeParse({ ratePercent });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(COMMISSION_MESSAGES.rate);
    }
  });

  it("must lie within the rating version's limits", () => {
    const limits = { minPercent: 5, maxPercent: 25 };
    expect(commissionLimitsRefusal(5, limits)).toBeNull();
    expect(commissionLimitsRefusal(25, limits)).toBeNull();
    expect(commissionLimitsRefusal(25.01, limits)).toBe(
      "Commission rate must be from 5% to 25% under this quote's rating version",
    );
    expect(commissionLimitsRefusal(4.99, limits)).not.toBeNull();
  });

  it("limits in a configuration have their minimum at or below their maximum", () => {
    expect(commissionLimitsSchema.safeParse({ minPercent: 5, maxPercent: 25 }).success).toBe(true);
    const reversed = commissionLimitsSchema.safeParse({ minPercent: 30, maxPercent: 25 });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ["maxPercent"], message: COMMISSION_MESSAGES.limitsOrder });
  });
});

describe("a quote's commission as the API shows it", () => {
  const rated = { basePremium: 75_000, feesTotal: 3500, totalPremium: 87_920, commissionOverridden: false };

  it("shows the rate, the amount and the net premium due from the broker", () => {
    expect(quoteCommissionOf({ ...rated, commissionRateBasisPoints: 1250 })).toEqual({
      ratePercent: 12.5,
      amount: "98.13",
      netPremium: "781.07",
      overridden: false,
    });
  });

  it("is absent for a quote with no firm or not yet rated", () => {
    expect(quoteCommissionOf({ ...rated, commissionRateBasisPoints: null })).toBeNull();
    expect(quoteCommissionOf({ ...rated, basePremium: null, commissionRateBasisPoints: 1000 })).toBeNull();
  });
});
