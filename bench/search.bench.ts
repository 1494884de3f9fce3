/**
 * The quote list at scale: GET /api/quotes (first page, specific searches, broad searches, a broker's own
 * list) and GET /api/quotes/stats on a PostgreSQL database holding about 1,000,000 quotes, through the
 * production server; beside each, the same SQL statements run bare with node-postgres (captured from the
 * repository's own query builder, so they are exactly what the API sends).
 *
 * Targets, on PostgreSQL: p95 at most 100 ms for every request the dashboard sends (its figures, a first page, a search,
 * a status filter, a page deep in the list), and at most 1.5x the same SQL run bare.
 *
 * The book is bench/search-book.ts's database (BENCH_SEARCH_DATABASE_URL, default pqe_search_scale: 999,000
 * quotes, as the DCPI- + 6 digits reference format holds 999,999), kept between runs and filled in SQL in a
 * few minutes when missing.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { LOAD_BROKER_PASSWORD } from "../scripts/seed-load";
import type { QuoteListQuery } from "../src/domain/quote/quote";
import type { QuoteStatus } from "../src/domain/quote/status";
import type { Database } from "../src/server/db/client";
import * as schema from "../src/server/db/schema";
import type { QuoteActor } from "../src/server/features/quotes/repository";
import { findQuotePage, findQuoteStats } from "../src/server/features/quotes/search";
import { signInCookie, UNDERWRITER } from "./lib/client";
import { percentile } from "./lib/latency";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { ensureSearchBook, SEARCH_DATABASE_URL } from "./search-book";
import { startProductionServer } from "./startup.bench";

/** The impact benchmark reads the same book. */
export const SCALE_DATABASE_URL = SEARCH_DATABASE_URL;
export const ensureScaleDatabase = ensureSearchBook;
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 15);
/** What brokers and underwriters type: a company, a reference, a person, an e-mail, a status, a product. */
const SPECIFIC_SEARCHES = [
  "hartley",
  "pennine",
  "DCPI-01234",
  "dcpi-4567",
  "okafor & ",
  "solent roofing",
  "loadbroker-07",
  "amelia carter",
  "łódź",
  "zzqx-no-such-company",
];
/** Texts that match most of the book (the count has to visit every match). */
const BROAD_SEARCHES = ["ltd", "d/c-pi", "referred", "design and construct", "@example.com"];
/** The dashboard's status filter: the statuses a busy book has most and fewest of. */
const STATUS_FILTERS: readonly QuoteStatus[] = ["DRAFT", "QUOTED", "REFERRED", "ISSUED", "UW_DECLINED"];
/** A page deep in the list, as a user paging on reaches it. */
const DEEP_PAGE = 40;

export async function withPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** The statements the repository sends for one list request, captured from Drizzle's logger. */
export async function captureStatements(
  pool: pg.Pool,
  run: (db: Database) => Promise<unknown>,
): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Database;
  await run(db);
  return captured;
}

export async function timeHttp(url: string, cookie: string, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
  return performance.now() - started;
}

/** The bare run sends a request's statements the way the repository does: together, on the pool. */
export async function timeBare(pool: pg.Pool, statements: readonly CapturedQuery[]): Promise<number> {
  const started = performance.now();
  await Promise.all(statements.map((statement) => pool.query(statement.sql, statement.params as unknown[])));
  return performance.now() - started;
}

interface Case {
  label: string;
  path: string;
  actor: QuoteActor;
  cookie: string;
  list?: QuoteListQuery;
}

