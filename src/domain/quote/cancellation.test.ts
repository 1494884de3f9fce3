import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_CANCELLATION } from "../rating/config-schema";
import {
  cancellationBasisInWords,
  cancellationDateProblem,
  cancellationFigures,
  earliestCancellationDate,
  monthsBegun,
  shortPeriodPercent,
} from "./cancellation";
import { addDays, policyExpiryDate } from "./renewal";

const SHORT = {
  ...DEFAULT_CANCELLATION,
  shortPeriodScale: DEFAULT_CANCELLATION.shortPeriodScale.map((step) => ({ ...step })),
};
const PRO_RATA = { ...SHORT, basis: "proRata" as const };
const ISSUE = { effectiveDate: "2026-01-01", basePremium: 365_000, fees: 7_500, taxes: 44_700 };

describe("monthsBegun and the short-period scale", () => {
  it("counts a month begun as a whole one, and none from inception", () => {
    expect(monthsBegun("2026-01-31", "2026-01-31")).toBe(0);
    expect(monthsBegun("2026-01-31", "2026-02-01")).toBe(1);
    expect(monthsBegun("2026-01-15", "2026-02-15")).toBe(1);
    expect(monthsBegun("2026-01-15", "2026-02-16")).toBe(2);
    expect(monthsBegun("2026-01-15", "2027-01-14")).toBe(12);
  });

  it("keeps nothing from inception, the covering step's share, and everything past the last step", () => {
    const scale = SHORT.shortPeriodScale;
    expect(shortPeriodPercent(scale, 0)).toBe(0);
    expect(shortPeriodPercent(scale, 1)).toBe(20);
    expect(shortPeriodPercent(scale, 4)).toBe(50);
    expect(shortPeriodPercent(scale, 9)).toBe(85);
    expect(shortPeriodPercent(scale, 10)).toBe(100);
  });
});

