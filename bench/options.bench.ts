/**
 * GET /api/quotes/{id}/options: the quote priced at five cover limits by three excess options in one call,
 * against a started server on PGlite, one request at a time over stored, rated quotes (so the time is the
 * server's: the session, the quote read, the effective rating version, fifteen ratings and the answer).
 *
 * Beside it, the limit measured in the same run: the same fifteen ratings of the same stored inputs by the bare
 * compiled engine in this process, with no HTTP, no database and no answer to build. The ratio says what the
 * request around the ratings costs.
 *
 * The quotes are rated on every limit basis and defence costs, so each grid applies their factors.
 *
 * Target: p99 at most 150 ms.
 * Run: npm run bench -- options   (BENCH_QUOTES=40, BENCH_REQUESTS=400)
 */
import { performance } from "node:perf_hooks";
import { COVER_LIMIT_OPTIONS, EXCESS_OPTIONS } from "../src/domain/constants";
import { DEFENCE_COSTS_BASES, LIMIT_BASES } from "../src/domain/format/limit-basis";
import type { Quote } from "../src/domain/quote/quote";
import { ratingInputOf } from "../src/domain/quote/rating-input";
import { compileRatingConfig } from "../src/domain/rating/compile";
import { DC_PI_RATING_CONFIG } from "../src/domain/rating/configs/dc-pi";
import type { RatingInput } from "../src/domain/rating/input";
import { BROKER, send, signInCookie } from "./lib/client";
import { percentile } from "./lib/latency";
import { createQuotes } from "./lib/quotes";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { startBenchServer } from "./lib/server";

const QUOTE_COUNT = Number(process.env.BENCH_QUOTES ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const TARGET_P99_MS = 150;

/** Rated quotes as the wizard leaves them on step 7: varied turnover, limits, covers, declarations and excesses. */
async function createRatedQuotes(url: string, cookie: string, count: number): Promise<Quote[]> {
  const ids = await createQuotes(url, cookie, count, {
    label: "Options Bench",
    coverLimits: COVER_LIMIT_OPTIONS,
    variedAnswers: true,
    sections: [
      { contracts: { hasRecurringContracts: false, recurringContracts: [], officeRetail: 60, factoryIndustrial: 40 } },
    ],
    concurrency: 1,
  });
  const quotes: Quote[] = [];
  for (const [index, id] of ids.entries()) {
    const rated = await send<{ data: { quote: Quote } }>(url, cookie, "POST", `/api/quotes/${id}/rate`, {
      risk: { excessDiscount: EXCESS_OPTIONS[index % EXCESS_OPTIONS.length] },
      // Every limit basis and defence costs, so the grid prices their factors too.
      limitBasis: LIMIT_BASES[index % LIMIT_BASES.length],
      defenceCosts: DEFENCE_COSTS_BASES[Math.floor(index / LIMIT_BASES.length) % DEFENCE_COSTS_BASES.length],
    });
    quotes.push(rated.data.quote);
  }
  return quotes;
}

/** Milliseconds per grid of fifteen ratings by the bare engine, over the same inputs, best of five rounds. */
function bareGridMilliseconds(inputs: readonly RatingInput[]): number {
  const compiled = compileRatingConfig(DC_PI_RATING_CONFIG);
  if (!compiled.ok) throw new Error("The D/C-PI configuration does not compile");
  const rater = compiled.rater;
  let sink = 0;
  const grid = (input: RatingInput) => {
    for (const coverLimit of COVER_LIMIT_OPTIONS) {
      for (const excessOption of EXCESS_OPTIONS) {
        sink += rater.rate({ ...input, coverLimit, sumInsured: coverLimit, excessOption }).totalPremium;
      }
    }
  };
  const grids = Math.max(2_000, inputs.length * 50);
  for (let warm = 0; warm < grids; warm++) grid(inputs[warm % inputs.length] as RatingInput);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let index = 0; index < grids; index++) grid(inputs[index % inputs.length] as RatingInput);
    best = Math.min(best, (performance.now() - started) / grids);
  }
  if (sink === 0) throw new Error("The ratings priced nothing");
  return best;
}

export async function runOptionsBenchmark(): Promise<BenchRecord[]> {
  const server = await startBenchServer();
  try {
    const cookie = await signInCookie(server.url, BROKER.email, BROKER.password);
    const quotes = await createRatedQuotes(server.url, cookie, QUOTE_COUNT);
    const path = (quote: Quote) => `/api/quotes/${quote.id}/options`;
    // Warm up: the rater compiled and cached, the JIT settled.
    for (const quote of quotes) await send(server.url, cookie, "GET", path(quote));
    const times: number[] = [];
    for (let index = 0; index < REQUESTS; index++) {
      const quote = quotes[index % quotes.length] as Quote;
      const started = performance.now();
      await send(server.url, cookie, "GET", path(quote));
      times.push(performance.now() - started);
    }
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const bare = bareGridMilliseconds(quotes.map((quote) => ratingInputOf(quote)));
    printReportHeader(
      `Quotation options: GET /api/quotes/{id}/options on pglite, ${REQUESTS} requests one at a time over ${quotes.length} rated quotes`,
    );
    return [
      reportFigure("options pglite: grid latency p50", p50, "ms", null),
      reportFigure("options pglite: grid latency p99", p99, "ms", { kind: "at most", value: TARGET_P99_MS }),
      reportFigure("options: bare engine, the same 15 ratings", bare, "ms", null),
      reportFigure("options pglite: grid p50 / bare engine ratings", p50 / bare, "x", null),
    ];
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runOptionsBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
