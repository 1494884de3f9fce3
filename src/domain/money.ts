/**
 * Money is held in integer pence everywhere (ADR 0003). Pounds appear only at the edges:
 * the API's two-decimal strings ("1234.50") and the en-GB display ("£1,234.50").
 */

/** An integer number of pence. */
export type Pence = number;

/**
 * Rounds half away from zero ("half-up" for the non-negative amounts insurance uses) to an integer,
 * after shedding binary floating-point noise: 150 * 1.15 is 172.49999999999997 in a double but
 * 172.5 in decimal, and must round to 173.
 */
export function roundHalfUp(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round a non-finite amount: ${value}`);
  const abs = Math.abs(value);
  const floor = Math.floor(abs);
  const fraction = abs - floor;
  // Fast path: a fraction clearly away from one half cannot be tipped across it by binary noise, which is
  // below one part in 1e14 of the amount. Only near-halves take the decimal (15 significant digits) path.
  let rounded: number;
  if (Math.abs(fraction - 0.5) > Math.max(1, abs) * 1e-13) {
    rounded = fraction > 0.5 ? floor + 1 : floor;
  } else {
    rounded = Math.floor(Number(abs.toPrecision(15)) + 0.5);
  }
  return value < 0 ? -rounded : rounded;
}

/** Pounds (a decimal number such as 1234.5) to integer pence, rounded half-up to the penny. */
export function poundsToPence(pounds: number): Pence {
  return roundHalfUp(pounds * 100);
}

/** Integer pence to pounds as a number (for display arithmetic and charts only; never for sums). */
export function penceToPounds(pence: Pence): number {
  return pence / 100;
}

/** Multiplies an amount by a factor and rounds half-up to the penny (one rounding per line). */
export function multiplyPence(pence: Pence, factor: number): Pence {
  return roundHalfUp(pence * factor);
}

/** A percentage of an amount, rounded half-up to the penny: percentOf(10000, 12) = 1200. */
export function percentOf(pence: Pence, percent: number): Pence {
  return roundHalfUp((pence * percent) / 100);
}

export function sumPence(amounts: readonly Pence[]): Pence {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

const gbp = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** en-GB GBP with two decimals: 123456 -> "£1,234.56". The one way the product shows money. */
export function formatGbp(pence: Pence): string {
  // Nothing returned is £0.00, never "-£0.00": a negated zero (a return of nothing) reads as plain zero.
  return gbp.format(pence === 0 ? 0 : pence / 100);
}

const wholePounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/** Whole pounds for limits and options: 100000000 -> "£1,000,000". */
export function formatGbpWhole(pence: Pence): string {
  return wholePounds.format(pence / 100);
}

/** Integer pence to the API's two-decimal string: 123450 -> "1234.50", -5 -> "-0.05". */
export function penceToMoneyString(pence: Pence): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be a safe integer: ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100);
  const pennies = abs % 100;
  return `${sign}${pounds}.${pennies.toString().padStart(2, "0")}`;
}

const MONEY_STRING = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Parses the API's decimal money string ("1234.5", "1234.50", "1234") into pence exactly, with no
 * floating-point step. Returns null for anything else (thousand separators, three decimals, text).
 */
export function parseMoneyString(text: string): Pence | null {
  const match = MONEY_STRING.exec(text.trim());
  if (!match) return null;
  const [, minus, pounds = "0", fraction = ""] = match;
  const pence = Number(pounds) * 100 + Number(fraction.padEnd(2, "0"));
  return minus ? -pence : pence;
}