describe("cancellationFigures", () => {
  it("pro rata returns the unexpired days' share, IPT at the version's rate, and never the fees", () => {
    // 365 days from 1 January; cancelled from 1 April: 90 days in force, 275 returned.
    const figures = cancellationFigures({
      inceptionDate: "2026-01-01",
      effectiveDate: "2026-04-01",
      charged: [ISSUE],
      terms: PRO_RATA,
      taxesPct: 12,
    });
    expect(figures).toMatchObject({ daysInPeriod: 365, daysInForce: 90, scalePercent: null });
    expect(figures.retainedPremium).toBe(90_000);
    expect(figures.returnPremium).toBe(275_000);
    expect(figures.returnTaxes).toBe(33_000);
    expect(figures.returnTotal).toBe(308_000);
    expect(figures.paid).toEqual({ basePremium: 365_000, fees: 7_500, taxes: 44_700, totalPremium: 417_200 });
  });

  it("short period keeps the scale's share once past the minimum", () => {
    const figures = cancellationFigures({
      inceptionDate: "2026-01-01",
      effectiveDate: "2026-04-01",
      charged: [ISSUE],
      terms: SHORT,
      taxesPct: 12,
    });
    // 1 January to 1 April is three whole months: the scale keeps 40%.
    expect(figures.scalePercent).toBe(40);
    expect(figures.retainedPremium).toBe(146_000);
    expect(figures.returnPremium).toBe(219_000);
  });

  it("from inception returns everything but the minimum retained premium, and nothing when that is all it paid", () => {
    for (const terms of [SHORT, PRO_RATA]) {
      const fromInception = cancellationFigures({
        inceptionDate: "2026-01-01",
        effectiveDate: "2026-01-01",
        charged: [ISSUE],
        terms,
        taxesPct: 12,
      });
      expect(fromInception.retainedPremium).toBe(25_000);
      expect(fromInception.returnPremium).toBe(340_000);
      const small = cancellationFigures({
        inceptionDate: "2026-01-01",
        effectiveDate: "2026-01-01",
        charged: [{ ...ISSUE, basePremium: 20_000, taxes: 3_300 }],
        terms,
        taxesPct: 12,
      });
      expect(small).toMatchObject({ retainedPremium: 20_000, returnPremium: 0, returnTaxes: 0, returnTotal: 0 });
    }
  });

  it("never returns more than was paid, keeps at least the minimum, and adds up to the penny", () => {
    const day = fc.integer({ min: 0, max: 3_000 }).map((offset) => addDays("2024-01-01", offset));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 366 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 100_000 }),
        (inception, offset, base, fees, taxesPct, proRata, minimumPence) => {
          const expiry = policyExpiryDate(inception);
          const effectiveDate = addDays(inception, offset) > expiry ? expiry : addDays(inception, offset);
          const taxes = Math.round(((base + fees) * taxesPct) / 100);
          const terms = { ...(proRata ? PRO_RATA : SHORT), minimumRetainedPremium: minimumPence / 100 };
          const figures = cancellationFigures({
            inceptionDate: inception,
            effectiveDate,
            charged: [{ effectiveDate: inception, basePremium: base, fees, taxes }],
            terms,
            taxesPct,
          });
          for (const amount of [figures.retainedPremium, figures.returnPremium, figures.returnTaxes]) {
            expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
          }
          expect(figures.retainedPremium + figures.returnPremium).toBe(base);
          expect(figures.retainedPremium).toBeGreaterThanOrEqual(Math.min(base, minimumPence));
          expect(figures.returnTaxes).toBeLessThanOrEqual(taxes);
          expect(figures.returnTotal).toBe(figures.returnPremium + figures.returnTaxes);
          expect(figures.returnTotal).toBeLessThanOrEqual(figures.paid.totalPremium);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("returns less the later the cancellation takes effect", () => {
    for (const terms of [SHORT, PRO_RATA]) {
      let previous = Number.POSITIVE_INFINITY;
      for (let offset = 0; offset <= 364; offset += 1) {
        const { returnPremium } = cancellationFigures({
          inceptionDate: "2026-01-01",
          effectiveDate: addDays("2026-01-01", offset),
          charged: [ISSUE],
          terms,
          taxesPct: 12,
        });
        expect(returnPremium).toBeLessThanOrEqual(previous);
        previous = returnPremium;
      }
    }
  });
});

describe("who may cancel from when", () => {
  const policy = { inceptionDate: "2026-01-01" };

  it("takes dates inside the period only, both ends included", () => {
    for (const role of ["BROKER", "UNDERWRITER"] as const) {
      const today = "2025-12-01";
      expect(cancellationDateProblem({ role, ...policy, effectiveDate: "2026-01-01", today })).toBeNull();
      expect(cancellationDateProblem({ role, ...policy, effectiveDate: "2026-12-31", today })).toBeNull();
      expect(cancellationDateProblem({ role, ...policy, effectiveDate: "2025-12-31", today })).toMatch(
        /within the policy period, 01\/01\/2026 to 31\/12\/2026/,
      );
      expect(cancellationDateProblem({ role, ...policy, effectiveDate: "2027-01-01", today })).toMatch(/within/);
    }
  });

  it("keeps brokers to today or later; underwriters may back-date", () => {
    const today = "2026-06-01";
    expect(cancellationDateProblem({ role: "BROKER", ...policy, effectiveDate: "2026-05-31", today })).toMatch(
      /ask an underwriter/,
    );
    expect(cancellationDateProblem({ role: "BROKER", ...policy, effectiveDate: today, today })).toBeNull();
    expect(cancellationDateProblem({ role: "UNDERWRITER", ...policy, effectiveDate: "2026-01-01", today })).toBeNull();
    expect(earliestCancellationDate("BROKER", policy.inceptionDate, today)).toBe(today);
    expect(earliestCancellationDate("BROKER", policy.inceptionDate, "2025-12-01")).toBe(policy.inceptionDate);
    expect(earliestCancellationDate("UNDERWRITER", policy.inceptionDate, today)).toBe(policy.inceptionDate);
  });
});

describe("cancellationBasisInWords", () => {
  it("says the scale's share and the months begun, or the days in force", () => {
    expect(
      cancellationBasisInWords({
        basis: "shortPeriod",
        scalePercent: 50,
        daysInForce: 100,
        daysInPeriod: 365,
        inceptionDate: "2026-01-01",
        effectiveDate: "2026-04-11",
      }),
    ).toBe("Short-period scale: 50% kept, 4 months begun");
    expect(
      cancellationBasisInWords({ basis: "proRata", scalePercent: null, daysInForce: 100, daysInPeriod: 365 }),
    ).toBe("Pro rata: 100 of 365 days in force");
    expect(cancellationBasisInWords({ basis: "shortPeriod", scalePercent: 0, daysInForce: 0, daysInPeriod: 365 })).toBe(
      "From inception: only the minimum retained premium is kept",
    );
  });
});
