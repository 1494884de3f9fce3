/**
 * Re-rates the stored quotes of the last 12 months (the most recently rated first, up to 100,000) with a
 * draft rating version and with the version each quote was rated with, and sums up the difference with the
 * domain's accumulator (ADR 0025).
 *
 * Each quote's rating input is the one stored with its rating (`rating_result.input`, written by the quote
 * API), so both ratings price exactly what the broker was quoted on. The work goes in pages read by keyset
 * (rated_at, id) and rated in slices, yielding to the event loop between slices: other requests are never
 * held up for more than one slice or one page query.
 */
import { and, eq, gte, isNotNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { CompiledRater } from "../../../domain/rating/compile";
import {
  createImpactAccumulator,
  IMPACT_LOOKBACK_MONTHS,
  IMPACT_QUOTE_LIMIT,
  type ImpactRating,
  type ImpactSummary,
  rateBothWays,
  ratingInputFieldsUsedBy,
} from "../../../domain/rating/impact";
import { defaultRatingInput, type RatingInput } from "../../../domain/rating/input";
import type { Database } from "../../db/client";
import { quotes, type RatingVersionRow, ratingVersions } from "../../db/schema";
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

interface ImpactRow {
  id: string;
  reference: string;
  proposer_name: string;
  rating_version_id: string;
  rated_at: string;
  /** JSON array of the used input fields, in the order of the projection */
  inputs: string;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function inScope(productCode: string, since: Date): SQL | undefined {
  return and(
    eq(quotes.productCode, productCode),
    isNotNull(quotes.ratingVersionId),
    gte(quotes.ratedAt, since),
    // IS NOT NULL needs no de-toasting (every rating stores its input); reading `-> 'input'` here would
    // de-toast every rating result just to count them.
    isNotNull(quotes.ratingResult),
  );
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
const COUNT_CHUNK = 10_000;

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
    const after = afterCursor(cursor, quotes.ratedAt, quotes.id);
    // The last quote of a full chunk, if the chunk is full: it is where the next chunk starts.
    const result = await db.execute(sql`
      select ${quotes.ratedAt}::text as rated_at, ${quotes.id} as id from ${quotes}
      where ${inScope(productCode, since)} ${after}
      order by ${quotes.ratedAt} desc, ${quotes.id} desc
      offset ${take - 1} limit 1`);
    const [last] = rowsOf<{ rated_at: string; id: string }>(result);
    if (last) {
      counted += take;
      cursor = { ratedAt: last.rated_at, id: last.id };
      continue;
    }
    // A partial last chunk: count what is left of it (fewer than `take` rows).
    const rest = await db.execute(sql`
      select cast(count(*) as integer) as n from (
        select 1 from ${quotes} where ${inScope(productCode, since)} ${after} limit ${take}) as remaining`);
    const [row] = rowsOf<{ n: number }>(rest);
    return counted + Number(row?.n ?? 0);
  }
  return counted;
}

export async function analyseRatingImpact(db: Database, options: AnalyseImpactOptions): Promise<ImpactSummary> {
  const { draft, now, signal } = options;
  const limit = options.limit ?? IMPACT_QUOTE_LIMIT;
  // Small pages: on PGlite each query runs on the server's own thread, and a page must stay a moment.
  const pageSize = options.pageSize ?? 500;
  const sliceSize = options.sliceSize ?? 500;
  const since = impactWindowStart(now);
  const draftRater = compiledRaterFor(draft);

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

  // Only the inputs some configuration reads travel from the database, as one small JSON array per quote;
  // identical (version, inputs) pairs are rated once. The draft and every version a quote may carry count.
  const fields = new Set(ratingInputFieldsUsedBy(draftRater.config));
  for (const version of versions.values()) {
    if (version.productCode !== draft.productCode) continue;
    for (const field of ratingInputFieldsUsedBy(raterFor(version.id).config)) fields.add(field);
  }
  const fieldList = [...fields];
  const projection = sql.join(
    fieldList.map((field) => sql`i.ri -> ${field}`),
    sql`, `,
  );
  const defaults = defaultRatingInput();
  const rated = new Map<string, { before: ImpactRating; after: ImpactRating }>();

  const total = await countImpactScope(db, draft.productCode, since, limit);
  const accumulator = createImpactAccumulator();
  let processed = 0;
  options.onProgress?.({ processed, total });

  let cursor: ScopeCursor | null = null;
  while (processed < total) {
    signal?.throwIfAborted();
    const after = afterCursor(cursor, sql`q.rated_at`, sql`q.id`);
    // The LATERAL subquery reads (and de-toasts) each rating_result once however many fields are taken from
    // it; OFFSET 0 keeps the planner from folding it back into one de-toast per field.
    const result = await db.execute(sql`
      select q.id, q.reference, q.proposer_name, q.rating_version_id, q.rated_at::text as rated_at,
             json_build_array(${projection})::text as inputs
      from quotes q, lateral (select q.rating_result -> 'input' as ri offset 0) i
      where q.product_code = ${draft.productCode} and q.rating_version_id is not null
        and q.rated_at >= ${since.toISOString()}::timestamptz and i.ri is not null ${after}
      order by q.rated_at desc, q.id desc
      limit ${Math.min(pageSize, total - processed)}`);
    const page = rowsOf<ImpactRow>(result);
    if (page.length === 0) break;

    for (let start = 0; start < page.length; start += sliceSize) {
      const end = Math.min(page.length, start + sliceSize);
      for (let index = start; index < end; index++) {
        const row = page[index] as ImpactRow;
        const key = `${row.rating_version_id}|${row.inputs}`;
        let pair = rated.get(key);
        if (!pair) {
          const values = JSON.parse(row.inputs) as unknown[];
          // Fields the stored input lacks (added to the engine since) keep their defaults, on both sides alike.
          const input: RatingInput = { ...defaults };
          fieldList.forEach((field, i) => {
            const value = values[i];
            if (value !== null && value !== undefined) (input as Record<string, unknown>)[field] = value;
          });
          pair = rateBothWays(input, raterFor(row.rating_version_id), draftRater);
          if (rated.size < MAX_REMEMBERED_RATINGS) rated.set(key, pair);
        }
        accumulator.add({
          quoteId: row.id,
          reference: row.reference,
          proposerName: row.proposer_name,
          before: pair.before,
          after: pair.after,
        });
      }
      processed += end - start;
      options.onProgress?.({ processed, total });
      await yieldToEventLoop();
      signal?.throwIfAborted();
    }
    const last = page[page.length - 1] as ImpactRow;
    cursor = { ratedAt: last.rated_at, id: last.id };
  }
  return accumulator.summary();
}
