import { describe, expect, it } from "vitest";
import { decisionBucketOf, decisionBucketUpperMinutes, percentileFromBuckets } from "./decision-times";
import { decisionsTable, firmsTable, premiumTable, quotesTable, turnoverBandsTable } from "./mi";
import { miCsv } from "./mi-csv";
import { monthsBefore, monthsBetween } from "./months";

describe("management information figures", () => {
  it("lists the months of a range across a year end, and the start of a range of n months", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03", "2026-03")).toEqual(["2026-03"]);
    expect(monthsBetween("2026-04", "2026-03")).toEqual([]);
    expect(monthsBefore("2026-11", 12)).toBe("2025-12");
    expect(monthsBefore("2026-01", 1)).toBe("2026-01");
    expect(monthsBefore("2026-01", 2)).toBe("2025-12");
  });

  it("buckets a wait so that the bucket's upper bound is at most 10% above it", () => {
    expect(decisionBucketOf(0)).toBe(0);
    expect(decisionBucketOf(1)).toBe(0);
    for (const minutes of [1.5, 7, 59, 60, 61, 180, 600, 1440, 10_000, 525_600]) {
      const upper = decisionBucketUpperMinutes(decisionBucketOf(minutes));
      expect(upper).toBeGreaterThanOrEqual(minutes);
      expect(upper).toBeLessThanOrEqual(Math.ceil(minutes * 1.1));
    }
  });

  it("reads the nearest-rank median and 90th percentile from bucket counts", () => {
    const waits = [10, 20, 30, 40, 50, 60, 70, 80, 90, 1000];
    const buckets = new Map<number, number>();
    for (const w of waits) buckets.set(decisionBucketOf(w), (buckets.get(decisionBucketOf(w)) ?? 0) + 1);
    const upper = (w: number) => decisionBucketUpperMinutes(decisionBucketOf(w));
    expect(percentileFromBuckets(buckets, 0.5)).toBe(upper(50));
    expect(percentileFromBuckets(buckets, 0.9)).toBe(upper(90));
    expect(percentileFromBuckets(buckets, 1)).toBe(upper(1000));
    expect(percentileFromBuckets(new Map(), 0.5)).toBeNull();
  });

  it("splits premium by kind and month, a cancellation negative, every month present", () => {
    const table = premiumTable(
      ["2026-10", "2026-11"],
      [
        { month: "2026-11", measure: "NEW_BUSINESS", events: 2, premium: 250_000 },
        { month: "2026-11", measure: "ADJUSTMENT", events: 1, premium: -1_234 },
        { month: "2026-11", measure: "CANCELLATION", events: 1, premium: -90_000 },
        { month: "2026-10", measure: "RENEWAL", events: 1, premium: 100_001 },
      ],
    );
    expect(table.rows).toEqual([
      { month: "2026-10", newBusiness: 0, renewals: 100_001, adjustments: 0, cancellations: 0, total: 100_001 },
      {
        month: "2026-11",
        newBusiness: 250_000,
        renewals: 0,
        adjustments: -1_234,
        cancellations: -90_000,
        total: 158_766,
      },
    ]);
    expect(table.totals).toMatchObject({ month: "Total", total: 258_767 });
  });

  it("divides policies bound and referrals by quotes created, with no ratio for a month without quotes", () => {
    const table = quotesTable(
      ["2026-10", "2026-11"],
      [
        { month: "2026-11", measure: "CREATED", events: 8, premium: 0 },
        { month: "2026-11", measure: "REFERRED", events: 2, premium: 0 },
        { month: "2026-11", measure: "NEW_BUSINESS", events: 1, premium: 5 },
        { month: "2026-11", measure: "RENEWAL", events: 1, premium: 5 },
      ],
    );
    expect(table.rows[0]).toMatchObject({ created: 0, quoteToBind: null, referralRate: null });
    expect(table.rows[1]).toMatchObject({ created: 8, bound: 2, referred: 2, quoteToBind: 0.25, referralRate: 0.25 });
  });

  it("counts decisions and reads the waits of the month and of the whole range", () => {
    const table = decisionsTable(
      ["2026-11"],
      [{ month: "2026-11", measure: "DECIDED_APPROVED", events: 3, premium: 0 }],
      [
        { month: "2026-11", bucket: decisionBucketOf(60), decisions: 2 },
        { month: "2026-11", bucket: decisionBucketOf(600), decisions: 1 },
      ],
    );
    expect(table.rows[0]).toEqual({
      month: "2026-11",
      approved: 3,
      declined: 0,
      counter: 0,
      medianMinutes: decisionBucketUpperMinutes(decisionBucketOf(60)),
      p90Minutes: decisionBucketUpperMinutes(decisionBucketOf(600)),
    });
  });

  it("lists every band, and firms by premium with the brokers without a firm named", () => {
    const bands = turnoverBandsTable([{ turnoverBand: "500k_to_1m", measure: "NEW_BUSINESS", events: 1, premium: 9 }]);
    expect(bands.rows.map((row) => row.band)).toEqual([
      "Revenue up to £500k",
      "£500k – £1m",
      "£1m – £1.5m",
      "£1.5m to £2m",
    ]);
    const firms = firmsTable([
      { firmId: null, firmName: null, measure: "NEW_BUSINESS", events: 1, premium: 10 },
      { firmId: "f1", firmName: "Alder", measure: "NEW_BUSINESS", events: 1, premium: 50 },
      { firmId: "f1", firmName: "Alder", measure: "CREATED", events: 4, premium: 0 },
    ]);
    expect(firms.rows).toEqual([
      { firm: "Alder", created: 4, policies: 1, premium: 50, firmId: "f1" },
      { firm: "Brokers without a firm", created: 0, policies: 1, premium: 10, firmId: null },
    ]);
  });

  it("writes the CSV quoted and formula-safe, money in pounds, waits in hours", () => {
    const firms = firmsTable([
      { firmId: "x", firmName: '=HYPERLINK("x")', measure: "NEW_BUSINESS", events: 1, premium: -5 },
    ]);
    const lines = miCsv(firms)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe('"Firm","Quotes created","Policies bound","Gross written premium"');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",0,1,-0.05`);
    expect(lines[2]).toBe('"Total",0,1,-0.05');
    const waits = decisionsTable(["2026-11"], [], [{ month: "2026-11", bucket: decisionBucketOf(90), decisions: 1 }]);
    expect(miCsv(waits).split("\r\n")[1]).toBe(
      `"2026-11",0,0,0,${(decisionBucketUpperMinutes(decisionBucketOf(90)) / 60).toFixed(1)},${(decisionBucketUpperMinutes(decisionBucketOf(90)) / 60).toFixed(1)}`,
    );
  });
});
