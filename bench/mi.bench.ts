/**
 * Management information at scale: each chart's request (GET /api/mi/:chart) on a PostgreSQL database holding
 * about 1,000,000 quotes, through the production server, for an underwriter (the whole book) and a broker (their
 * own quotes), over the book's eighteen months; beside each, the same SQL statements run bare with node-postgres
 * (captured from the repository's own query builder, so they are exactly what the API sends).
 *
 * Target, on PostgreSQL: p95 at most 300 ms for every chart. The charts read the maintained totals (ADR 0079),
 * never the quotes, so the figure does not grow with the book.
 *
 * The book is bench/search-book.ts's database (the search benchmark's), kept between runs.
 */
import type pg from "pg";
import { LOAD_BROKER_PASSWORD } from "../scripts/seed-load";
import { todayInLondon } from "../src/domain/format/dates";
import { MI_CHARTS } from "../src/domain/mi/mi";
import { monthsBefore } from "../src/domain/mi/months";
import type { MiScope } from "../src/server/features/mi/repository";
import { miTable } from "../src/server/features/mi/service";
import { signInCookie, UNDERWRITER } from "./lib/client";
import { percentile } from "./lib/latency";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { captureStatements, timeBare, timeHttp, withPool } from "./search.bench";
import { ensureSearchBook, SEARCH_DATABASE_URL } from "./search-book";
import { startProductionServer } from "./startup.bench";

const ROUNDS = Number(process.env.BENCH_MI_ROUNDS ?? 20);
const TARGET_MS = 300;
/** The book's quotes are spread over the last eighteen months. */
const MONTHS = 18;

async function brokerId(pool: pg.Pool, email: string): Promise<string> {
  return (await pool.query("select id from users where email = $1", [email])).rows[0].id;
}

export async function runMiBenchmark(): Promise<BenchRecord[]> {
  const quoteCount = await ensureSearchBook();
  // The production server migrates the book to the current schema (and backfills the totals) on its first start.
  const server = await startProductionServer({ DATABASE_URL: SEARCH_DATABASE_URL });
  try {
    const brokerEmail = "loadbroker-07@example.com";
    const cookies = {
      underwriter: await signInCookie(server.url, UNDERWRITER.email, UNDERWRITER.password),
      broker: await signInCookie(server.url, brokerEmail, LOAD_BROKER_PASSWORD),
    };
    const to = todayInLondon(new Date()).slice(0, 7);
    const from = monthsBefore(to, MONTHS);
    return await withPool(SEARCH_DATABASE_URL, async (pool) => {
      const scopes: Record<keyof typeof cookies, MiScope> = {
        underwriter: { from, to },
        broker: { from, to, brokerId: await brokerId(pool, brokerEmail) },
      };
      const totals = await pool.query("select count(*)::int as rows from mi_totals");
      printReportHeader(
        `Management information on PostgreSQL, ${quoteCount.toLocaleString("en-GB")} quotes, ${from} to ${to} (${totals.rows[0].rows.toLocaleString("en-GB")} total rows; ${ROUNDS} rounds of each chart)`,
      );
      const records: BenchRecord[] = [];
      for (const chart of MI_CHARTS) {
        for (const who of ["underwriter", "broker"] as const) {
          const path = `/api/mi/${chart}?from=${from}&to=${to}`;
          const statements = await captureStatements(pool, (db) => miTable(db, chart, scopes[who]));
          // Warm both paths once (plans, caches), then alternate API and bare so both see the same machine.
          await timeHttp(server.url, cookies[who], path);
          await timeBare(pool, statements);
          const api: number[] = [];
          const bare: number[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            api.push(await timeHttp(server.url, cookies[who], path));
            bare.push(await timeBare(pool, statements));
          }
          records.push(
            reportFigure(`mi: ${chart}, ${who}, API p95`, percentile(api, 95), "ms", {
              kind: "at most",
              value: TARGET_MS,
            }),
            reportFigure(`mi: ${chart}, ${who}, bare SQL p95`, percentile(bare, 95), "ms", null),
          );
        }
      }
      return records;
    });
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runMiBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
