/**
 * POST /api/quotes/{id}/rate under load: autocannon with 50 connections against a started server, over many
 * stored quotes (about a third of them refer), on in-memory PGlite and on PostgreSQL (a throw-away bench
 * database on 127.0.0.1:5432, user postgres; skipped when no server answers). Each request is the real thing:
 * session look-up, quote read, effective rating version, the engine, and the write with its audit entry in
 * one transaction.
 *
 * Beside it, the limit: a bare driver loop (node-postgres pool of the app's size, or PGlite itself) running
 * the same SQL statements (session, quote, effective version, the one-statement write with its audit entry)
 * with the same concurrency: no HTTP, no validation, no engine. The ratio says how
 * much of the database's capacity the API turns into rated quotes.
 *
 * Target, on PostgreSQL: at least 1,000 requests/s with p99 at most 50 ms. The server's
 * CPU time per request is printed too: on a busy machine it is the figure that still compares runs.
 * Run: npm run bench:api   (BENCH_SECONDS=10, BENCH_QUOTES=500, BENCH_POSTGRES_URL=postgres://...)
 */
import type { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../src/server/db/client";
import { type BenchRecord, type BenchTarget, printReportHeader, reportFigure } from "./lib/report";
import { type BenchServer, postgresReachable, startBenchServer } from "./lib/server";

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUOTE_COUNT = Number(process.env.BENCH_QUOTES ?? 500);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_POOL_SIZE = 20;
const BANDS = ["up_to_500k", "500k_to_1m", "1m_to_1_5m", "1_5m_to_2m"] as const;

async function signInCookie(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("pqe_session="));
  if (!session) throw new Error("No session cookie");
  return session.split(";")[0] ?? "";
}

async function send(url: string, cookie: string, method: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Quotes as the wizard leaves them after step 6: varied turnover, limits and declarations. */
async function createQuotes(server: BenchServer, cookie: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const createOne = async (index: number) => {
    const created = (await send(server.url, cookie, "POST", "/api/quotes", {
      productCode: "D/C-PI",
      proposerName: `Bench Contractor ${index} Ltd`,
      businessAddress: `${index} Station Road, York YO1 1AA`,
      inceptionDate: "2026-12-01",
      incorporationDate: "2010-01-01",
      numberOfDirectors: 1 + (index % 4),
      numberOfQualifiedStaff: index % 40,
      hasFinancialInterest: false,
      insuredsDetails: { businessActivity: "Design and Build Contractor" },
    })) as { data: { id: string } };
    const id = created.data.id;
    await send(server.url, cookie, "PATCH", `/api/quotes/${id}`, {
      financialOverview: {
        coverLimitAggregate: [500_000, 1_000_000, 2_000_000, 5_000_000][index % 4],
        turnover: 300_000 + (index % 17) * 100_000,
        largestSingleProjectValue: 50_000 + (index % 9) * 150_000,
        isAllTurnoverUK: index % 7 !== 0,
        overseasWorkSplit: index % 7 !== 0 ? null : "Ireland 15%",
        hasContentsInsurance: index % 3 === 0,
        contentsLimit: index % 3 === 0 ? 25_000 : null,
      },
    });
    await send(server.url, cookie, "PATCH", `/api/quotes/${id}`, {
      declaration: { subcontractorInsuranceConfirmed: true, previousClaims: index % 11 === 0 },
    });
    ids[index] = id;
  };
  for (let start = 0; start < count; start += 25) {
    await Promise.all(Array.from({ length: Math.min(25, count - start) }, (_, offset) => createOne(start + offset)));
  }
  return ids;
}

interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** e.g. "3 x 409, 2 timed out" */
  failureKinds: string;
  total: number;
}

/** A few seconds of GET /healthz (one trivial query): the machine's baseline cost of a request. */
async function loadHealth(url: string): Promise<LoadFigures> {
  const result = await autocannon({ url: `${url}/healthz`, connections: CONNECTIONS, duration: 3, timeout: 30 });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
    failureKinds: "",
    total: result.requests.total,
  };
}

