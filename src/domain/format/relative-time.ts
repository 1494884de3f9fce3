/**
 * The dashboard's "Updated" column (docs/product/rating.md): 'Just now' within the hour, then whole hours, then whole
 * days. `now` is passed in so the domain stays pure and tests are exact.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Time since `date` in whole hours, then whole days; null within the hour (or for a date ahead of ours). */
export function elapsedWholeUnits(date: string | Date, now: Date): { count: number; unit: "hour" | "day" } | null {
  const elapsed = now.getTime() - new Date(date).getTime();
  // A clock a little ahead of ours, or an unparseable date, still reads as recent rather than "-1 hours ago".
  if (!Number.isFinite(elapsed) || elapsed < HOUR_MS) return null;
  if (elapsed < DAY_MS) return { count: Math.floor(elapsed / HOUR_MS), unit: "hour" };
  return { count: Math.floor(elapsed / DAY_MS), unit: "day" };
}

/** "3 hours", "1 day". */
export function formatElapsed(elapsed: { count: number; unit: "hour" | "day" }): string {
  return `${elapsed.count} ${elapsed.unit}${elapsed.count === 1 ? "" : "s"}`;
}

export function formatRelativeTime(date: string | Date, now: Date): string {
  const elapsed = elapsedWholeUnits(date, now);
  return elapsed ? `${formatElapsed(elapsed)} ago` : "Just now";
}
