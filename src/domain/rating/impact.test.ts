import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileRatingConfig } from "./compile";
import { PI001_RATING_CONFIG } from "./configs/pi001";
import {
  bandIndexFor,
  createImpactAccumulator,
  type ImpactSample,
  impactHeadline,
  MONEY_CHANGE_BANDS,
  PERCENT_CHANGE_BANDS,
  percentChange,
  rateBothWays,
  summariseImpact,
  toImpactReport,
} from "./impact";
import { defaultRatingInput } from "./input";

function sample(reference: string, before: number, after: number, referred: [boolean, boolean] = [false, false]) {
  return {
    quoteId: `id-${reference}`,
    reference,
    proposerName: `Insured ${reference}`,
    before: { totalPremium: before, referred: referred[0] },
    after: { totalPremium: after, referred: referred[1] },
  } satisfies ImpactSample;
}

const countOf = (bands: { label: string; count: number }[], label: string) =>
  bands.find((band) => band.label === label)?.count;

describe("impact summary", () => {
  it("counts changed, increased and decreased premiums and the totals before and after", () => {
    const summary = summariseImpact([
      sample("A", 100_00, 110_00),
      sample("B", 200_00, 200_00),
      sample("C", 300_00, 240_00),
    ]);
    expect(summary).toMatchObject({
      quoteCount: 3,
      changedCount: 2,
      increasedCount: 1,
      decreasedCount: 1,
      totalBefore: 600_00,
      totalAfter: 550_00,
    });
    const report = toImpactReport(summary);
    expect(report.totalBefore).toBe("600.00");
    expect(report.totalAfter).toBe("550.00");
    expect(report.totalChange).toBe("-50.00");
  });

  it("puts each change in its percentage band, edges included", () => {
    const summary = summariseImpact([
      sample("A", 100_00, 80_00), // -20%: "-20% or more"
      sample("B", 100_00, 80_01), // -19.99%
      sample("C", 100_00, 90_00), // -10%
      sample("D", 100_00, 95_00), // -5%
      sample("E", 100_00, 99_99), // -0.01%
      sample("F", 100_00, 100_00), // no change
      sample("G", 100_00, 104_99), // +4.99%
      sample("H", 100_00, 105_00), // +5%
      sample("I", 100_00, 110_00), // +10%
      sample("J", 100_00, 120_00), // +20%
      sample("K", 0, 50_00), // from nothing: top band
    ]);
    expect(summary.percentBands).toEqual([
      { label: "-20% or more", count: 1 },
      { label: "-20% to -10%", count: 2 },
      { label: "-10% to -5%", count: 1 },
      { label: "-5% to 0%", count: 1 },
      { label: "No change", count: 1 },
      { label: "0% to +5%", count: 1 },
      { label: "+5% to +10%", count: 1 },
      { label: "+10% to +20%", count: 1 },
      { label: "+20% or more", count: 2 },
    ]);
  });

  it("puts each change in its money band, edges included", () => {
    const summary = summariseImpact([
      sample("A", 1_000_00, 500_00), // -£500
      sample("B", 1_000_00, 500_01), // -£499.99
      sample("C", 1_000_00, 990_00), // -£10: "-£100 to -£10"
      sample("D", 1_000_00, 999_99), // -£0.01
      sample("E", 1_000_00, 1_009_99), // +£9.99
      sample("F", 1_000_00, 1_010_00), // +£10
      sample("G", 1_000_00, 1_500_00), // +£500
    ]);
    expect(countOf(summary.moneyBands, "-£500 or more")).toBe(1);
    expect(countOf(summary.moneyBands, "-£500 to -£100")).toBe(1);
    expect(countOf(summary.moneyBands, "-£100 to -£10")).toBe(1);
    expect(countOf(summary.moneyBands, "-£10 to £0")).toBe(1);
    expect(countOf(summary.moneyBands, "No change")).toBe(0);
    expect(countOf(summary.moneyBands, "£0 to +£10")).toBe(1);
    expect(countOf(summary.moneyBands, "+£10 to +£100")).toBe(1);
    expect(countOf(summary.moneyBands, "+£500 or more")).toBe(1);
  });

  it("reports the referral rate before and after and the quotes that start or stop referring", () => {
    const report = toImpactReport(
      summariseImpact([
        sample("A", 100, 100, [true, true]),
        sample("B", 100, 100, [false, true]),
        sample("C", 100, 100, [true, false]),
        sample("D", 100, 100, [false, false]),
      ]),
    );
    expect(report.referral).toEqual({
      before: 2,
      after: 2,
      rateBefore: 50,
      rateAfter: 50,
      newlyReferred: 1,
      noLongerReferred: 1,
    });
  });

  it("lists the quotes that move most in money, largest first, up to the limit, unchanged ones never", () => {
    const accumulator = createImpactAccumulator({ topMovers: 3 });
    for (const item of [
      sample("A", 100_00, 101_00),
      sample("B", 100_00, 40_00),
      sample("C", 100_00, 100_00),
      sample("D", 500_00, 600_00),
      sample("E", 100_00, 130_00),
      sample("F", 100_00, 99_00),
    ]) {
      accumulator.add(item);
    }
    const report = toImpactReport(accumulator.summary());
    expect(report.topMovers.map((mover) => [mover.reference, mover.change, mover.percentChange])).toEqual([
      ["D", "100.00", 20],
      ["B", "-60.00", -60],
      ["E", "30.00", 30],
    ]);
  });

  it("gives no percentage for a premium that was zero", () => {
    const report = toImpactReport(summariseImpact([sample("A", 0, 10_00)]));
    expect(report.topMovers[0]?.percentChange).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
  });

  it("always places a change in exactly one band whose side matches its sign", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (change) => {
        const index = bandIndexFor(MONEY_CHANGE_BANDS, change);
        if (change === 0) return MONEY_CHANGE_BANDS[index]?.label === "No change";
        return change < 0 ? index < 4 : index > 4;
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -100, max: 1_000, noNaN: true }), (percent) => {
        const index = bandIndexFor(PERCENT_CHANGE_BANDS, percent);
        return percent === 0 ? index === 4 : percent < 0 ? index < 4 : index > 4;
      }),
    );
  });

  it("band counts always add up to the number of quotes and the totals to the sums", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 5_000_000 })), {
          maxLength: 200,
        }),
        (pairs) => {
          const summary = summariseImpact(pairs.map(([before, after], i) => sample(`R${i}`, before, after)));
          const sum = (bands: { count: number }[]) => bands.reduce((total, band) => total + band.count, 0);
          return (
            sum(summary.percentBands) === pairs.length &&
            sum(summary.moneyBands) === pairs.length &&
            summary.totalBefore === pairs.reduce((total, [before]) => total + before, 0) &&
            summary.totalAfter === pairs.reduce((total, [, after]) => total + after, 0) &&
            summary.changedCount === pairs.filter(([before, after]) => before !== after).length
          );
        },
      ),
    );
  });
});

