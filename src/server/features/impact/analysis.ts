/**
 * Re-rates the stored quotes of the last 12 months (the most recently rated first, up to 100,000) with a
 * draft rating version and with the version each quote was rated with, and sums up the difference with the
 * domain's accumulator (ADR 0025).
 *
 * Each quote's rating input is the one stored with its rating, so both ratings price exactly what the broker
 * was quoted on. It is read from the narrow table of rating inputs the database keeps with every rating
 * (ADR 0037), not from the rating result itself. The work goes in pages read by keyset (rated_at, id). The
 * raters are compiled and the quotes rated on one of the server's worker threads (rating-task.ts, ADR 0045):
 * this thread only reads the pages and hands them over, so other requests are never held up for more than a
 * page query, and the next page is read while the worker rates the current one.
 */

import { MessageChannel, type MessagePort } from "node:worker_threads";
import { and, eq, gte, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { IMPACT_LOOKBACK_MONTHS, IMPACT_QUOTE_LIMIT, type ImpactSummary } from "../../../domain/rating/impact";
import type { Database } from "../../db/client";
import { quoteRatingInputs, quotes, type RatingVersionRow, ratingVersions } from "../../db/schema";
import { runInWorker } from "../../workers/pool";
import type { ImpactPageMessage, ImpactRatedMessage, ImpactRaterSource, ImpactRatingTask } from "./rating-task";

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
  /** Quotes rated between two progress reports. */
  sliceSize?: number;
  onProgress?: (progress: ImpactProgress) => void;
  /** An aborted analysis stops at once with the signal's reason, and its worker stops rating. */
  signal?: AbortSignal;
}

/** The start of the look-back window: the same instant 12 calendar months earlier. */
export function impactWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - IMPACT_LOOKBACK_MONTHS);
  return start;
}

/**
 * A page as the database sends it: one text, a line per quote in the analysis's order, fields separated by
 * tabs (id, reference, rated_at, rating version, inputs). One value instead of thousands of rows: on PGlite
 * turning each row into an object cost four times the query itself. No field can hold a tab or a line break
 * (uuids, references, timestamps, and JSON, which escapes both). This thread only counts its lines and reads
 * where the last one stands; the worker reads the rest.
 */
function scanPage(text: string | null): { count: number; last: ScopeCursor | null } {
  if (!text) return { count: 0, last: null };
  let count = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  const line = text.slice(text.lastIndexOf("\n") + 1);
  const a = line.indexOf("\t");
  const b = line.indexOf("\t", a + 1);
  const c = line.indexOf("\t", b + 1);
  return { count, last: { id: line.slice(0, a), ratedAt: line.slice(b + 1, c) } };
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

function raterSource(version: RatingVersionRow): ImpactRaterSource {
  return { id: version.id, json: version.json, status: version.status, productCode: version.productCode };
}

/**
 * The worker's "rated" counts, one at a time. Waiting for one ends early when the worker's task fails (its
 * error) or the signal aborts (its reason).
 */
function ratedCounts(port: MessagePort, task: Promise<unknown>, signal: AbortSignal | undefined) {
  const counts: number[] = [];
  let waiting: { resolve: (count: number) => void; reject: (error: unknown) => void } | null = null;
  let failure: { error: unknown } | null = null;
  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error };
    waiting?.reject(error);
    waiting = null;
  };
  port.on("message", (message: ImpactRatedMessage) => {
    if (waiting) {
      const { resolve } = waiting;
      waiting = null;
      resolve(message.count);
    } else {
      counts.push(message.count);
    }
  });
  task.catch(fail);
  const onAbort = () => fail(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  return {
    next(): Promise<number> {
      const count = counts.shift();
      if (count !== undefined) return Promise.resolve(count);
      if (failure) return Promise.reject(failure.error);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    dispose() {
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

export async function analyseRatingImpact(db: Database, options: AnalyseImpactOptions): Promise<ImpactSummary> {
  const { draft, now, signal } = options;
  const limit = options.limit ?? IMPACT_QUOTE_LIMIT;
  // Pages of compact inputs (a few hundred bytes each): large enough that 100,000 quotes take a score of
  // queries, small enough that on PGlite, where a query runs on the server's own thread, one stays a moment.
  const pageSize = options.pageSize ?? 2_500;
  const sliceSize = options.sliceSize ?? 2_500;
  const since = impactWindowStart(now);

  // The versions quotes were rated with (a handful of rows): the worker compiles the ones it needs.
  const versions = (await db.select().from(ratingVersions)).map(raterSource);
  const total = await countImpactScope(db, draft.productCode, since, limit);
  signal?.throwIfAborted();
  let processed = 0;
  options.onProgress?.({ processed, total });

  const readPage = async (cursor: ScopeCursor | null, take: number): Promise<string | null> => {
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
    return rowsOf<{ lines: string | null }>(result)[0]?.lines ?? null;
  };

  const { port1: port, port2: workerPort } = new MessageChannel();
  const rating: ImpactRatingTask = {
    kind: "rate-impact",
    draft: raterSource(draft),
    versions,
    sliceSize,
    port: workerPort,
  };
  const task = runInWorker<ImpactSummary | null>(rating, [workerPort]);
  // A task that fails after this analysis has stopped waiting for it must not count as unhandled.
  task.catch(() => {});
  const rated = ratedCounts(port, task, signal);
  const send = (message: ImpactPageMessage) => port.postMessage(message);
  try {
    let next: Promise<string | null> | null = total > 0 ? readPage(null, Math.min(pageSize, total)) : null;
    while (next) {
      const text = await next;
      const { count, last } = scanPage(text);
      next = null;
      signal?.throwIfAborted();
      if (count === 0) break;
      send({ type: "page", text: text ?? "" });
      // The worker rates a page faster than PGlite reads one, so its answers queue up and would carry this loop
      // from one read straight into the next, holding the server's thread for the whole book: one turn of the
      // event loop between two reads lets waiting requests in.
      await yieldToEventLoop();
      // The next page is asked for before this one's ratings are counted: the database reads it while the
      // worker rates.
      const remaining = total - processed - count;
      if (remaining > 0) next = readPage(last, Math.min(pageSize, remaining));
      // A failed read of the next page surfaces when it is awaited; until then it must not count as unhandled.
      next?.catch(() => {});
      for (let ratedOfPage = 0; ratedOfPage < count; ) {
        const slice = await rated.next();
        ratedOfPage += slice;
        processed += slice;
        options.onProgress?.({ processed, total });
      }
      signal?.throwIfAborted();
    }
    send({ type: "end" });
    const summary = await task;
    if (!summary) throw new Error("The impact analysis stopped rating before the end of its quotes; run it again");
    return withProposerNames(db, summary);
  } finally {
    rated.dispose();
    // Tells the worker to stop if the analysis ends early; after the end it has already closed its side.
    port.close();
  }
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
