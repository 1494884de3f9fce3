import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_CANCELLATION } from "../rating/config-schema";
import { ADJUSTMENT_MESSAGES, adjustmentCharge, adjustmentDateProblem, adjustmentReferralReasons } from "./adjustment";
import { type ChargedTransaction, cancellationFigures } from "./cancellation";
import { addDays, policyExpiryDate } from "./renewal";

const PRO_RATA = {
  ...DEFAULT_CANCELLATION,
  basis: "proRata" as const,
  shortPeriodScale: [],
  minimumRetainedPremium: 0,
};

describe("adjustmentCharge", () => {
  it("charges the year's difference for the days left, with IPT, and returns a reduction", () => {
    // 365 days from 1 January; from 1 April 275 days are left.
    const up = adjustmentCharge({
      inceptionDate: "2026-01-01",
      effectiveDate: "2026-04-01",
      annual: { before: 365_000, after: 438_000 },
      taxesPct: 12,
      thresholdPence: 2_500,
    });
    expect(up).toMatchObject({ daysInPeriod: 365, daysRemaining: 275, premium: 55_000, taxes: 6_600, total: 61_600 });
    const down = adjustmentCharge({
      inceptionDate: "2026-01-01",
      effectiveDate: "2026-04-01",
      annual: { before: 438_000, after: 365_000 },
      taxesPct: 12,
      thresholdPence: 2_500,
    });
    expect(down).toMatchObject({ premium: -55_000, taxes: -6_600, total: -61_600, waived: false });
  });

  it("waives a difference under the threshold, and charges nothing for a change that costs nothing", () => {
    const small = adjustmentCharge({
      inceptionDate: "2026-01-01",
      effectiveDate: "2026-12-01",
      annual: { before: 100_000, after: 110_000 },
      taxesPct: 12,
      thresholdPence: 2_500,
    });
    expect(small).toMatchObject({ daysRemaining: 31, premium: 0, taxes: 0, total: 0, waived: true });
    const free = adjustmentCharge({
      inceptionDate: "2026-01-01",
      effectiveDate: "2026-06-01",
      annual: { before: 100_000, after: 100_000 },
      taxesPct: 12,
      thresholdPence: 2_500,
    });
    expect(free).toMatchObject({ premium: 0, waived: false });
  });

  it("over any sequence of adjustments and a pro-rata cancellation, returns never exceed what was paid", () => {
    const inceptionDate = "2028-02-29";
    const period = 365;
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 5_000_000 }),
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 90 }), annual: fc.integer({ min: 0, max: 5_000_000 }) }), {
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: period - 1 }),
        (issued, steps, cancelOffset) => {
          const charged: ChargedTransaction[] = [
            { effectiveDate: inceptionDate, basePremium: issued, fees: 0, taxes: 0 },
          ];
          let annual = issued;
          let offset = 0;
          for (const step of steps) {
            offset = Math.min(period - 1, offset + step.gap);
            const effectiveDate = addDays(inceptionDate, offset);
            const charge = adjustmentCharge({
              inceptionDate,
              effectiveDate,
              annual: { before: annual, after: step.annual },
              taxesPct: 0,
              thresholdPence: 0,
            });
            charged.push({ effectiveDate, basePremium: charge.premium, fees: 0, taxes: 0 });
            annual = step.annual;
          }
          const paid = charged.reduce((sum, line) => sum + line.basePremium, 0);
          const cancellation = cancellationFigures({
            inceptionDate,
            effectiveDate: addDays(inceptionDate, Math.max(cancelOffset, offset)),
            charged,
            terms: PRO_RATA,
            taxesPct: 0,
          });
          expect(cancellation.paid.basePremium).toBe(paid);
          expect(cancellation.returnPremium).toBeGreaterThanOrEqual(0);
          expect(cancellation.returnPremium).toBeLessThanOrEqual(Math.max(0, paid));
          expect(cancellation.retainedPremium + cancellation.returnPremium).toBe(Math.max(0, paid));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("when an adjustment may take effect, and when it refers", () => {
  it("takes dates inside the period, never before the last adjustment", () => {
    const base = { inceptionDate: "2026-01-01", lastAdjustmentDate: null };
    expect(adjustmentDateProblem({ ...base, effectiveDate: "2026-01-01" })).toBeNull();
    expect(adjustmentDateProblem({ ...base, effectiveDate: policyExpiryDate("2026-01-01") })).toBeNull();
    expect(adjustmentDateProblem({ ...base, effectiveDate: "2027-01-01" })).toBe(
      ADJUSTMENT_MESSAGES.outsidePeriod("2026-01-01"),
    );
    expect(adjustmentDateProblem({ ...base, lastAdjustmentDate: "2026-05-01", effectiveDate: "2026-04-30" })).toMatch(
      /before the last one, from 01\/05\/2026/,
    );
    expect(
      adjustmentDateProblem({ ...base, lastAdjustmentDate: "2026-05-01", effectiveDate: "2026-05-01" }),
    ).toBeNull();
  });

  it("refers a rule hit, a higher limit and a back-dated change; anything else binds", () => {
    const context = {
      effectiveDate: "2026-06-01",
      today: "2026-06-01",
      coverLimitBefore: 1_000_000,
      coverLimitAfter: 1_000_000,
      referralHits: [],
    };
    expect(adjustmentReferralReasons(context)).toEqual([]);
    expect(adjustmentReferralReasons({ ...context, coverLimitAfter: 500_000 })).toEqual([]);
    expect(
      adjustmentReferralReasons({
        ...context,
        effectiveDate: "2026-05-31",
        coverLimitAfter: 2_000_000,
        referralHits: [{ description: "Turnover above £5,000,000" }],
      }),
    ).toEqual(["Turnover above £5,000,000", ADJUSTMENT_MESSAGES.higherLimit, ADJUSTMENT_MESSAGES.backDated]);
  });
});