describe("rating both ways", () => {
  it("rates one input with the quote's version and with the draft, using the real engine", () => {
    const current = compileRatingConfig(PI001_RATING_CONFIG);
    const draft = compileRatingConfig({ ...PI001_RATING_CONFIG, baseRate: 200, version: "2.0.0" });
    if (!current.ok || !draft.ok) throw new Error("configurations refused");
    const input = defaultRatingInput({ turnover: 500_000, industry: "technology", claimsLast3Yrs: 3 });
    const { before, after } = rateBothWays(input, current.rater, draft.rater);
    // docs/product/rating.md worked example at 3 claims: 1.2 x 0.95 x 1.6 = 1.824 -> 182.40 base, 25.00 fee, 24.89 tax.
    expect(before).toEqual({ totalPremium: 232_29, referred: true });
    // Base doubles to 364.80; (364.80 + 25.00) x 12% = 46.78 tax.
    expect(after).toEqual({ totalPremium: 436_58, referred: true });
  });
});

describe("the impact headline", () => {
  it("says how many premiums change, which way, and the total before and after", () => {
    const report = toImpactReport(
      summariseImpact([sample("A", 10000, 11000), sample("B", 20000, 19000), sample("C", 5000, 5000)]),
    );
    expect(impactHeadline(report)).toBe(
      "2 of 3 quotes (66.7%) change premium (1 up, 1 down); total premium £350.00 -> £350.00.",
    );
  });

  it("says when there was nothing to re-rate", () => {
    expect(impactHeadline(toImpactReport(summariseImpact([])))).toBe(
      "No quotes of this product were rated in the last 12 months.",
    );
  });
});
