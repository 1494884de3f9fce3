/**
 * Backdated cover (docs/product/rating.md "Backdated inception"): a policy whose inception date lies more than the
 * rating configuration's `backdating.maxDaysPast` days before today (Europe/London) is referred to an underwriter,
 * because cover starting in the past may already have a claim behind it. The server judges it with its own today
 * when it rates, completes and issues; step 1 warns with the same rule and words.
 */
import type { ReferralHit } from "./quote";

/** What a configuration without a `backdating` part takes (every version published before the rule). */
export const DEFAULT_BACKDATING = { maxDaysPast: 14 } as const;

export const BACKDATED_INCEPTION_CODE = "BACKDATED_INCEPTION";

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function gbDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** Whole days from the inception date back to today: 0 on the day, negative for a future inception. */
export function daysInThePast(inceptionDate: string, today: string): number {
  return dayNumber(today) - dayNumber(inceptionDate);
}

/** The reason a backdated inception is referred ("Inception date 01/10/2026 is more than 14 days in the past"). */
export function backdatedInceptionReason(inceptionDate: string, maxDaysPast: number): string {
  return `Inception date ${gbDate(inceptionDate)} is more than ${maxDaysPast} days in the past`;
}

/** The referral hit of an inception more than `maxDaysPast` days before today, or null. */
export function backdatedInceptionHit(
  inceptionDate: string | null | undefined,
  today: string,
  maxDaysPast: number = DEFAULT_BACKDATING.maxDaysPast,
): ReferralHit | null {
  if (!inceptionDate || daysInThePast(inceptionDate, today) <= maxDaysPast) return null;
  return { code: BACKDATED_INCEPTION_CODE, description: backdatedInceptionReason(inceptionDate, maxDaysPast) };
}

/**
 * A rating with the backdated inception's hit joined to the rule hits (and so referring), as every rating of a stored
 * quote and every cell of its options grid is judged on the day it is made.
 */
export function withBackdatedInception<T extends { readonly referralHits: readonly ReferralHit[] }>(
  rated: T,
  inceptionDate: string | null | undefined,
  today: string,
  maxDaysPast: number,
): T {
  const backdated = backdatedInceptionHit(inceptionDate, today, maxDaysPast);
  return backdated ? { ...rated, referralHits: [...rated.referralHits, backdated] } : rated;
}

/** Step 1's warning under the inception date, in the same words as the rule. */
export function backdatedInceptionWarning(maxDaysPast: number = DEFAULT_BACKDATING.maxDaysPast): string {
  return `This date is more than ${maxDaysPast} days in the past: the quote will be referred to an underwriter`;
}
