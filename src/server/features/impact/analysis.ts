/**
 * Re-rates the stored quotes of the last 12 months (the most recently rated first, up to 100,000) with a
 * draft rating version and with the version each quote was rated with, and sums up the difference with the
 * domain's accumulator (ADR 0025).
 *
 * Each quote's rating input is the one stored with its rating, so both ratings price exactly what the broker
 * was quoted on. It is read from the narrow table of rating inputs the database keeps with every rating
 * (ADR 0037), not from the rating result itself. The work goes in pages read by keyset (rated_at, id) and
 * rated in slices, yielding to the event loop between slices: other requests are never held up for more
 * than one slice or one page query.
 */
import { and, eq, gte, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { CompiledRater } from "../../../domain/rating/compile";
import {
  createImpactAccumulator,
  IMPACT_LOOKBACK_MONTHS,
  IMPACT_QUOTE_LIMIT,
  type ImpactRating,
  type ImpactSummary,
  rateBothWays,
} from "../../../domain/rating/impact";
import { defaultRatingInput, ratingInputFromStoredValues } from "../../../domain/rating/input";
import type { Database } from "../../db/client";
import { quoteRatingInputs, quotes, type RatingVersionRow, ratingVersions } from "../../db/schema";
import { compiledRaterFor } from "../rating-versions/effective-service";

export interface ImpactProgress {
  processed: number;
  total: number;
}

export interface AnalyseImpactOptions {
  draft: RatingVersionRow;
  now: Date;
  /** At most this many quotes (default 100,000). */
  limit?: number;
  /** Rows read per query. */
  pageSize?: number;
  /** Quotes rated between two yields to the event loop. */
  sliceSize?: number;
  onProgress?: (progress: ImpactProgress) => void;
  /** Checked between slices: an aborted analysis stops with the signal's reason. */
  signal?: AbortSignal;
}

/** The start of the look-back window: the same instant 12 calendar months earlier. */
export function impactWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - IMPACT_LOOKBACK_MONTHS);
  return start;
}

/** Distinct (version, inputs) ratings kept for reuse during one analysis: bounded, whatever the book. */
const MAX_REMEMBERED_RATINGS = 200_000;

/** One quote of a page: the fields of its line in the page's text. */
interface ImpactRow {
  id: string;
  reference: string;
  ratedAt: string;
  ratingVersionId: string;
  /** JSON array of the rating input's values in the domain's RATING_INPUT_STORED_ORDER */
  inputs: string;
}

/**
 * A page as the database sends it: one text, a line per quote in the analysis's order, fields separated by
 * tabs (id, reference, rated_at, rating version, inputs). One value instead of thousands of rows: on PGlite
 * turning each row into an object cost four times the query itself. No field can hold a tab or a line break
 * (uuids, references, timestamps, and JSON, which escapes both).
 */
