/**
 * Time from referral to decision is counted in buckets that grow by 10%: bucket 0 holds waits up to one minute,
 * bucket b > 0 waits over 1.1^(b-1) and up to 1.1^b minutes. The database computes the same bucket (migration
 * 0041), so a percentile read from the counts is at most 10% above the true wait, whatever its size.
 */
export const DECISION_BUCKET_GROWTH = 1.1;
export function decisionBucketOf(minutes: number): number {
  return minutes <= 1 ? 0 : Math.ceil(Math.log(minutes) / Math.log(DECISION_BUCKET_GROWTH));
}
/** The longest wait a bucket holds, in whole minutes (rounded up). */
export function decisionBucketUpperMinutes(bucket: number): number {
  return Math.ceil(DECISION_BUCKET_GROWTH ** bucket - 1e-9);
}

/**
 * The nearest-rank percentile (0 < p <= 1) of the waits counted in `buckets` (bucket -> decisions), as the upper
 * bound of the bucket holding it; null with no decisions.
 */
export function percentileFromBuckets(buckets: ReadonlyMap<number, number>, p: number): number | null {
  const total = [...buckets.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(bucket) ?? 0;
    if (seen >= rank) return decisionBucketUpperMinutes(bucket);
  }
  return null;
}
