import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adjustmentPercent, counterOfferPremium } from "./counter-offer";
import { formatDateGb, formatDateTimeGb, todayInLondon } from "./dates";
import { excessAmount, excessFactor, toggleExcessOption } from "./excess";
import {
  documentPackageFileName,
  mailtoHref,
  quoteDocumentFileName,
  sanitiseFileName,
  underwritingEmailDraft,
} from "./file-names";
import { initials } from "./initials";
import { formatPercent, formatWholeNumber } from "./numbers";
import { formatRelativeTime } from "./relative-time";
import { representativeTurnover, turnoverBandFor } from "./turnover";

describe("relative time", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const HOUR = 3_600_000;

  it("reads 'Just now' under an hour", () => {
    expect(formatRelativeTime(now, now)).toBe("Just now");
    expect(formatRelativeTime(ago(HOUR - 1), now)).toBe("Just now");
  });

  it("counts whole hours under a day, singular for one", () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe("1 hour ago");
    expect(formatRelativeTime(ago(2 * HOUR - 1), now)).toBe("1 hour ago");
    expect(formatRelativeTime(ago(2 * HOUR), now)).toBe("2 hours ago");
    expect(formatRelativeTime(ago(24 * HOUR - 1), now)).toBe("23 hours ago");
  });

  it("counts whole days from a day, singular for one", () => {
    expect(formatRelativeTime(ago(24 * HOUR), now)).toBe("1 day ago");
    expect(formatRelativeTime(ago(48 * HOUR), now)).toBe("2 days ago");
    expect(formatRelativeTime("2026-10-23T12:00:00Z", now)).toBe("30 days ago");
  });

  it("reads a future or unparseable time as 'Just now'", () => {
    expect(formatRelativeTime(ago(-5 * HOUR), now)).toBe("Just now");
    expect(formatRelativeTime("garbage", now)).toBe("Just now");
  });
});

describe("turnover bands", () => {
  it("puts each threshold in the band below it", () => {
    expect(turnoverBandFor(499_999)).toBe("up_to_500k");
    expect(turnoverBandFor(500_000)).toBe("up_to_500k");
    expect(turnoverBandFor(500_001)).toBe("500k_to_1m");
    expect(turnoverBandFor(1_000_000)).toBe("500k_to_1m");
    expect(turnoverBandFor(1_000_001)).toBe("1m_to_1_5m");
    expect(turnoverBandFor(1_500_000)).toBe("1m_to_1_5m");
    expect(turnoverBandFor(1_500_001)).toBe("1_5m_to_2m");
    expect(turnoverBandFor(9_000_000)).toBe("1_5m_to_2m");
    expect(turnoverBandFor(0)).toBe("up_to_500k");
  });

  it("gives each band its representative turnover", () => {
    expect(representativeTurnover("up_to_500k")).toBe(400_000);
    expect(representativeTurnover("500k_to_1m")).toBe(750_000);
    expect(representativeTurnover("1m_to_1_5m")).toBe(1_250_000);
    expect(representativeTurnover("1_5m_to_2m")).toBe(1_750_000);
  });

  it("maps every representative value back to its own band", () => {
    for (const band of ["up_to_500k", "500k_to_1m", "1m_to_1_5m", "1_5m_to_2m"] as const) {
      expect(turnoverBandFor(representativeTurnover(band))).toBe(band);
    }
  });
});

describe("excess", () => {
  it("shows 1,000 up to £500,000 cover, 1,500 up to £1,000,000 and 2,500 above", () => {
    expect(excessAmount(250_000, "standard")).toBe(1_000);
    expect(excessAmount(500_000, "standard")).toBe(1_000);
    expect(excessAmount(500_001, "standard")).toBe(1_500);
    expect(excessAmount(1_000_000, "standard")).toBe(1_500);
    expect(excessAmount(1_000_001, "standard")).toBe(2_500);
    expect(excessAmount(5_000_000, "standard")).toBe(2_500);
  });

  it("multiplies by 2 or 5 for the larger excess options", () => {
    expect(excessAmount(1_000_000, "2x")).toBe(3_000);
    expect(excessAmount(1_000_000, "5x")).toBe(7_500);
    expect(excessAmount(2_000_000, "5x")).toBe(12_500);
  });

  it("discounts the base by 15% for 2x and 25% for 5x, and toggles back to standard", () => {
    expect([excessFactor("standard"), excessFactor("2x"), excessFactor("5x")]).toEqual([1, 0.85, 0.75]);
    expect(toggleExcessOption("standard", "2x")).toBe("2x");
    expect(toggleExcessOption("2x", "2x")).toBe("standard");
    expect(toggleExcessOption("2x", "5x")).toBe("5x");
  });
});