function parsePage(text: string | null): ImpactRow[] {
  if (!text) return [];
  return text.split("\n").map((line) => {
    const a = line.indexOf("\t");
    const b = line.indexOf("\t", a + 1);
    const c = line.indexOf("\t", b + 1);
    const d = line.indexOf("\t", c + 1);
    return {
      id: line.slice(0, a),
      reference: line.slice(a + 1, b),
      ratedAt: line.slice(b + 1, c),
      ratingVersionId: line.slice(c + 1, d),
      inputs: line.slice(d + 1),
    };
  });
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function inScope(productCode: string, since: Date): SQL | undefined {
  return and(eq(quoteRatingInputs.productCode, productCode), gte(quoteRatingInputs.ratedAt, since));
}

/**
 * A position in the analysis's order (rated_at desc, id desc). rated_at is kept as the database's own text,
 * so microseconds survive the round trip.
 */
interface ScopeCursor {
  ratedAt: string;
  id: string;
}

/** The keyset condition "after the cursor" on the given columns, or nothing before the first page. */
function afterCursor(cursor: ScopeCursor | null, ratedAt: SQLWrapper, id: SQLWrapper): SQL {
  return cursor ? sql`and (${ratedAt}, ${id}) < (${cursor.ratedAt}::timestamptz, ${cursor.id}::uuid)` : sql``;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Quotes counted per query when sizing the analysis: one query reads at most this many index entries. */
const COUNT_CHUNK = 5_000;

/**
 * How many quotes the analysis will rate: the in-scope count, capped at the limit. Counted in keyset chunks
 * in the analysis's own order, so no single query walks the whole scope: on PGlite a query runs on the
 * server's thread, and one count over 100,000 quotes held every other request up for a quarter of a second.
 */
export async function countImpactScope(
  db: Database,
  productCode: string,
  since: Date,
  limit: number,
  chunk = COUNT_CHUNK,
): Promise<number> {
  let counted = 0;
  let cursor: ScopeCursor | null = null;
  while (counted < limit) {
    const take = Math.min(chunk, limit - counted);
    const after = afterCursor(cursor, quoteRatingInputs.ratedAt, quoteRatingInputs.quoteId);
    // The last quote of a full chunk, if the chunk is full: it is where the next chunk starts.
    const result = await db.execute(sql`
      select ${quoteRatingInputs.ratedAt}::text as rated_at, ${quoteRatingInputs.quoteId} as id
      from ${quoteRatingInputs}
      where ${inScope(productCode, since)} ${after}
      order by ${quoteRatingInputs.ratedAt} desc, ${quoteRatingInputs.quoteId} desc
      offset ${take - 1} limit 1`);
    const [last] = rowsOf<{ rated_at: string; id: string }>(result);
    if (last) {
      counted += take;
      cursor = { ratedAt: last.rated_at, id: last.id };
      // On PGlite the next chunk would run in this same turn of the event loop: let other requests in first.
      await yieldToEventLoop();
      continue;
    }
    // A partial last chunk: count what is left of it (fewer than `take` rows).
    const rest = await db.execute(sql`
      select cast(count(*) as integer) as n from (
        select 1 from ${quoteRatingInputs} where ${inScope(productCode, since)} ${after} limit ${take}) as remaining`);
    const [row] = rowsOf<{ n: number }>(rest);
    return counted + Number(row?.n ?? 0);
  }
  return counted;
}

export async function analyseRatingImpact(db: Database, options: AnalyseImpactOptions): Promise<ImpactSummary> {
  const { draft, now, signal } = options;
  const limit = options.limit ?? IMPACT_QUOTE_LIMIT;
  // Pages of compact inputs (a few hundred bytes each): large enough that 100,000 quotes take a score of
  // queries, small enough that on PGlite, where a query runs on the server's own thread, one stays a moment.
  const pageSize = options.pageSize ?? 2_500;
  const sliceSize = options.sliceSize ?? 2_500;
  const since = impactWindowStart(now);
  const draftRater = compiledRaterFor(draft);
  // Compiling a rater takes a moment on a freshly started server, and so does the first read: requests that
  // arrive meanwhile are answered between the two rather than after both.
  await yieldToEventLoop();

  // The versions quotes were rated with (a handful of rows); each compiled on first use, cached when published.
  const versions = new Map((await db.select().from(ratingVersions)).map((row) => [row.id, row]));
  const raters = new Map<string, CompiledRater>();
  const raterFor = (versionId: string): CompiledRater => {
    let rater = raters.get(versionId);
    if (!rater) {
      const version = versions.get(versionId);
      // The foreign key guarantees the row; it can only be missing if it was created after the read above.
      if (!version) throw new Error(`Rating version ${versionId} appeared during the analysis; run it again`);
      rater = compiledRaterFor(version);
      raters.set(versionId, rater);
    }
    return rater;
  };

  // The product's published versions are what its quotes were rated with: compiled now, one per turn, rather
  // than in the middle of the first slice. One that no longer compiles fails the analysis only if a quote needs it.
  for (const version of versions.values()) {
    if (version.productCode !== draft.productCode || version.status !== "PUBLISHED") continue;
    try {
      raterFor(version.id);
    } catch {
      // Reported by raterFor when a quote rated with it is reached.
    }
    await yieldToEventLoop();
  }

  // Identical (version, inputs) pairs are rated once: a book holds far fewer distinct risks than quotes.
  const defaults = defaultRatingInput();
  // Per version, keyed on the stored array text itself (no key built per row: that cost more than the rest).
  const ratedByVersion = new Map<string, Map<string, { before: ImpactRating; after: ImpactRating }>>();
  let remembered = 0;

  const total = await countImpactScope(db, draft.productCode, since, limit);
  const accumulator = createImpactAccumulator();
  let processed = 0;
  options.onProgress?.({ processed, total });

  const readPage = async (cursor: ScopeCursor | null, take: number): Promise<ImpactRow[]> => {
    const after = afterCursor(cursor, quoteRatingInputs.ratedAt, quoteRatingInputs.quoteId);
    const result = await db.execute(sql`
      select string_agg(concat_ws(E'\t', p.quote_id, p.reference, p.rated_at::text, p.rating_version_id, p.inputs),
                        E'\n' order by p.rated_at desc, p.quote_id desc) as lines
      from (
        select ${quoteRatingInputs.quoteId}, ${quoteRatingInputs.reference}, ${quoteRatingInputs.ratedAt},
               ${quoteRatingInputs.ratingVersionId}, ${quoteRatingInputs.inputs}
        from ${quoteRatingInputs}
        where ${inScope(draft.productCode, since)} ${after}
        order by ${quoteRatingInputs.ratedAt} desc, ${quoteRatingInputs.quoteId} desc
        limit ${take}) as p`);
    return parsePage(rowsOf<{ lines: string | null }>(result)[0]?.lines ?? null);
  };
  const cursorAfter = (page: ImpactRow[]): ScopeCursor | null => {
    const last = page[page.length - 1];
    return last ? { ratedAt: last.ratedAt, id: last.id } : null;
  };

  let next: Promise<ImpactRow[]> | null = total > 0 ? readPage(null, Math.min(pageSize, total)) : null;
  while (next) {
    const page = await next;
    next = null;
    signal?.throwIfAborted();
    if (page.length === 0) break;
    // The next page is asked for before this one is rated: on PostgreSQL the database reads it meanwhile.
    const remaining = total - processed - page.length;
    if (remaining > 0 && page.length > 0) next = readPage(cursorAfter(page), Math.min(pageSize, remaining));
    // A failed read of the next page surfaces when it is awaited; until then it must not count as unhandled.
    next?.catch(() => {});
    // On PGlite the query just asked for runs now, in a turn of the event loop of its own; requests that
    // arrived meanwhile are answered before the rating starts.
    await yieldToEventLoop();

    for (let start = 0; start < page.length; start += sliceSize) {
      const end = Math.min(page.length, start + sliceSize);
      for (let index = start; index < end; index++) {
        const row = page[index] as ImpactRow;
        let rated = ratedByVersion.get(row.ratingVersionId);
        if (!rated) {
          rated = new Map();
          ratedByVersion.set(row.ratingVersionId, rated);
        }
        let pair = rated.get(row.inputs);
        if (!pair) {
          // Fields the stored input lacks (added to the engine since) keep their defaults, on both sides alike.
          const input = ratingInputFromStoredValues(JSON.parse(row.inputs) as unknown[], defaults);
          pair = rateBothWays(input, raterFor(row.ratingVersionId), draftRater);
          if (remembered < MAX_REMEMBERED_RATINGS) {
            rated.set(row.inputs, pair);
            remembered++;
          }
        }
        accumulator.add({
          quoteId: row.id,
          reference: row.reference,
          // Only the few quotes that end up in the report need a name: read once the analysis is done.
          proposerName: "",
          before: pair.before,
          after: pair.after,
        });
      }
      processed += end - start;
      options.onProgress?.({ processed, total });
      await yieldToEventLoop();
      signal?.throwIfAborted();
    }
  }
  return withProposerNames(db, accumulator.summary());
}

/** The report's movers with their proposers' names as they stand now. */
async function withProposerNames(db: Database, summary: ImpactSummary): Promise<ImpactSummary> {
  if (summary.topMovers.length === 0) return summary;
  const ids = summary.topMovers.map((mover) => mover.quoteId);
  const rows = await db
    .select({ id: quotes.id, proposerName: quotes.proposerName })
    .from(quotes)
    .where(inArray(quotes.id, ids));
  const names = new Map(rows.map((row) => [row.id, row.proposerName]));
  return {
    ...summary,
    topMovers: summary.topMovers.map((mover) => ({ ...mover, proposerName: names.get(mover.quoteId) ?? "" })),
  };
}