/** Server CPU time per request over one load run (undefined without /proc). */
async function cpuPerRequest(
  server: BenchServer,
  run: () => Promise<LoadFigures>,
): Promise<{ load: LoadFigures; cpuMilliseconds: number | undefined }> {
  const before = server.cpuMilliseconds();
  const load = await run();
  const after = server.cpuMilliseconds();
  const cpuMilliseconds =
    before === undefined || after === undefined || load.total === 0 ? undefined : (after - before) / load.total;
  return { load, cpuMilliseconds };
}

async function loadRate(url: string, cookie: string, ids: readonly string[]): Promise<LoadFigures> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    // Generous, so a slow answer on a busy machine counts in the latency figures rather than as a failure.
    timeout: 30,
    headers: { cookie, "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        // Consecutive ids: with more quotes than connections, no two requests in flight rate the same quote.
        setupRequest: (request) => {
          const index = next++;
          return {
            ...request,
            path: `/api/quotes/${ids[index % ids.length]}/rate`,
            body: JSON.stringify({ turnoverBand: BANDS[Math.floor(index / ids.length) % BANDS.length] }),
          };
        },
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${count} x ${code}`);
  if (result.timeouts > 0) statuses.push(`${result.timeouts} timed out`);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout among its errors as well.
    failures: result.non2xx + result.errors,
    failureKinds: statuses.join(", "),
    total: result.requests.total,
  };
}

/** The statements one rate request runs, through a bare driver. */
interface Executor {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

function postgresExecutor(databaseUrl: string): Executor {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: APP_POOL_SIZE });
  return {
    query: (text, params) => pool.query(text, params),
    close: () => pool.end(),
  };
}

function pgliteExecutor(client: PGlite): Executor {
  return {
    query: (text, params) => client.query<Record<string, unknown>>(text, params),
    close: async () => {},
  };
}

const SESSION_SQL = `select s.*, u.* from sessions s inner join users u on u.id = s.user_id
  where s.token_hash = $1 and u.deleted_at is null limit 1`;
const QUOTE_SQL = `select q.*, u.name as broker_name, u.email as broker_email from quotes q
  left join users u on u.id = q.broker_id where q.id = $1 limit 1`;
const VERSION_SQL = `select * from rating_versions where product_code = $1 and status = 'PUBLISHED'
  and effective_from <= $2 and (effective_to is null or effective_to > $2)
  order by effective_from desc, published_at desc limit 1`;
/** The API's write: the versioned update and its audit entry in one statement (repository.updateQuoteWithAudit). */
const WRITE_SQL = `with updated as (
    update quotes set risk = $1, turnover_band = $2, base_premium = $3, fees = $4, fees_total = $5, taxes = $6,
      total_premium = $7, rating_version_id = $8, rating_result = $9, rated_at = $10, version = $11 + 1,
      updated_at = $10
    where id = $12 and version = $11 returning *),
  audit as (
    insert into audit_log (entity_type, action, entity_id, actor_id, details, created_at)
    select 'quote', 'rated', updated.id::text, $13, $14::jsonb, $10 from updated)
  select * from updated`;

interface BareFigures {
  opsPerSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

async function bareLoop(executor: Executor, ids: readonly string[]): Promise<BareFigures> {
  const [session] = (await executor.query("select token_hash, user_id from sessions limit 1", [])).rows;
  if (!session) throw new Error("No session to look up");
  let next = 0;
  let done = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const id = ids[next++ % ids.length] as string;
      await executor.query(SESSION_SQL, [session.token_hash]);
      const [quote] = (await executor.query(QUOTE_SQL, [id])).rows;
      if (!quote) throw new Error(`Quote ${id} vanished`);
      const [version] = (await executor.query(VERSION_SQL, [quote.product_code, quote.inception_date])).rows;
      const now = new Date();
      await executor.query(WRITE_SQL, [
        JSON.stringify(quote.risk),
        quote.turnover_band,
        quote.base_premium,
        JSON.stringify(quote.fees),
        quote.fees_total,
        quote.taxes,
        quote.total_premium,
        version?.id ?? null,
        JSON.stringify(quote.rating_result),
        now,
        quote.version,
        id,
        session.user_id,
        JSON.stringify({ reference: quote.reference, totalPremium: "0.00", referralHits: [] }),
      ]);
      latencies.push(performance.now() - started);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { opsPerSecond: done / elapsed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

/** The bare-driver side: the bench database, opened once the server has stopped (PGlite allows one process). */
async function openBareExecutor(server: BenchServer): Promise<Executor> {
  if (server.kind === "postgres") return postgresExecutor(server.databaseUrl as string);
  const database = await openDatabase({ databaseUrl: undefined, dataDir: server.dataDir as string });
  const executor = pgliteExecutor(database.pglite as PGlite);
  return { ...executor, close: () => database.close() };
}

async function benchOn(kind: "pglite" | "postgres"): Promise<BenchRecord[]> {
  const server = await startBenchServer(
    kind === "postgres" ? { postgresServerUrl: POSTGRES_URL, poolSize: APP_POOL_SIZE } : {},
  );
  try {
    const cookie = await signInCookie(server.url, "broker@example.com", "Broker-Demo-2026");
    const ids = await createQuotes(server, cookie, QUOTE_COUNT);
    // Warm up: compile the rater, fill the pool, let the JIT settle.
    for (const id of ids.slice(0, 50)) await send(server.url, cookie, "POST", `/api/quotes/${id}/rate`, {});
    const calibration = await cpuPerRequest(server, () => loadHealth(server.url));
    // CPU per request depends far less than requests per second on what else the machine runs; the
    // /healthz figure beside it shows how much this machine inflates even a trivial request.
    const rating = await cpuPerRequest(server, () => loadRate(server.url, cookie, ids));
    const load = rating.load;
    await server.stop();

    const executor = await openBareExecutor(server);
    let bare: BareFigures;
    try {
      bare = await bareLoop(executor, ids);
    } finally {
      await executor.close();
    }

    const throughputTarget: BenchTarget | null = kind === "postgres" ? { kind: "at least", value: 1_000 } : null;
    const p99Target: BenchTarget | null = kind === "postgres" ? { kind: "at most", value: 50 } : null;
    printReportHeader(
      `API on ${kind}: POST /api/quotes/{id}/rate, ${CONNECTIONS} connections, ${SECONDS} s, ${ids.length} quotes ` +
        `(${load.total.toLocaleString("en-GB")} requests, ${load.failures} failed${load.failureKinds ? `: ${load.failureKinds}` : ""})`,
    );
    return [
      reportFigure(`api ${kind}: rate requests per second`, load.requestsPerSecond, "req/s", throughputTarget),
      reportFigure(`api ${kind}: rate latency p50`, load.p50, "ms", null),
      reportFigure(`api ${kind}: rate latency p99`, load.p99, "ms", p99Target),
      reportFigure(`api ${kind}: failed requests`, load.failures, "", { kind: "at most", value: 0 }),
      ...(rating.cpuMilliseconds === undefined
        ? []
        : [reportFigure(`api ${kind}: server CPU per rate request`, rating.cpuMilliseconds, "ms", null)]),
      ...(calibration.cpuMilliseconds === undefined
        ? []
        : [
            reportFigure(
              `api ${kind}: server CPU per GET /healthz (baseline)`,
              calibration.cpuMilliseconds,
              `ms (${Math.round(calibration.load.requestsPerSecond)} req/s)`,
              null,
            ),
          ]),
      reportFigure(`api ${kind}: bare driver, same statements, per second`, bare.opsPerSecond, "ops/s", null),
      reportFigure(`api ${kind}: bare driver latency p50`, bare.p50, "ms", null),
      reportFigure(`api ${kind}: bare driver latency p99`, bare.p99, "ms", null),
      reportFigure(`api ${kind}: API / bare driver throughput`, load.requestsPerSecond / bare.opsPerSecond, "x", null),
    ];
  } finally {
    await server.close();
  }
}

export async function runApiBenchmark(): Promise<BenchRecord[]> {
  // BENCH_ONLY=postgres (or pglite) runs one side, e.g. while profiling.
  const only = process.env.BENCH_ONLY;
  const records = only === "postgres" ? [] : await benchOn("pglite");
  if (only === "pglite") return records;
  if (await postgresReachable(POSTGRES_URL)) {
    records.push(...(await benchOn("postgres")));
  } else {
    console.log(`\nPostgreSQL at ${POSTGRES_URL} does not answer: the PostgreSQL run (and its target) is skipped.`);
  }
  return records;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runApiBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
