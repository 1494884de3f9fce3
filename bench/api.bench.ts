/**
 * POST /api/quotes/{id}/rate under load: autocannon with 50 connections against a started server, over many
 * stored quotes (about a third of them refer), on in-memory PGlite and on PostgreSQL (a throw-away bench
 * database on 127.0.0.1:5432, user postgres; skipped when no server answers). Each request is the real thing:
 * the session (from memory within its touch interval), the quote read, the effective rating version (from
 * memory for 5 s), the engine, and the write with its audit entry in one statement (ADR 0036).
 *
 * Beside it, the limit, measured in the same run on the same database with the same load: a minimal Fastify +
 * node-postgres (or Fastify + PGlite) server doing the round trips the rate call used to need, each a prepared
 * statement (session, quote, effective version, the one-statement write with its audit entry), with no
 * validation and no engine (bench/lib/bare-rate-server.ts). The ratios say what the product's layers cost:
 * throughput at least 0.8x the bare server's, CPU per request (server process plus, on PostgreSQL, its
 * backends) at most 1.25x.
 *
 * Absolute targets: on PostgreSQL at least 1,000 requests/s with p99 at most 50 ms (on an otherwise idle
 * machine), on PGlite at least 300 requests/s with p99 at most 100 ms. CPU time per request is printed too:
 * on a busy machine it and the ratios are the figures that still compare runs.
 * Run: npm run bench:api   (BENCH_SECONDS=10, BENCH_QUOTES=500, BENCH_POSTGRES_URL=postgres://...)
 */
import autocannon from "autocannon";
import { BROKER, send, signInCookie } from "./lib/client";
import { type LoadFigures, loadFigures } from "./lib/load";
import { createQuotes } from "./lib/quotes";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import {
  backendCpuBetween,
  backendCpuSnapshot,
  postgresReachable,
  startBareRateServer,
  startBenchServer,
} from "./lib/server";

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUOTE_COUNT = Number(process.env.BENCH_QUOTES ?? 500);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const APP_POOL_SIZE = 20;
const BANDS = ["up_to_500k", "500k_to_1m", "1m_to_1_5m", "1_5m_to_2m"] as const;

/** Quotes as the wizard leaves them after the declaration: varied turnover, limits and answers (about a third refer). */
const QUOTES = {
  label: "Bench Contractor",
  coverLimits: [500_000, 1_000_000, 2_000_000, 5_000_000],
  variedAnswers: true,
} as const;

/** A few seconds of GET /healthz (one trivial query): the machine's baseline cost of a request. */
async function loadHealth(url: string): Promise<LoadFigures> {
  return loadFigures([await autocannon({ url: `${url}/healthz`, connections: CONNECTIONS, duration: 3, timeout: 30 })]);
}

/** Where a load runs: a server process and, on PostgreSQL, the database its backends serve. */
interface Measured {
  cpuMilliseconds(): number | undefined;
  databaseUrl?: string | undefined;
}

/**
 * CPU time per request over one load run: the server process's, and its PostgreSQL backends' when the server
 * runs on this machine (undefined without /proc).
 */
async function cpuPerRequest(
  target: Measured,
  run: () => Promise<LoadFigures>,
): Promise<{ load: LoadFigures; cpuMilliseconds: number | undefined; backendMilliseconds: number | undefined }> {
  const backendsBefore = target.databaseUrl ? await backendCpuSnapshot(target.databaseUrl) : undefined;
  const before = target.cpuMilliseconds();
  const load = await run();
  const after = target.cpuMilliseconds();
  const backendsAfter = target.databaseUrl ? await backendCpuSnapshot(target.databaseUrl) : undefined;
  const perRequest = (total: number | undefined) =>
    total === undefined || load.total === 0 ? undefined : total / load.total;
  return {
    load,
    cpuMilliseconds: perRequest(before === undefined || after === undefined ? undefined : after - before),
    backendMilliseconds: perRequest(
      backendsBefore && backendsAfter ? backendCpuBetween(backendsBefore, backendsAfter) : undefined,
    ),
  };
}

async function loadRate(
  url: string,
  cookie: string,
  ids: readonly string[],
  pathOf: (id: string) => string,
): Promise<LoadFigures> {
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
            path: pathOf(ids[index % ids.length] as string),
            body: JSON.stringify({ turnoverBand: BANDS[Math.floor(index / ids.length) % BANDS.length] }),
          };
        },
      },
    ],
  });
  return loadFigures([result]);
}

/** The absolute targets: 1,000 req/s and p99 50 ms on PostgreSQL; 300 req/s and p99 100 ms on PGlite. */
const ABSOLUTE_TARGETS = {
  postgres: { requestsPerSecond: 1_000, p99: 50 },
  pglite: { requestsPerSecond: 300, p99: 100 },
} as const;

