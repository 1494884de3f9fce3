/**
 * Band matching (ADR 0005). Bands are validated sorted and contiguous on whole numbers (200,000 then
 * 200,001), and each band reaches up to the next band's min: band i holds [min_i, min_{i+1}). The last band
 * holds [min, max], or [min, +inf) when open-ended. So a value in an integer gap (200,000.5) belongs to the
 * band below it, deterministically, and the only values outside every band are those below the first min
 * or above a closed last max.
 */

export interface Band {
  min: number;
  max: number | null;
}

export interface BandMatcher<T extends Band> {
  /** The band holding `value`, or undefined when it is outside every band (or not a finite number). */
  match(value: number): T | undefined;
  /** The position of the band holding `value` in the configured list, or -1 when it is outside every band. */
  matchIndex(value: number): number;
}

export function createBandMatcher<T extends Band>(bands: readonly T[]): BandMatcher<T> {
  const count = bands.length;
  const mins = bands.map((band) => band.min);
  const firstMin = mins[0] ?? Number.POSITIVE_INFINITY;
  const lastMax = bands[count - 1]?.max ?? Number.POSITIVE_INFINITY;
  function matchIndex(value: number): number {
    // NaN fails every comparison below, so it matches nothing rather than the first band.
    if (!(value >= firstMin) || !(value <= lastMax)) return -1;
    for (let index = 1; index < count; index++) {
      if (value < (mins[index] as number)) return index - 1;
    }
    return count - 1;
  }
  return {
    match(value) {
      const index = matchIndex(value);
      return index < 0 ? undefined : bands[index];
    },
    matchIndex,
  };
}

const grouped = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

/** "200,001–500,000", "500,001+", or "0" for a one-value band: how the breakdown names a matched band. */
export function formatBandLabel(band: Band): string {
  if (band.max === null) return `${grouped.format(band.min)}+`;
  if (band.max === band.min) return grouped.format(band.min);
  return `${grouped.format(band.min)}–${grouped.format(band.max)}`;
}
