/**
 * Impact analysis of a draft rating version, before an administrator publishes it: every stored quote is rated twice with the same
 * engine, once with the version it was rated with and once with the draft, and the pairs are summed up here:
 * how many premiums change and by how much (histograms of percentage and money change), how the referral
 * rate moves, and the quotes that move most. Pure: the server feeds pairs in slices and reads the summary.
 *
 * The comparison is between two ratings of the same stored input, so it isolates the configuration change:
 * an underwriter's counter offer or a manual override on the quote does not blur it.
 */
import { z } from "zod";
import { type Pence, penceToMoneyString } from "../money";
import type { CompiledRater } from "./compile";
import type { RatingInput } from "./input";

export { impactHeadline } from "./impact-headline";

/** One quote rated both ways. */
export interface ImpactSample {
  quoteId: string;
  reference: string;
  proposerName: string;
  /** With the version the quote was rated with. */
  before: ImpactRating;
  /** With the draft. */
  after: ImpactRating;
}

export interface ImpactRating {
  /** pence */
  totalPremium: Pence;
  referred: boolean;
}

/** Rates one stored input with the quote's own version and with the draft. */
export function rateBothWays(
  input: RatingInput,
  current: CompiledRater,
  draft: CompiledRater,
): { before: ImpactRating; after: ImpactRating } {
  const before = current.rate(input);
  const after = draft.rate(input);
  return {
    before: { totalPremium: before.totalPremium, referred: before.referralHits.length > 0 },
    after: { totalPremium: after.totalPremium, referred: after.referralHits.length > 0 },
  };
}

/**
 * A histogram band over a signed change: `below` is the exclusive upper edge, so each change lands in the
 * first band whose `below` is greater than it. The "No change" band holds exactly zero.
 */
export interface ChangeBand {
  label: string;
  /** exclusive upper edge; null for the open top band */
  below: number | null;
}

/** Percentage change of the total premium (after vs before). */
export const PERCENT_CHANGE_BANDS: readonly ChangeBand[] = [
  { label: "-20% or more", below: -20 + 1e-9 },
  { label: "-20% to -10%", below: -10 + 1e-9 },
  { label: "-10% to -5%", below: -5 + 1e-9 },
  { label: "-5% to 0%", below: 0 },
  { label: "No change", below: null },
  { label: "0% to +5%", below: 5 },
  { label: "+5% to +10%", below: 10 },
  { label: "+10% to +20%", below: 20 },
  { label: "+20% or more", below: null },
];

/** Money change of the total premium, in pence, with labels in pounds. */
export const MONEY_CHANGE_BANDS: readonly ChangeBand[] = [
  { label: "-£500 or more", below: -50_000 + 1 },
  { label: "-£500 to -£100", below: -10_000 + 1 },
  { label: "-£100 to -£10", below: -1_000 + 1 },
  { label: "-£10 to £0", below: 0 },
  { label: "No change", below: null },
  { label: "£0 to +£10", below: 1_000 },
  { label: "+£10 to +£100", below: 10_000 },
  { label: "+£100 to +£500", below: 50_000 },
  { label: "+£500 or more", below: null },
];

const NO_CHANGE_INDEX = 4;

/** Which band a non-zero change falls in (zero is "No change"). */
export function bandIndexFor(bands: readonly ChangeBand[], change: number): number {
  if (change === 0) return NO_CHANGE_INDEX;
  const start = change < 0 ? 0 : NO_CHANGE_INDEX + 1;
  const end = change < 0 ? NO_CHANGE_INDEX : bands.length - 1;
  for (let index = start; index < end; index++) {
    const below = bands[index]?.below;
    if (below !== null && below !== undefined && change < below) return index;
  }
  return end === NO_CHANGE_INDEX ? NO_CHANGE_INDEX - 1 : end;
}

/**
 * The change as a percentage of the old premium; a premium that was zero and is not any more counts as
 * +100% per pound would be meaningless, so it is reported as Infinity (top band) and shown as "new".
 */
export function percentChange(beforePence: Pence, afterPence: Pence): number {
  if (beforePence === afterPence) return 0;
  if (beforePence === 0) return afterPence > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  return ((afterPence - beforePence) / beforePence) * 100;
}

