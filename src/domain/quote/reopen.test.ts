import { describe, expect, it } from "vitest";
import {
  changesRatingInput,
  editReopens,
  isReopenable,
  overrideReopens,
  type PricedQuote,
  ratingReopens,
  reopenReset,
} from "./reopen";
import { QUOTE_STATUSES, type QuoteStatus } from "./status";

const completed: PricedQuote = {
  productCode: "D/C-PI",
  inceptionDate: "2026-12-01",
  numberOfQualifiedStaff: 3,
  hasFinancialInterest: false,
  financialOverview: { turnover: 450_000, coverLimitAggregate: 1_000_000 },
  declaration: { previousClaims: false },
  contracts: { specialAreaDetails: null },
  turnoverBand: "up_to_500k",
  risk: { excessDiscount: "standard" },
};

function edited(change: Partial<PricedQuote>): PricedQuote {
  return { ...completed, ...change };
}

describe("which statuses a price change reopens", () => {
  it("sends QUOTED, REFERRED, UW_REQUESTED and UW_APPROVED back to DRAFT, and nothing else", () => {
    const reopenable = QUOTE_STATUSES.filter((status) => isReopenable(status));
    expect(reopenable).toEqual(["QUOTED", "REFERRED", "UW_REQUESTED", "UW_APPROVED"]);
  });
});

describe("whether an edit changes what the quote is rated on", () => {
  it("ignores an edit that leaves the rating input as it was", () => {
    expect(changesRatingInput(completed, edited({}))).toBe(false);
    // Still inside the chosen band: rated on the band's representative turnover either way.
    expect(
      changesRatingInput(
        completed,
        edited({ financialOverview: { turnover: 480_000, coverLimitAggregate: 1_000_000 } }),
      ),
    ).toBe(false);
    // Key order (as JSONB hands sections back) is not a change.
    expect(
      changesRatingInput(
        completed,
        edited({ financialOverview: { coverLimitAggregate: 1_000_000, turnover: 450_000 } }),
      ),
    ).toBe(false);
  });

  it("sees a change to a rated answer, a selection, the product or the inception date", () => {
    expect(
      changesRatingInput(
        completed,
        edited({ financialOverview: { turnover: 900_000, coverLimitAggregate: 1_000_000 } }),
      ),
    ).toBe(true);
    expect(changesRatingInput(completed, edited({ declaration: { previousClaims: true } }))).toBe(true);
    expect(changesRatingInput(completed, edited({ risk: { excessDiscount: "2x" } }))).toBe(true);
    expect(changesRatingInput(completed, edited({ turnoverBand: "1m_to_1_5m" }))).toBe(true);
    expect(changesRatingInput(completed, edited({ productCode: "PI001" }))).toBe(true);
    expect(changesRatingInput(completed, edited({ inceptionDate: "2027-01-01" }))).toBe(true);
  });
});

describe("which writes reopen", () => {
  const priceChange = edited({ declaration: { previousClaims: true } });

  it("reopens on an edit only when the status is reopenable and the price would change", () => {
    expect(editReopens("QUOTED", completed, priceChange)).toBe(true);
    expect(editReopens("UW_APPROVED", completed, priceChange)).toBe(true);
    expect(editReopens("QUOTED", completed, edited({}))).toBe(false);
    expect(editReopens("DRAFT", completed, priceChange)).toBe(false);
  });

  it("reopens on any override change of a reopenable quote", () => {
    const statuses: QuoteStatus[] = ["DRAFT", "QUOTED", "REFERRED", "UW_REQUESTED", "UW_APPROVED"];
    expect(statuses.map(overrideReopens)).toEqual([false, true, true, true, true]);
  });

  it("keeps a QUOTED quote re-rated to the same price with the same selections, and reopens any other", () => {
    const same = { selectionsChanged: false, samePremium: true };
    expect(ratingReopens("QUOTED", same)).toBe(false);
    expect(ratingReopens("QUOTED", { selectionsChanged: false, samePremium: false })).toBe(true);
    expect(ratingReopens("QUOTED", { selectionsChanged: true, samePremium: true })).toBe(true);
    expect(ratingReopens("UW_APPROVED", same)).toBe(true);
    expect(ratingReopens("REFERRED", same)).toBe(true);
    expect(ratingReopens("DRAFT", { selectionsChanged: true, samePremium: false })).toBe(false);
  });
});

describe("what a reopening resets", () => {
  it("returns to DRAFT, keeping the premium for display", () => {
    expect(reopenReset("QUOTED")).toEqual({ status: "DRAFT" });
    expect(reopenReset("REFERRED")).toEqual({ status: "DRAFT" });
  });

  it("clears an underwriter's approval, which no longer applies to the changed risk", () => {
    expect(reopenReset("UW_APPROVED")).toEqual({
      status: "DRAFT",
      decision: null,
      adjustmentMultiplier: null,
      uwNote: null,
      decidedAt: null,
      decidedBy: null,
    });
  });
});
