/**
 * Several instances on one PostgreSQL database (docs/deploy.md): POST /api/quotes/{id}/rate under load against
 * one instance, then spread over three instances of the same database, the same number of connections in
 * total. Then the three again while an administrator's impact analysis of a draft runs on the first, reporting the
 * analysis's wall time and what the rate calls kept. Every request must succeed.
 *
 * Three instances share this machine's cores with PostgreSQL and the load generator: on a machine with two cores
 * they cannot triple one instance's throughput, and the figure says so rather than hides it. What must hold is
 * that no request fails; the ratio of three to one is reported as measured.
 *
 *   npx tsx bench/instances.bench.ts          (BENCH_SECONDS per run, default 10; BENCH_QUOTES, default 300)
 */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { DC_PI_RATING_CONFIG } from "../src/domain/rating/configs/dc-pi";
import { ADMIN, BROKER, send, signInCookie } from "./lib/client";
import { type LoadFigures, loadFigures } from "./lib/load";
import { createQuotes } from "./lib/quotes";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { type BenchServer, postgresReachable, startBenchServer, withClient } from "./lib/server";

const CONNECTIONS = 48;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const QUOTE_COUNT = Number(process.env.BENCH_QUOTES ?? 300);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Per instance: three instances hold three pools on the one database. */
const POOL_SIZE = 10;
/** Quotes as the wizard leaves them after the declaration, with varied figures; all UK, none declaring claims. */
const QUOTES = {
  label: "Instances Contractor",
  coverLimits: [500_000, 1_000_000, 2_000_000, 5_000_000],
  variedAnswers: false,
} as const;

interface Target {
  url: string;
  cookie: string;
}

/**
 * Rate calls spread evenly over the targets (one autocannon per instance, its share of the connections), all
 * running at once. Each target rates its own slice of the quotes, so no two requests in flight rate one quote.
 */
async function loadRate(targets: readonly Target[], ids: readonly string[], seconds = SECONDS): Promise<LoadFigures> {
  const perTarget = Math.floor(CONNECTIONS / targets.length);
  const results = await Promise.all(
    targets.map((target, slot) => {
      const mine = ids.filter((_, index) => index % targets.length === slot);
      let next = 0;
      return autocannon({
        url: target.url,
        connections: perTarget,
        duration: seconds,
        timeout: 30,
        headers: { cookie: target.cookie, "content-type": "application/json" },
        requests: [
          {
            method: "POST",
            setupRequest: (request) => ({
              ...request,
              path: `/api/quotes/${mine[next++ % mine.length] as string}/rate`,
              body: "{}",
            }),
          },
        ],
      });
    }),
  );
  return loadFigures(results);
}

/**
 * An impact analysis of a draft (a doubled base rate) started on `url` as an administrator, polled until it ends:
 * its wall time in ms.
 */
async function runImpactAnalysis(url: string): Promise<number> {
  const admin = await signInCookie(url, ADMIN.email, ADMIN.password);
  const draft = (await send(url, admin, "POST", "/api/rating/versions", {
    name: "Impact under load",
    json: { ...structuredClone(DC_PI_RATING_CONFIG), baseRate: DC_PI_RATING_CONFIG.baseRate * 2 },
    effectiveFrom: "2027-01-01",
  })) as { data: { id: string } };
  const started = performance.now();
  const job = (await send(url, admin, "POST", `/api/rating/versions/${draft.data.id}/impact`)) as {
    data: { id: string; status: string };
  };
  for (;;) {
    const polled = (await send(url, admin, "GET", `/api/rating/versions/${draft.data.id}/impact/${job.data.id}`)) as {
      data: { status: string; error?: string };
    };
    if (polled.data.status === "completed") return performance.now() - started;
    if (polled.data.status === "failed") throw new Error(`The impact analysis failed: ${JSON.stringify(polled.data)}`);
    if (performance.now() - started > 120_000) throw new Error("The impact analysis did not end within 2 minutes");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function runInstancesBenchmark(): Promise<BenchRecord[]> {
  if (!(await postgresReachable(POSTGRES_URL))) {
    console.log(`\nPostgreSQL at ${POSTGRES_URL} does not answer: the instances benchmark is skipped.`);
    return [];
  }
  const name = `pqe_bench_instances_${randomBytes(6).toString("hex")}`;
  await withClient(POSTGRES_URL, (client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${name}`;
  const servers: BenchServer[] = [];
  try {
    const start = async () => {
      const server = await startBenchServer({ sharedDatabaseUrl: databaseUrl.toString(), poolSize: POOL_SIZE });
      servers.push(server);
      return { url: server.url, cookie: await signInCookie(server.url, BROKER.email, BROKER.password) };
    };
    const first = await start();
    const ids = await createQuotes(first.url, first.cookie, QUOTE_COUNT, QUOTES);
    // Warm up under the same load before each measured run: compile the rater, fill the pools, let the JIT settle.
    await loadRate([first], ids, WARM_UP_SECONDS);
    const one = await loadRate([first], ids);

    const others = [await start(), await start()];
    const three = [first, ...others];
    await loadRate(three, ids, WARM_UP_SECONDS);
    const spread = await loadRate(three, ids);

    // The same load again while an impact analysis runs on the first instance.
    const [withImpact, impactMs] = await Promise.all([loadRate(three, ids), runImpactAnalysis(first.url)]);

    printReportHeader(
      `${three.length} instances on one PostgreSQL database: POST /api/quotes/{id}/rate, ${CONNECTIONS} connections ` +
        `in all, ${SECONDS} s per run, ${ids.length} quotes, pool ${POOL_SIZE} per instance`,
    );
    if (one.failureKinds || spread.failureKinds || withImpact.failureKinds) {
      console.log(
        `failures: 1 instance [${one.failureKinds}] 3 [${spread.failureKinds}] 3 + impact [${withImpact.failureKinds}]`,
      );
    }
    const noFailures = { kind: "at most", value: 0 } as const;
    return [
      reportFigure("instances: 1 instance requests per second", one.requestsPerSecond, "req/s", null),
      reportFigure("instances: 1 instance latency p99", one.p99, "ms", null),
      reportFigure("instances: 1 instance failed requests", one.failures, "", noFailures),
      reportFigure("instances: 3 instances requests per second", spread.requestsPerSecond, "req/s", null),
      reportFigure("instances: 3 instances latency p99 (worst instance)", spread.p99, "ms", null),
      reportFigure("instances: 3 instances failed requests", spread.failures, "", noFailures),
      /*
       * Reported without a target: what three instances add depends on the cores left beside PostgreSQL and the
       * load generator. On two cores they add nothing and pay for the switching between processes.
       */
      reportFigure("instances: 3 / 1 instance throughput", spread.requestsPerSecond / one.requestsPerSecond, "x", null),
      reportFigure("instances: 3 + impact requests per second", withImpact.requestsPerSecond, "req/s", null),
      reportFigure("instances: 3 + impact latency p99 (worst instance)", withImpact.p99, "ms", null),
      reportFigure("instances: 3 + impact failed requests", withImpact.failures, "", noFailures),
      reportFigure(`instances: impact analysis wall time (${ids.length} quotes)`, impactMs, "ms", null),
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await withClient(POSTGRES_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runInstancesBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