export interface ImpactMover {
  quoteId: string;
  reference: string;
  proposerName: string;
  before: ImpactRating;
  after: ImpactRating;
  /** pence, after - before */
  change: Pence;
  percentChange: number;
}

export interface ImpactSummary {
  quoteCount: number;
  changedCount: number;
  increasedCount: number;
  decreasedCount: number;
  /** pence */
  totalBefore: Pence;
  /** pence */
  totalAfter: Pence;
  percentBands: { label: string; count: number }[];
  moneyBands: { label: string; count: number }[];
  referredBefore: number;
  referredAfter: number;
  /** Quotes that did not refer and now would. */
  newlyReferred: number;
  /** Quotes that referred and no longer would. */
  noLongerReferred: number;
  /** The quotes whose premium moves most in money (either way), largest first. */
  topMovers: ImpactMover[];
}

export const DEFAULT_TOP_MOVERS = 20;

/** `a` moves more than `b`: larger money change, then larger percentage, then reference order (stable). */
function movesMore(a: ImpactMover, b: ImpactMover): boolean {
  const byMoney = Math.abs(a.change) - Math.abs(b.change);
  if (byMoney !== 0) return byMoney > 0;
  const byPercent = Math.abs(a.percentChange) - Math.abs(b.percentChange);
  if (byPercent !== 0) return byPercent > 0;
  return a.reference < b.reference;
}

/** Adds samples one at a time (in slices, between which the server yields) and summarises them at the end. */
export interface ImpactAccumulator {
  add(sample: ImpactSample): void;
  readonly count: number;
  summary(): ImpactSummary;
}

export function createImpactAccumulator(options: { topMovers?: number } = {}): ImpactAccumulator {
  const topLimit = options.topMovers ?? DEFAULT_TOP_MOVERS;
  const percentCounts = new Array<number>(PERCENT_CHANGE_BANDS.length).fill(0);
  const moneyCounts = new Array<number>(MONEY_CHANGE_BANDS.length).fill(0);
  const top: ImpactMover[] = [];
  let quoteCount = 0;
  let increasedCount = 0;
  let decreasedCount = 0;
  let totalBefore = 0;
  let totalAfter = 0;
  let referredBefore = 0;
  let referredAfter = 0;
  let newlyReferred = 0;
  let noLongerReferred = 0;

  function keepIfTop(mover: ImpactMover): void {
    // Kept sorted, largest move first; a bounded insertion is cheap for a few dozen entries.
    if (top.length === topLimit && !movesMore(mover, top[top.length - 1] as ImpactMover)) return;
    let index = top.length;
    while (index > 0 && movesMore(mover, top[index - 1] as ImpactMover)) index--;
    top.splice(index, 0, mover);
    if (top.length > topLimit) top.pop();
  }

  return {
    get count() {
      return quoteCount;
    },
    add(sample) {
      const { before, after } = sample;
      const change = after.totalPremium - before.totalPremium;
      const percent = percentChange(before.totalPremium, after.totalPremium);
      quoteCount++;
      totalBefore += before.totalPremium;
      totalAfter += after.totalPremium;
      if (change > 0) increasedCount++;
      else if (change < 0) decreasedCount++;
      const percentBand = bandIndexFor(PERCENT_CHANGE_BANDS, percent);
      const moneyBand = bandIndexFor(MONEY_CHANGE_BANDS, change);
      percentCounts[percentBand] = (percentCounts[percentBand] ?? 0) + 1;
      moneyCounts[moneyBand] = (moneyCounts[moneyBand] ?? 0) + 1;
      if (before.referred) referredBefore++;
      if (after.referred) referredAfter++;
      if (!before.referred && after.referred) newlyReferred++;
      if (before.referred && !after.referred) noLongerReferred++;
      if (change !== 0 && topLimit > 0) {
        keepIfTop({
          quoteId: sample.quoteId,
          reference: sample.reference,
          proposerName: sample.proposerName,
          before,
          after,
          change,
          percentChange: percent,
        });
      }
    },
    summary() {
      return {
        quoteCount,
        changedCount: increasedCount + decreasedCount,
        increasedCount,
        decreasedCount,
        totalBefore,
        totalAfter,
        percentBands: PERCENT_CHANGE_BANDS.map((band, i) => ({ label: band.label, count: percentCounts[i] ?? 0 })),
        moneyBands: MONEY_CHANGE_BANDS.map((band, i) => ({ label: band.label, count: moneyCounts[i] ?? 0 })),
        referredBefore,
        referredAfter,
        newlyReferred,
        noLongerReferred,
        topMovers: top.map((mover) => ({ ...mover })),
      };
    },
  };
}