describe("counter-offer premium (docs/product/rating.md)", () => {
  it("works the 1.10 example by hand", () => {
    // base £1,000.00, fees £25.00, taxes £123.00: tax rate = 123 / 1025 = 12%.
    // adjusted base = £1,100.00; tax = 12% of (1,100 + 25) = £135.00; total = 1,100 + 25 + 135 = £1,260.00.
    expect(counterOfferPremium({ basePence: 100_000, feesPence: 2_500, taxesPence: 12_300, multiplier: 1.1 })).toEqual({
      basePremium: 110_000,
      fees: 2_500,
      taxes: 13_500,
      totalPremium: 126_000,
    });
  });

  it("rounds each line half-up to the penny", () => {
    // base £333.33 x 0.85 = 283.3305 -> £283.33; tax rate 40.00 / 358.33; tax on 308.33 = 34.4185... -> £34.42.
    expect(counterOfferPremium({ basePence: 33_333, feesPence: 2_500, taxesPence: 4_000, multiplier: 0.85 })).toEqual({
      basePremium: 28_333,
      fees: 2_500,
      taxes: 3_442,
      totalPremium: 34_275,
    });
  });

  it("charges no tax when the original premium had none", () => {
    expect(counterOfferPremium({ basePence: 0, feesPence: 0, taxesPence: 0, multiplier: 1.15 })).toEqual({
      basePremium: 0,
      fees: 0,
      taxes: 0,
      totalPremium: 0,
    });
  });

  it("refuses a non-positive or non-finite multiplier", () => {
    expect(() => counterOfferPremium({ basePence: 1, feesPence: 0, taxesPence: 0, multiplier: 0 })).toThrow(RangeError);
    expect(() => counterOfferPremium({ basePence: 1, feesPence: 0, taxesPence: 0, multiplier: Number.NaN })).toThrow(
      RangeError,
    );
  });

  const premium = fc.record({
    basePence: fc.integer({ min: 15_000, max: 50_000_000 }),
    feesPence: fc.integer({ min: 0, max: 1_000_000 }),
    taxPercent: fc.integer({ min: 0, max: 20 }),
  });
  const multiplier = fc.integer({ min: 85, max: 115 }).map((hundredths) => hundredths / 100);

  it("always totals base + fees + taxes to the penny", () => {
    fc.assert(
      fc.property(premium, multiplier, ({ basePence, feesPence, taxPercent }, m) => {
        const taxesPence = Math.round(((basePence + feesPence) * taxPercent) / 100);
        const result = counterOfferPremium({ basePence, feesPence, taxesPence, multiplier: m });
        expect(result.totalPremium).toBe(result.basePremium + result.fees + result.taxes);
        expect(Number.isInteger(result.basePremium) && Number.isInteger(result.taxes)).toBe(true);
      }),
    );
  });

  it("gives back the original premium at 1.00", () => {
    fc.assert(
      fc.property(premium, ({ basePence, feesPence, taxPercent }) => {
        const taxesPence = Math.round(((basePence + feesPence) * taxPercent) / 100);
        expect(counterOfferPremium({ basePence, feesPence, taxesPence, multiplier: 1 })).toEqual({
          basePremium: basePence,
          fees: feesPence,
          taxes: taxesPence,
          totalPremium: basePence + feesPence + taxesPence,
        });
      }),
    );
  });

  it("states the adjustment as a signed percent", () => {
    expect(adjustmentPercent(1.1)).toBe(10);
    expect(adjustmentPercent(0.85)).toBe(-15);
    expect(adjustmentPercent(1)).toBe(0);
  });
});

