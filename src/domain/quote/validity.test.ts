import { describe, expect, it } from "vitest";
import { describeQuoteValidity, isQuoteExpired, quoteValidUntil } from "./validity";

const RATED = "2026-10-01T10:00:00.000Z";

describe("quote validity", () => {
  it("runs for 30 days from the rating", () => {
    expect(quoteValidUntil({ ratedAt: RATED })?.toISOString()).toBe("2026-10-31T10:00:00.000Z");
    expect(quoteValidUntil({ ratedAt: new Date(RATED) })?.toISOString()).toBe("2026-10-31T10:00:00.000Z");
  });

  it("holds up to the last instant of the 30th day and expires just after", () => {
    expect(isQuoteExpired({ ratedAt: RATED }, new Date("2026-10-31T10:00:00.000Z"))).toBe(false);
    expect(isQuoteExpired({ ratedAt: RATED }, new Date("2026-10-31T10:00:00.001Z"))).toBe(true);
  });

  it("treats a quote never rated, or with an unreadable rating date, as expired", () => {
    expect(quoteValidUntil({ ratedAt: null })).toBeNull();
    expect(isQuoteExpired({ ratedAt: null }, new Date(RATED))).toBe(true);
    expect(isQuoteExpired({}, new Date(RATED))).toBe(true);
    expect(quoteValidUntil({ ratedAt: "not a date" })).toBeNull();
    expect(isQuoteExpired({ ratedAt: "not a date" }, new Date(RATED))).toBe(true);
  });

  it("tells brokers the date a completed quote is valid until, as an en-GB date in London", () => {
    // 23:30 UTC on 31 October is still 31/10 in London (GMT); in summer time the London date is the next day.
    expect(describeQuoteValidity({ status: "QUOTED", ratedAt: RATED }, new Date("2026-10-15T00:00:00Z"))).toEqual({
      state: "valid",
      validUntil: new Date("2026-10-31T10:00:00.000Z"),
      text: "Valid until 31/10/2026",
    });
    expect(
      describeQuoteValidity({ status: "QUOTED", ratedAt: "2026-06-01T23:30:00Z" }, new Date("2026-06-02T00:00:00Z"))
        ?.text,
    ).toBe("Valid until 02/07/2026");
  });

  it("says an expired completed quote must be re-rated", () => {
    expect(describeQuoteValidity({ status: "QUOTED", ratedAt: RATED }, new Date("2026-11-01T00:00:00Z"))).toEqual({
      state: "expired",
      validUntil: new Date("2026-10-31T10:00:00.000Z"),
      text: "Expired on 31/10/2026: re-rate before issue",
    });
  });

  it("shows no validity for quotes that are not completed offers", () => {
    for (const status of ["DRAFT", "REFERRED", "UW_REQUESTED", "UW_APPROVED", "UW_DECLINED", "ISSUED"]) {
      expect(describeQuoteValidity({ status, ratedAt: RATED }, new Date(RATED))).toBeNull();
    }
  });
});