export function summariseImpact(samples: Iterable<ImpactSample>, options: { topMovers?: number } = {}): ImpactSummary {
  const accumulator = createImpactAccumulator(options);
  for (const sample of samples) accumulator.add(sample);
  return accumulator.summary();
}

/** A share as a percentage with two decimals (0 when there is nothing to share). */
export function rateOf(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 10_000) / 100;
}

// ---- The API's shape (docs/product/errors.md: money as two-decimal strings) ----

const moneyString = z.string();
const bandCounts = z.array(z.object({ label: z.string(), count: z.number().int().min(0) }));
const ratingSide = z.object({ totalPremium: moneyString, referred: z.boolean() });

export const impactReportSchema = z.object({
  quoteCount: z.number().int().min(0),
  changedCount: z.number().int().min(0),
  increasedCount: z.number().int().min(0),
  decreasedCount: z.number().int().min(0),
  totalBefore: moneyString,
  totalAfter: moneyString,
  totalChange: moneyString,
  percentBands: bandCounts,
  moneyBands: bandCounts,
  referral: z.object({
    before: z.number().int().min(0),
    after: z.number().int().min(0),
    rateBefore: z.number(),
    rateAfter: z.number(),
    newlyReferred: z.number().int().min(0),
    noLongerReferred: z.number().int().min(0),
  }),
  topMovers: z.array(
    z.object({
      quoteId: z.string(),
      reference: z.string(),
      proposerName: z.string(),
      before: ratingSide,
      after: ratingSide,
      change: moneyString,
      /** null when the old premium was zero (no percentage can be given) */
      percentChange: z.number().nullable(),
    }),
  ),
});
export type ImpactReport = z.infer<typeof impactReportSchema>;

/** The summary as the API answers it. */
export function toImpactReport(summary: ImpactSummary): ImpactReport {
  const side = (rating: ImpactRating) => ({
    totalPremium: penceToMoneyString(rating.totalPremium),
    referred: rating.referred,
  });
  return {
    quoteCount: summary.quoteCount,
    changedCount: summary.changedCount,
    increasedCount: summary.increasedCount,
    decreasedCount: summary.decreasedCount,
    totalBefore: penceToMoneyString(summary.totalBefore),
    totalAfter: penceToMoneyString(summary.totalAfter),
    totalChange: penceToMoneyString(summary.totalAfter - summary.totalBefore),
    percentBands: summary.percentBands,
    moneyBands: summary.moneyBands,
    referral: {
      before: summary.referredBefore,
      after: summary.referredAfter,
      rateBefore: rateOf(summary.referredBefore, summary.quoteCount),
      rateAfter: rateOf(summary.referredAfter, summary.quoteCount),
      newlyReferred: summary.newlyReferred,
      noLongerReferred: summary.noLongerReferred,
    },
    topMovers: summary.topMovers.map((mover) => ({
      quoteId: mover.quoteId,
      reference: mover.reference,
      proposerName: mover.proposerName,
      before: side(mover.before),
      after: side(mover.after),
      change: penceToMoneyString(mover.change),
      percentChange: Number.isFinite(mover.percentChange) ? Math.round(mover.percentChange * 100) / 100 : null,
    })),
  };
}

/** How far a job has come and, once done, what it found (the job endpoint's answer). */
export const impactJobSchema = z.object({
  id: z.string(),
  ratingVersionId: z.string(),
  status: z.enum(["running", "completed", "failed"]),
  /** Quotes rated both ways so far. */
  processed: z.number().int().min(0),
  /** Quotes in scope (rated in the last 12 months, at most the limit). */
  total: z.number().int().min(0),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  elapsedMs: z.number().min(0),
  error: z.string().nullable(),
  report: impactReportSchema.nullable(),
});
export type ImpactJob = z.infer<typeof impactJobSchema>;

/** At most this many stored quotes are re-rated (the most recently rated first). */
export const IMPACT_QUOTE_LIMIT = 100_000;
/** Quotes rated within this many months are in scope. */
export const IMPACT_LOOKBACK_MONTHS = 12;
