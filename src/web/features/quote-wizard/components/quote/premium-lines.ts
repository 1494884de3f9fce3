import { type Pence, parseMoneyString, sumPence } from "@domain/money";
import type { Quote } from "@domain/quote/quote";

/** A premium as the Premium Calculation card shows it, in pence. */
export interface PremiumLines {
  basePremium: Pence;
  fees: { code: string; label: string; amount: Pence }[];
  subtotal: Pence;
  taxes: Pence;
  totalPremium: Pence;
}

function pence(amount: string | null | undefined): Pence | null {
  return amount ? parseMoneyString(amount) : null;
}

/** The stored premium of a quote; null before it has been rated. */
export function premiumLinesOf(quote: Quote | undefined): PremiumLines | null {
  if (!quote) return null;
  const basePremium = pence(quote.basePremium);
  const taxes = pence(quote.taxes);
  const totalPremium = pence(quote.totalPremium);
  if (basePremium === null || taxes === null || totalPremium === null) return null;
  const fees = quote.fees.map((fee) => ({ code: fee.code, label: fee.label, amount: pence(fee.amount) ?? 0 }));
  return {
    basePremium,
    fees,
    subtotal: basePremium + sumPence(fees.map((fee) => fee.amount)),
    taxes,
    totalPremium,
  };
}

/** The quote's own tax rate (taxes ÷ subtotal, percent), so an override is taxed like its rating. */
export function effectiveTaxPercent(lines: PremiumLines | null, fallbackPercent: number): number {
  if (!lines || lines.subtotal === 0) return fallbackPercent;
  return (lines.taxes / lines.subtotal) * 100;
}
