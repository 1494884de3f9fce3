import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bordereauLine, bordereauMonthOptions, bordereauTotals, postcodeOf, previousBordereauMonth } from "./bordereau";
import { SAMPLE_ISSUED_POLICY } from "./bordereau.fixture";
import { bordereauQuerySchema } from "./bordereau-query";

describe("the monthly bordereau", () => {
  it("reads the last UK postcode of an address, upper-cased and spaced", () => {
    expect(postcodeOf("Unit 4, Mill Lane, Leeds, ls1 4ap")).toBe("LS1 4AP");
    expect(postcodeOf("1 Strand, London WC2N5DN")).toBe("WC2N 5DN");
    expect(postcodeOf("No postcode here")).toBe("");
    expect(postcodeOf(null)).toBe("");
  });

  it("reports the day before the anniversary as the expiry, and the excess of the rated option", () => {
    const line = bordereauLine(SAMPLE_ISSUED_POLICY);
    expect(line.inceptionDate).toBe("2028-02-29");
    expect(line.expiryDate).toBe("2029-02-28");
    expect(line.coverLimit).toBe(100_000_000);
    expect(line.excess).toBe(300_000);
    expect(line.issuedAt).toBe("2026-11-03T09:15:00.000Z");
    expect(line).toMatchObject({ transactionType: "New business", effectiveDate: "2028-02-29" });
  });

  it("reports the retroactive date as a date, the inception date for a firm with no prior cover, or None", () => {
    expect(bordereauLine(SAMPLE_ISSUED_POLICY).retroactiveDate).toBe("2019-04-01");
    const inception = { retroactiveCover: "INCEPTION" } as const;
    expect(bordereauLine({ ...SAMPLE_ISSUED_POLICY, retroactiveCover: inception }).retroactiveDate).toBe("2028-02-29");
    const unlimited = { retroactiveCover: "NONE" } as const;
    expect(bordereauLine({ ...SAMPLE_ISSUED_POLICY, retroactiveCover: unlimited }).retroactiveDate).toBe("None");
    // A policy issued before the question was asked had unlimited retroactive cover.
    expect(bordereauLine({ ...SAMPLE_ISSUED_POLICY, retroactiveCover: null }).retroactiveDate).toBe("None");
  });

  it("reports a run-off policy's issue as run-off, with its period and the expiry at its end", () => {
    const line = bordereauLine({ ...SAMPLE_ISSUED_POLICY, runOffYears: 6 });
    expect(line).toMatchObject({ transactionType: "Run-off", runOffPeriod: "6 years", expiryDate: "2034-02-28" });
    expect(bordereauLine(SAMPLE_ISSUED_POLICY)).toMatchObject({ transactionType: "New business", runOffPeriod: "" });
  });

  it("totals the premium lines exactly, netting returns against charges, and counts the transactions", () => {
    const lines = [
      bordereauLine(SAMPLE_ISSUED_POLICY),
      bordereauLine({ ...SAMPLE_ISSUED_POLICY, basePremium: 1, fees: 2, taxes: 3, totalPremium: 6 }),
      bordereauLine({
        ...SAMPLE_ISSUED_POLICY,
        kind: "CANCELLATION",
        effectiveDate: "2028-06-01",
        basePremium: -100_000,
        fees: 0,
        taxes: -12_000,
        totalPremium: -112_000,
      }),
    ];
    expect(lines[2]).toMatchObject({
      transactionType: "Cancellation",
      effectiveDate: "2028-06-01",
      grossPremium: -112_000,
    });
    const totals = bordereauTotals(lines);
    expect(totals).toMatchObject({ basePremium: 23_457, fees: 5_002, ipt: 3_418, grossPremium: 31_877 });
    // 12.5% of each line's premium before IPT: £1,284.56 gives £160.57, 3p gives 0p, the £1,000 return £125 back.
    expect(lines.map((line) => line.commission)).toEqual([16_057, 0, -12_500]);
    expect(totals).toMatchObject({ commission: 3_557, netPremium: 28_320, commissionRate: "" });
    expect((totals.commission as number) + (totals.netPremium as number)).toBe(totals.grossPremium);
    expect(totals.quoteReference).toBe("3 transactions");
    expect(bordereauTotals([])).toMatchObject({
      basePremium: 0,
      fees: 0,
      ipt: 0,
      grossPremium: 0,
      commission: 0,
      netPremium: 0,
      quoteReference: "0 transactions",
    });
  });

  it("reports each transaction's commission at its policy's rate, and a policy with no firm as remitting it all", () => {
    expect(bordereauLine(SAMPLE_ISSUED_POLICY)).toMatchObject({
      commissionRate: 1250,
      commission: 16_057,
      netPremium: 143_871 - 16_057,
    });
    expect(bordereauLine({ ...SAMPLE_ISSUED_POLICY, commissionRateBasisPoints: null })).toMatchObject({
      commissionRate: "",
      commission: 0,
      netPremium: 143_871,
    });
  });

  it("totals agree to the penny with the lines, whatever the rates and returns", () => {
    const transaction = fc.record({
      basePremium: fc.integer({ min: -500_000, max: 500_000 }),
      fees: fc.integer({ min: 0, max: 10_000 }),
      rate: fc.option(fc.integer({ min: 0, max: 4000 })),
    });
    fc.assert(
      fc.property(fc.array(transaction, { maxLength: 30 }), (transactions) => {
        const lines = transactions.map(({ basePremium, fees, rate }) => {
          const taxes = Math.round((basePremium + fees) * 0.12);
          const totalPremium = basePremium + fees + taxes;
          return bordereauLine({
            ...SAMPLE_ISSUED_POLICY,
            basePremium,
            fees,
            taxes,
            totalPremium,
            commissionRateBasisPoints: rate,
          });
        });
        const totals = bordereauTotals(lines);
        for (const column of ["commission", "netPremium", "grossPremium"] as const) {
          expect(totals[column]).toBe(lines.reduce((sum, line) => sum + (line[column] as number), 0));
        }
        expect((totals.commission as number) + (totals.netPremium as number)).toBe(totals.grossPremium);
      }),
    );
  });

  it("accepts a calendar month and refuses anything else with one clear message", () => {
    expect(bordereauQuerySchema.parse({ month: "2026-11" })).toEqual({ month: "2026-11", format: "csv" });
    for (const month of ["2026-13", "2026-1", "26-11", "1999-12", "2026-11-01"]) {
      const result = bordereauQuerySchema.safeParse({ month });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "Month must be a calendar month written as YYYY-MM, such as 2026-11",
      );
    }
    expect(bordereauQuerySchema.safeParse({ month: "2026-11", format: "pdf" }).error?.issues[0]?.message).toBe(
      "Format must be csv or xlsx",
    );
  });
});

describe("the months offered", () => {
  it("lists this month (so far) and the ones before it, newest first, across a year end", () => {
    expect(bordereauMonthOptions("2027-01-05", 3)).toEqual([
      { value: "2027-01", label: "January 2027 (so far)" },
      { value: "2026-12", label: "December 2026" },
      { value: "2026-11", label: "November 2026" },
    ]);
    expect(previousBordereauMonth("2027-01-31")).toBe("2026-12");
    expect(previousBordereauMonth("2026-03-31")).toBe("2026-02");
  });
});
