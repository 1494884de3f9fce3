import { formatAdjustment } from "@domain/format/counter-offer";
import type { Quote } from "@domain/quote/quote";
import { describe, expect, it } from "vitest";
import { finalPremiumPence } from "./review-panels";

const rated = {
  basePremium: "1000.00",
  fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: "25.00" }],
  taxes: "123.00",
} as Quote;

describe("premium summary of the review", () => {
  it("shows the adjustment as a signed whole percent", () => {
    expect(formatAdjustment(1.1)).toBe("+10%");
    expect(formatAdjustment(0.95)).toBe("-5%");
    expect(formatAdjustment(1)).toBe("0%");
  });

  it("works out the counter-offer premium with docs/product/rating.md's formula, by hand at 1.10", () => {
    // base 1,000.00 -> 1,100.00; tax rate 123 / 1,025 = 12%; tax (1,100 + 25) x 12% = 135.00; total 1,260.00.
    expect(finalPremiumPence(rated, 1.1)).toBe(126_000);
  });

  it("leaves the premium unchanged at 1.00, and has none before rating", () => {
    expect(finalPremiumPence(rated, 1)).toBe(114_800);
    expect(finalPremiumPence({ ...rated, basePremium: null } as Quote, 1.1)).toBeNull();
  });
});
