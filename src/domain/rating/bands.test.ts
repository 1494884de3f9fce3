import { describe, expect, it } from "vitest";
import { createBandMatcher, formatBandLabel } from "./bands";

const bands = [
  { min: 0, max: 200_000, id: "low" },
  { min: 200_001, max: 500_000, id: "mid" },
  { min: 500_001, max: null, id: "high" },
];

describe("band matching: band i holds [min_i, min_i+1), the last [min, max]", () => {
  const matcher = createBandMatcher(bands);

  it.each([
    [0, "low"],
    [200_000, "low"],
    [200_000.5, "low"],
    [200_001, "mid"],
    [500_000.99, "mid"],
    [500_001, "high"],
    [Number.MAX_SAFE_INTEGER, "high"],
  ])("puts %d in the %s band", (value, id) => {
    expect(matcher.match(value)?.id).toBe(id);
  });

  it("matches nothing below the first band, above a closed last band, or for NaN", () => {
    expect(matcher.match(-0.01)).toBeUndefined();
    expect(matcher.match(Number.NaN)).toBeUndefined();
    const closed = createBandMatcher([{ min: 1, max: 10 }]);
    expect(closed.match(10)).toEqual({ min: 1, max: 10 });
    expect(closed.match(10.01)).toBeUndefined();
  });
});

describe("band labels in the breakdown", () => {
  it.each([
    [{ min: 200_001, max: 500_000 }, "200,001–500,000"],
    [{ min: 500_001, max: null }, "500,001+"],
    [{ min: 0, max: 0 }, "0"],
    [{ min: 0.5, max: 1.25 }, "0.5–1.25"],
  ])("labels %o as %s", (band, label) => {
    expect(formatBandLabel(band)).toBe(label);
  });
});
