/**
 * Plain checks on answers: blank text, a percentage, percentages that total 100. No zod here (ADR 0056):
 * step 7 and the dashboard judge stored quotes with them without loading the schemas in validation.ts.
 */
import { PERCENT_MAX, PERCENT_MIN, PERCENT_SUM_TOLERANCE } from "./constants";

/** A number usable as a percentage: finite and within 0..100. */
export function isPercent(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= PERCENT_MIN && value <= PERCENT_MAX;
}

/** True when a set of percentages totals 100 within docs/product/rating.md's tolerance of 0.01. */
export function totalsOneHundred(values: readonly number[]): boolean {
  return Math.abs(sumPercent(values) - 100) <= PERCENT_SUM_TOLERANCE + Number.EPSILON * 100;
}

/** Sum of percentages, rounded to 6 decimals so 33.3 + 33.3 + 33.4 reads as 100 and not 99.99999999999999. */
export function sumPercent(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += Number.isFinite(value) ? value : 0;
  return Math.round(total * 1e6) / 1e6;
}

/** Blank means missing, whitespace-only or null/undefined. */
export function isBlank(text: string | null | undefined): boolean {
  return text === null || text === undefined || text.trim() === "";
}