async function benchOn(kind: "pglite" | "postgres"): Promise<BenchRecord[]> {
  const server = await startBenchServer(
    kind === "postgres" ? { postgresServerUrl: POSTGRES_URL, poolSize: APP_POOL_SIZE } : {},
  );
  try {
    const cookie = await signInCookie(server.url, BROKER.email, BROKER.password);
    const ids = await createQuotes(server.url, cookie, QUOTE_COUNT, QUOTES);
    // Warm up: compile the rater, fill the pool, let the JIT settle.
    for (const id of ids.slice(0, 50)) await send(server.url, cookie, "POST", `/api/quotes/${id}/rate`, {});
    const calibration = await cpuPerRequest(server, () => loadHealth(server.url));
    // CPU per request depends far less than requests per second on what else the machine runs; the
    // /healthz figure beside it shows how much this machine inflates even a trivial request.
    const rating = await cpuPerRequest(server, () =>
      loadRate(server.url, cookie, ids, (id) => `/api/quotes/${id}/rate`),
    );
    const load = rating.load;
    await server.stop();

    // The limit, on the same database with the same load (PGlite allows one process: the app has stopped).
    const bareServer = await startBareRateServer(server, APP_POOL_SIZE);
    let bare: Awaited<ReturnType<typeof cpuPerRequest>>;
    try {
      for (const id of ids.slice(0, 50)) await send(bareServer.url, cookie, "POST", `/rate/${id}`, {});
      bare = await cpuPerRequest({ ...bareServer, databaseUrl: server.databaseUrl }, () =>
        loadRate(bareServer.url, cookie, ids, (id) => `/rate/${id}`),
      );
    } finally {
      await bareServer.stop();
    }

    const totalCpu = (figures: typeof rating) =>
      figures.cpuMilliseconds === undefined ? undefined : figures.cpuMilliseconds + (figures.backendMilliseconds ?? 0);
    const appCpu = totalCpu(rating);
    const bareCpu = totalCpu(bare);
    const absolute = ABSOLUTE_TARGETS[kind];
    printReportHeader(
      `API on ${kind}: POST /api/quotes/{id}/rate, ${CONNECTIONS} connections, ${SECONDS} s, ${ids.length} quotes ` +
        `(${load.total.toLocaleString("en-GB")} requests, ${load.failures} failed${load.failureKinds ? `: ${load.failureKinds}` : ""}; ` +
        `bare server ${bare.load.failures} failed${bare.load.failureKinds ? `: ${bare.load.failureKinds}` : ""})`,
    );
    const cpuLabel = kind === "postgres" ? "server + backends" : "server";
    return [
      reportFigure(`api ${kind}: rate requests per second`, load.requestsPerSecond, "req/s", {
        kind: "at least",
        value: absolute.requestsPerSecond,
      }),
      reportFigure(`api ${kind}: rate latency p50`, load.p50, "ms", null),
      reportFigure(`api ${kind}: rate latency p99`, load.p99, "ms", { kind: "at most", value: absolute.p99 }),
      reportFigure(`api ${kind}: failed requests`, load.failures, "", { kind: "at most", value: 0 }),
      ...(rating.cpuMilliseconds === undefined
        ? []
        : [reportFigure(`api ${kind}: server CPU per rate request`, rating.cpuMilliseconds, "ms", null)]),
      ...(rating.backendMilliseconds === undefined
        ? []
        : [reportFigure(`api ${kind}: backends' CPU per rate request`, rating.backendMilliseconds, "ms", null)]),
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
      reportFigure(`api ${kind}: bare server requests per second`, bare.load.requestsPerSecond, "req/s", null),
      reportFigure(`api ${kind}: bare server latency p99`, bare.load.p99, "ms", null),
      ...(bare.cpuMilliseconds === undefined || kind === "pglite"
        ? []
        : [reportFigure(`api ${kind}: bare server process CPU per request`, bare.cpuMilliseconds, "ms", null)]),
      ...(bareCpu === undefined
        ? []
        : [reportFigure(`api ${kind}: bare server CPU (${cpuLabel})`, bareCpu, "ms", null)]),
      reportFigure(`api ${kind}: bare server failed requests`, bare.load.failures, "", { kind: "at most", value: 0 }),
      reportFigure(
        `api ${kind}: API / bare server throughput`,
        load.requestsPerSecond / bare.load.requestsPerSecond,
        "x",
        { kind: "at least", value: 0.8 },
      ),
      ...(appCpu === undefined || bareCpu === undefined
        ? []
        : [
            reportFigure(`api ${kind}: API CPU per request (${cpuLabel})`, appCpu, "ms", null),
            reportFigure(`api ${kind}: API / bare server CPU per request`, appCpu / bareCpu, "x", {
              kind: "at most",
              value: 1.25,
            }),
          ]),
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
