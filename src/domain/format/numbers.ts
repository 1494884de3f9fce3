/**
 * Percent and count formatting for en-GB screens and documents. Money has its own formatter in money.ts.
 */
const percentFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });
const wholeNumberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** 12.5 -> "12.5%", 100 -> "100%", 33.333 -> "33.33%". */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** Thousand separators for amounts typed as whole pounds (docs/product/screens.md step 2): 1250000 -> "1,250,000". */
export function formatWholeNumber(value: number): string {
  return wholeNumberFormat.format(value);
}