describe("names, numbers and dates", () => {
  it("takes the upper-cased first letter of each word as initials", () => {
    expect(initials("Ben Broker")).toBe("BB");
    expect(initials("  uma   de la underwriter ")).toBe("UDLU");
    expect(initials("ada")).toBe("A");
    expect(initials("")).toBe("");
    expect(initials("Łukasz Żak")).toBe("ŁŻ");
  });

  it("formats percentages and whole numbers en-GB", () => {
    expect(formatPercent(12.5)).toBe("12.5%");
    expect(formatPercent(100)).toBe("100%");
    expect(formatPercent(33.3333)).toBe("33.33%");
    expect(formatWholeNumber(1_250_000)).toBe("1,250,000");
  });

  it("gives today's date in London, which runs an hour ahead of UTC in summer", () => {
    expect(todayInLondon(new Date("2026-07-01T22:59:59Z"))).toBe("2026-07-01");
    expect(todayInLondon(new Date("2026-07-01T23:00:00Z"))).toBe("2026-07-02");
    expect(todayInLondon(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-31");
    expect(todayInLondon(new Date("2027-01-01T00:00:00Z"))).toBe("2027-01-01");
  });

  it("gives the same date as London's calendar for every minute of the days the clocks change, asked in any order", () => {
    const london = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
    const minutes: Date[] = [];
    for (const day of ["2026-03-28T12:00:00Z", "2026-10-24T12:00:00Z", "2027-03-27T12:00:00Z"]) {
      const from = new Date(day).getTime();
      for (let minute = 0; minute < 48 * 60; minute += 7) minutes.push(new Date(from + minute * 60_000));
    }
    // Forwards, then backwards, then alternating far apart: an answer kept from one hour must never serve another.
    const orders = [
      minutes,
      [...minutes].reverse(),
      minutes.flatMap((m, i) => [m, minutes[minutes.length - 1 - i] ?? m]),
    ];
    for (const order of orders) {
      for (const at of order) expect(todayInLondon(at), at.toISOString()).toBe(london.format(at));
    }
  });

  it("formats dates as DD/MM/YYYY without shifting calendar dates", () => {
    expect(formatDateGb("2026-11-22")).toBe("22/11/2026");
    expect(formatDateGb("2026-07-01T23:30:00Z")).toBe("02/07/2026");
    expect(formatDateGb(null)).toBe("");
    expect(formatDateGb("not a date")).toBe("");
    expect(formatDateTimeGb("2026-11-22T14:05:00Z")).toBe("22/11/2026, 14:05");
  });
});

describe("document package names and the underwriting e-mail", () => {
  it('replaces / \\ : * ? " < > | with hyphens', () => {
    expect(sanitiseFileName('a/b\\c:d*e?f"g<h>i|j')).toBe("a-b-c-d-e-f-g-h-i-j");
    expect(sanitiseFileName("Smith & Sons (Leeds) Ltd")).toBe("Smith & Sons (Leeds) Ltd");
  });

  it("names the zip '{proposer} Insurance Quote Documents.zip', made safe", () => {
    expect(documentPackageFileName("Acme Build Ltd")).toBe("Acme Build Ltd Insurance Quote Documents.zip");
    expect(documentPackageFileName("A/B Builders")).toBe("A-B Builders Insurance Quote Documents.zip");
    expect(quoteDocumentFileName("DCPI-000042", "statement-of-fact")).toBe("DCPI-000042-statement-of-fact.pdf");
  });

  it("drafts the e-mail with the product's subject, the included and the failed documents", () => {
    const draft = underwritingEmailDraft({
      mailbox: "underwriting@example.com",
      proposer: "Acme Build Ltd",
      reference: "DCPI-000042",
      included: ["Statement of Fact", "Policy Schedule"],
      failed: ["D&C Policy Wording"],
    });
    expect(draft.to).toBe("underwriting@example.com");
    expect(draft.subject).toBe("Professional Indemnity Quote - Acme Build Ltd (DCPI-000042)");
    expect(draft.body).toContain("approve");
    expect(draft.body).toContain("- Statement of Fact\n- Policy Schedule");
    expect(draft.body).toContain("could not be included:\n- D&C Policy Wording");
    expect(draft.body).toContain('attach the downloaded file "Acme Build Ltd Insurance Quote Documents.zip"');
  });

  it("leaves out the failed list when everything was included", () => {
    const draft = underwritingEmailDraft({
      mailbox: "u@example.com",
      proposer: "P",
      reference: "R",
      included: ["A"],
      failed: [],
    });
    expect(draft.body).not.toContain("could not be included");
  });

  it("encodes the draft as a mailto link", () => {
    const href = mailtoHref({ to: "underwriting@example.com", subject: "Quote - A&B (X)", body: "Line 1\nLine 2" });
    expect(href).toBe("mailto:underwriting@example.com?subject=Quote%20-%20A%26B%20(X)&body=Line%201%0D%0ALine%202");
  });
});
