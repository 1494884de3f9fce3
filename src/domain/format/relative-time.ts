/**
 * The dashboard's "Updated" column (SPEC.md §9): 'Just now' within the hour, then whole hours, then whole
 * days. `now` is passed in so the domain stays pure and tests are exact.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function formatRelativeTime(date: string | Date, now: Date): string {
  const elapsed = now.getTime() - new Date(date).getTime();
  // A clock a little ahead of ours, or an unparseable date, still reads as recent rather than "-1 hours ago".
  if (!Number.isFinite(elapsed) || elapsed < HOUR_MS) return "Just now";
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}
