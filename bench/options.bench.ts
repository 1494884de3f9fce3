/**
 * GET /api/quotes/{id}/options: the quote priced at five cover limits by three excess options in one call,
 * against a started server on PGlite, one request at a time over stored, rated quotes (so the time is the
 * server's: the session, the quote read, the effective rating version, fifteen ratings and the answer).
 *
 * Beside it, the limit measured in the same run: the same fifteen ratings of the same stored inputs by the bare
 * compiled engine in this process, with no HTTP, no database and no answer to build. The ratio says what the
 * request around the ratings costs.
 *
 * Target: p99 at most 150 ms.
 * Run: npm run bench -- options   (BENCH_QUOTES=40, BENCH_REQUESTS=400)
 */
import { performance } from "node:perf_hooks";
import { COVER_LIMIT_OPTIONS, EXCESS_OPTIONS } from "../src/domain/constants";
import type { Quote } from "../src/domain/quote/quote";
import { ratingInputOf } from "../src/domain/quote/rating-input";
import { compileRatingConfig } from "../src/domain/rating/compile";
import { DC_PI_RATING_CONFIG } from "../src/domain/rating/configs/dc-pi";
import type { RatingInput } from "../src/domain/rating/input";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { startBenchServer } from "./lib/server";

const QUOTE_COUNT = Number(process.env.BENCH_QUOTES ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const TARGET_P99_MS = 150;

async function signInCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "broker@example.com", password: "Broker-Demo-2026" }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("pqe_session="));
  if (!session) throw new Error("No session cookie");
  return session.split(";")[0] ?? "";
}

async function send<T>(url: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Rated quotes as the wizard leaves them on step 7: varied turnover, limits, covers and declarations. */
async function createRatedQuotes(url: string, cookie: string, count: number): Promise<Quote[]> {
  const quotes: Quote[] = [];
  for (let index = 0; index < count; index++) {
    const created = await send<{ data: Quote }>(url, cookie, "POST", "/api/quotes", {
      productCode: "D/C-PI",
      proposerName: `Options Bench ${index} Ltd`,
      businessAddress: `${index} Station Road, York YO1 1AA`,
      inceptionDate: "2026-12-01",
      incorporationDate: "2010-01-01",
      numberOfDirectors: 1 + (index % 4),
      numberOfQualifiedStaff: index % 40,
      hasFinancialInterest: false,
      insuredsDetails: { businessActivity: "Design and Build Contractor" },
    });
    const id = created.data.id;
    await send(url, cookie, "PATCH", `/api/quotes/${id}`, {
      financialOverview: {
        coverLimitAggregate: COVER_LIMIT_OPTIONS[index % COVER_LIMIT_OPTIONS.length],
        turnover: 300_000 + (index % 17) * 100_000,
        largestSingleProjectValue: 50_000 + (index % 9) * 150_000,
        isAllTurnoverUK: index % 7 !== 0,
        overseasWorkSplit: index % 7 !== 0 ? null : "Ireland 15%",
        hasContentsInsurance: index % 3 === 0,
        contentsLimit: index % 3 === 0 ? 25_000 : null,
      },
    });
    await send(url, cookie, "PATCH", `/api/quotes/${id}`, {
      contracts: { hasRecurringContracts: false, recurringContracts: [], officeRetail: 60, factoryIndustrial: 40 },
    });
    await send(url, cookie, "PATCH", `/api/quotes/${id}`, {
      declaration: { subcontractorInsuranceConfirmed: true, previousClaims: index % 11 === 0 },
    });
    const rated = await send<{ data: { quote: Quote } }>(url, cookie, "POST", `/api/quotes/${id}/rate`, {
      risk: { excessDiscount: EXCESS_OPTIONS[index % EXCESS_OPTIONS.length] },
    });
    quotes.push(rated.data.quote);
  }
  return quotes;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
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
    const cookie = await signInCookie(server.url);
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
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 0.5);
    const p99 = percentile(times, 0.99);
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
