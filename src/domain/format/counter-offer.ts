/**
 * The underwriter's counter offer (docs/product/rating.md): the base premium is scaled by the multiplier, fees stay,
 * and tax is charged at the quote's own effective rate (taxes ÷ (base + fees)) on the new subtotal.
 * Integer pence in and out; each line is rounded half-up to the penny once.
 */
import { type Pence, roundHalfUp } from "../money";

export type PremiumLines = { basePremium: Pence; fees: Pence; taxes: Pence; totalPremium: Pence };

export function counterOfferPremium(input: {
  basePence: Pence;
  feesPence: Pence;
  taxesPence: Pence;
  multiplier: number;
}): PremiumLines {
  const { basePence, feesPence, taxesPence, multiplier } = input;
  if (!Number.isFinite(multiplier) || multiplier <= 0) {
    throw new RangeError(`A counter-offer multiplier must be a positive number: ${multiplier}`);
  }
  const basePremium = roundHalfUp(basePence * multiplier);
  const originalSubtotal = basePence + feesPence;
  // Multiply before dividing so that an unchanged subtotal gives back exactly the original tax.
  const taxes = originalSubtotal === 0 ? 0 : roundHalfUp(((basePremium + feesPence) * taxesPence) / originalSubtotal);
  return { basePremium, fees: feesPence, taxes, totalPremium: basePremium + feesPence + taxes };
}

/** The adjustment as a signed whole percent for the premium summary: 1.10 -> 10, 0.85 -> -15. */
export function adjustmentPercent(multiplier: number): number {
  return Math.round((multiplier - 1) * 100);
}

/** The adjustment as printed and shown: "+10%", "-5%", "0%". */
export function formatAdjustment(multiplier: number): string {
  const percent = adjustmentPercent(multiplier);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}
