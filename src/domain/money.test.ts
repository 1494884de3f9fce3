import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatGbp,
  formatGbpWhole,
  multiplyPence,
  parseMoneyString,
  penceToMoneyString,
  percentOf,
  poundsToPence,
  roundHalfUp,
} from "./money";
import { moneyStringSchema } from "./money-schema";

describe("money in integer pence", () => {
  it("rounds half-up to the penny, ignoring binary noise", () => {
    expect(roundHalfUp(172.49999999999997)).toBe(173);
    expect(roundHalfUp(0.5)).toBe(1);
    expect(roundHalfUp(0.49)).toBe(0);
    expect(roundHalfUp(-0.5)).toBe(-1);
    expect(poundsToPence(1.005)).toBe(101);
    expect(poundsToPence(1234.56)).toBe(123456);
    expect(multiplyPence(15000, 1.15)).toBe(17250);
    expect(multiplyPence(101, 0.85)).toBe(86); // 85.85 -> 86
    expect(percentOf(12500, 12)).toBe(1500);
    expect(percentOf(12345, 12)).toBe(1481); // 1481.4 -> 1481
    expect(percentOf(12375, 12)).toBe(1485); // 1485.0
    expect(percentOf(12379, 12)).toBe(1485); // 1485.48 -> 1485
    expect(percentOf(12371, 12)).toBe(1485); // 1484.52 -> 1485
  });

  it("refuses to round a non-finite amount", () => {
    expect(() => roundHalfUp(Number.NaN)).toThrow(RangeError);
    expect(() => roundHalfUp(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("formats en-GB GBP with two decimals", () => {
    expect(formatGbp(123456)).toBe("£1,234.56");
    expect(formatGbp(0)).toBe("£0.00");
    expect(formatGbp(-0)).toBe("£0.00");
    expect(formatGbp(-123456)).toBe("-£1,234.56");
    expect(formatGbp(48000)).toBe("£480.00");
    expect(formatGbp(100000000)).toBe("£1,000,000.00");
    expect(formatGbpWhole(25000000)).toBe("£250,000");
  });

  it("produces and parses the API's two-decimal strings", () => {
    expect(penceToMoneyString(123450)).toBe("1234.50");
    expect(penceToMoneyString(5)).toBe("0.05");
    expect(penceToMoneyString(-5)).toBe("-0.05");
    expect(parseMoneyString("1234.5")).toBe(123450);
    expect(parseMoneyString("1234.50")).toBe(123450);
    expect(parseMoneyString("1234")).toBe(123400);
    expect(parseMoneyString("0.07")).toBe(7);
    expect(parseMoneyString("1,234.50")).toBeNull();
    expect(parseMoneyString("12.345")).toBeNull();
    expect(parseMoneyString("abc")).toBeNull();
    expect(parseMoneyString("NaN")).toBeNull();
    expect(moneyStringSchema.safeParse("12.345").success).toBe(false);
    expect(moneyStringSchema.parse("99.99")).toBe(9999);
  });

  it("round-trips every amount through the API string exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => {
        expect(parseMoneyString(penceToMoneyString(pence))).toBe(pence);
      }),
    );
  });

  it("always yields whole pence, within half a penny of the exact product", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 500 }), (pence, hundredths) => {
        const result = multiplyPence(pence, hundredths / 100);
        expect(Number.isInteger(result)).toBe(true);
        // exact decimal product in hundredths of a penny
        const exact = pence * hundredths;
        expect(Math.abs(result * 100 - exact)).toBeLessThanOrEqual(50);
      }),
    );
  });
});

describe("roundHalfUp fast path", () => {
  it("agrees with decimal rounding at 15 significant digits for every amount", () => {
    const decimal = (x: number) => {
      const rounded = Math.floor(Number(Math.abs(x).toPrecision(15)) + 0.5);
      return x < 0 ? -rounded : rounded;
    };
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        expect(roundHalfUp(x)).toBe(decimal(x));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 300 }), (pence, hundredths) => {
        const x = (pence * hundredths) / 100;
        expect(roundHalfUp(x)).toBe(decimal(x));
      }),
      { numRuns: 20_000 },
    );
  });
});