export async function runSearchBenchmark(): Promise<BenchRecord[]> {
  const quoteCount = await ensureSearchBook();
  // The production server migrates the book to the current schema on its first start here.
  const server = await startProductionServer({ DATABASE_URL: SEARCH_DATABASE_URL });
  try {
    const underwriterCookie = await signInCookie(server.url, UNDERWRITER.email, UNDERWRITER.password);
    const brokerEmail = "loadbroker-07@example.com";
    const brokerCookie = await signInCookie(server.url, brokerEmail, LOAD_BROKER_PASSWORD);
    return await withPool(SEARCH_DATABASE_URL, async (pool) => {
      const ids = await pool.query(
        "select (select id from users where email = $1) as underwriter, (select id from users where email = $2) as broker",
        [UNDERWRITER.email, brokerEmail],
      );
      const underwriter: QuoteActor = { id: ids.rows[0].underwriter, role: "UNDERWRITER" };
      const broker: QuoteActor = { id: ids.rows[0].broker, role: "BROKER" };
      const listQuery = (q?: string, more: Partial<QuoteListQuery> = {}): QuoteListQuery => ({
        page: 1,
        pageSize: 25,
        ...(q ? { q } : {}),
        ...more,
      });
      const groups: { name: string; cases: Case[]; target: boolean }[] = [
        {
          name: "first page (no search), underwriter: whole book",
          target: true,
          cases: [
            {
              label: "first page",
              path: "/api/quotes",
              actor: underwriter,
              cookie: underwriterCookie,
              list: listQuery(),
            },
          ],
        },
        {
          name: "first page, a broker's own quotes",
          target: true,
          cases: [
            { label: "broker first page", path: "/api/quotes", actor: broker, cookie: brokerCookie, list: listQuery() },
          ],
        },
        {
          name: "specific search, underwriter",
          target: true,
          cases: SPECIFIC_SEARCHES.map((q) => ({
            label: q,
            path: `/api/quotes?q=${encodeURIComponent(q)}`,
            actor: underwriter,
            cookie: underwriterCookie,
            list: listQuery(q),
          })),
        },
        {
          name: "specific search, broker",
          target: true,
          cases: SPECIFIC_SEARCHES.map((q) => ({
            label: q,
            path: `/api/quotes?q=${encodeURIComponent(q)}`,
            actor: broker,
            cookie: brokerCookie,
            list: listQuery(q),
          })),
        },
        {
          name: "broad search (matches most quotes), underwriter",
          target: true,
          cases: BROAD_SEARCHES.map((q) => ({
            label: q,
            path: `/api/quotes?q=${encodeURIComponent(q)}`,
            actor: underwriter,
            cookie: underwriterCookie,
            list: listQuery(q),
          })),
        },
        {
          name: "status filter, underwriter",
          target: true,
          cases: STATUS_FILTERS.map((status) => ({
            label: status,
            path: `/api/quotes?status=${status}`,
            actor: underwriter,
            cookie: underwriterCookie,
            list: listQuery(undefined, { status }),
          })),
        },
        {
          name: "status filter, broker",
          target: true,
          cases: STATUS_FILTERS.map((status) => ({
            label: status,
            path: `/api/quotes?status=${status}`,
            actor: broker,
            cookie: brokerCookie,
            list: listQuery(undefined, { status }),
          })),
        },
        {
          name: "search and status filter together, underwriter and broker",
          target: true,
          cases: [
            {
              label: "hartley QUOTED",
              path: "/api/quotes?q=hartley&status=QUOTED",
              actor: underwriter,
              cookie: underwriterCookie,
              list: listQuery("hartley", { status: "QUOTED" }),
            },
            {
              label: "broker ltd REFERRED",
              path: "/api/quotes?q=ltd&status=REFERRED",
              actor: broker,
              cookie: brokerCookie,
              list: listQuery("ltd", { status: "REFERRED" }),
            },
          ],
        },
        {
          name: `page ${DEEP_PAGE}, broker: own list and a search`,
          target: true,
          cases: [
            {
              label: `broker page ${DEEP_PAGE}`,
              path: `/api/quotes?page=${DEEP_PAGE}`,
              actor: broker,
              cookie: brokerCookie,
              list: listQuery(undefined, { page: DEEP_PAGE }),
            },
            {
              label: `broker page ${DEEP_PAGE} of "ltd"`,
              path: `/api/quotes?q=ltd&page=${DEEP_PAGE}`,
              actor: broker,
              cookie: brokerCookie,
              list: listQuery("ltd", { page: DEEP_PAGE }),
            },
          ],
        },
        {
          name: `page ${DEEP_PAGE}, underwriter: whole book and a search`,
          target: true,
          cases: [
            {
              label: `page ${DEEP_PAGE}`,
              path: `/api/quotes?page=${DEEP_PAGE}`,
              actor: underwriter,
              cookie: underwriterCookie,
              list: listQuery(undefined, { page: DEEP_PAGE }),
            },
            {
              label: `page ${DEEP_PAGE} of "ltd"`,
              path: `/api/quotes?q=ltd&page=${DEEP_PAGE}`,
              actor: underwriter,
              cookie: underwriterCookie,
              list: listQuery("ltd", { page: DEEP_PAGE }),
            },
          ],
        },
        {
          name: "stats, underwriter: whole book",
          target: true,
          cases: [{ label: "stats", path: "/api/quotes/stats", actor: underwriter, cookie: underwriterCookie }],
        },
        {
          name: "stats, broker",
          target: true,
          cases: [{ label: "broker stats", path: "/api/quotes/stats", actor: broker, cookie: brokerCookie }],
        },
      ];

      printReportHeader(
        `Quote list and search on PostgreSQL, ${quoteCount.toLocaleString("en-GB")} quotes (${ROUNDS} rounds of each request, one at a time)`,
      );
      const records: BenchRecord[] = [];
      for (const group of groups) {
        const statements = new Map<Case, CapturedQuery[]>();
        for (const item of group.cases) {
          statements.set(
            item,
            await captureStatements(pool, (db) =>
              item.list ? findQuotePage(db, item.actor, item.list) : findQuoteStats(db, item.actor),
            ),
          );
        }
        // Warm both paths once (plans, caches), then alternate API and bare so both see the same machine.
        for (const item of group.cases) {
          await timeHttp(server.url, item.cookie, item.path);
          await timeBare(pool, statements.get(item) ?? []);
        }
        const api: number[] = [];
        const bare: number[] = [];
        const perCase = new Map<Case, { api: number[]; bare: number[] }>(
          group.cases.map((item) => [item, { api: [], bare: [] }]),
        );
        for (let round = 0; round < ROUNDS; round++) {
          for (const item of group.cases) {
            const apiMs = await timeHttp(server.url, item.cookie, item.path);
            const bareMs = await timeBare(pool, statements.get(item) ?? []);
            api.push(apiMs);
            bare.push(bareMs);
            perCase.get(item)?.api.push(apiMs);
            perCase.get(item)?.bare.push(bareMs);
          }
        }
        // Each request on its own, for finding which one a group's p95 comes from (context, no target).
        if (group.cases.length > 1) {
          for (const [item, times] of perCase) {
            records.push(
              reportFigure(`search: ${group.name} / ${item.label}, API p95`, percentile(times.api, 95), "ms", null),
              reportFigure(
                `search: ${group.name} / ${item.label}, bare SQL p95`,
                percentile(times.bare, 95),
                "ms",
                null,
              ),
            );
          }
        }
        const apiP95 = percentile(api, 95);
        const bareP95 = percentile(bare, 95);
        records.push(
          reportFigure(`search: ${group.name}, API p50`, percentile(api, 50), "ms", null),
          reportFigure(
            `search: ${group.name}, API p95`,
            apiP95,
            "ms",
            group.target ? { kind: "at most", value: 100 } : null,
          ),
          reportFigure(`search: ${group.name}, bare SQL p95`, bareP95, "ms", null),
          reportFigure(
            `search: ${group.name}, API / bare SQL (p95)`,
            apiP95 / bareP95,
            "x",
            group.target ? { kind: "at most", value: 1.5 } : null,
          ),
        );
      }
      return records;
    });
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runSearchBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
