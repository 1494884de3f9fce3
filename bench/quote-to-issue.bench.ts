/**
 * Quote to issue on PostgreSQL: brokers (several accounts, many clients at once) each take quote after quote through
 * the real production server (`node dist/server/main.js`, a throw-away database on 127.0.0.1:5432) as the web app
 * does: create the quote (step 1), save the five sections (steps 2 to 6), rate, complete and issue the policy
 * (bench/lib/journey.ts; quotes that do not refer, so no underwriter is needed). It reports policies issued per
 * second and each step's p99.
 *
 * Beside it, in the same run and on the same database, the floor: a bare node:http + node-postgres server
 * (bench/lib/bare-journey-server.ts) answering the same requests by sending, for each step, the statements the
 * product sent for it, recorded from the product's own code in this run (bench/lib/journey-capture.ts) and replayed
 * prepared, with fresh ids, references, brokers and times. The two take turns (BENCH_ROUNDS of each, the same
 * clients and the same warm-up), since on a shared machine only figures measured side by side compare. Target:
 * the product's policies per second at least 0.8x the floor's. CPU per policy (the server process and its
 * PostgreSQL backends) is printed too: on a busy machine it moves less than throughput.
 *
 * For scale, Socotra's audited figure is printed beside ours: 11,500 quote-to-issue transactions a minute on a
 * cluster. Ours is one 2-core machine holding the server, PostgreSQL and the load generator, shared with other
 * work: the two are not a like-for-like comparison and carry no target.
 *
 *   npm run bench -- quote-to-issue     (BENCH_SECONDS per measured window, default 10; BENCH_ROUNDS, default 3;
 *                                        BENCH_CLIENTS, default 24; BENCH_BROKERS, default 8;
 *                                        BENCH_FIRST_WARM_UP_SECONDS, default 20; BENCH_POSTGRES_URL;
 *                                        BENCH_CPU_PROFILE=<dir> writes a V8 CPU profile of the product's server)
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ADMIN, send, signInCookie } from "./lib/client";
import { JOURNEY_STEPS, type JourneyStep } from "./lib/journey";
import { captureJourney } from "./lib/journey-capture";
import { type JourneyLoadResult, runJourneys } from "./lib/journey-load";
import { percentile } from "./lib/latency";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { backendCpuBetween, backendCpuSnapshot, postgresReachable, withClient } from "./lib/server";
import { startProductionServer } from "./startup.bench";

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Before each measured window: the clients' journeys already under way. */
const WARM_UP_SECONDS = 3;
/**
 * Once per server before the first round: the JIT has compiled the hot paths by then (a cold server spends about
 * twice the CPU per policy), so the rounds measure the steady state a server running for days is in.
 */
const FIRST_WARM_UP_SECONDS = Number(process.env.BENCH_FIRST_WARM_UP_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 24);
const BROKERS = Number(process.env.BENCH_BROKERS ?? 8);
/** The product's default pool (src/server/db/client.ts); the floor gets the same. */
const POOL_SIZE = 20;
const BROKER_PASSWORD = "Harbour-Quiet-Violin-2026";
/** Socotra's published, audited quote-to-issue figure (a cluster): 11,500 a minute. */
const SOCOTRA_PER_MINUTE = 11_500;

interface Measured {
  url: string;
  /** CPU time (user + system) of the server process so far, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The floor in its own process, like the product's server. */
async function startBareJourneyServer(databaseUrl: string, planFile: string): Promise<Measured> {
  const entry = fileURLToPath(new URL("./lib/bare-journey-server.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      BENCH_JOURNEY_PLAN: planFile,
      BENCH_POOL_SIZE: String(POOL_SIZE),
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      const ready = JSON.parse(line) as { url?: string };
      if (ready.url) resolve(ready.url);
    });
    child.once("exit", (code) => reject(new Error(`The bare journey server exited (${code}):\n${stderr}`)));
  });
  const pid = child.pid as number;
  return {
    url,
    cpuMs: () => cpuMsOf(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

interface Run {
  load: JourneyLoadResult;
  /** CPU of the server process and of its PostgreSQL backends over the measured window, in ms; undefined without /proc. */
  cpuMs: { server: number; backends: number } | undefined;
}

/** One load against `server`, with the CPU the server and its backends used inside the measured window. */
async function measure(server: Measured, databaseUrl: string, cookies: readonly string[], firstIndex: number) {
  let startCpu: { server: number; backends: Map<number, number> | undefined } | undefined;
  let endCpu: typeof startCpu;
  const snapshot = async () => ({ server: server.cpuMs(), backends: await backendCpuSnapshot(databaseUrl) });
  const load = await runJourneys(server.url, {
    cookies,
    warmUpSeconds: WARM_UP_SECONDS,
    seconds: SECONDS,
    firstIndex,
    onWindowStart: async () => {
      startCpu = await snapshot();
    },
    onWindowEnd: async () => {
      endCpu = await snapshot();
    },
  });
  const cpuMs =
    startCpu?.backends && endCpu?.backends
      ? { server: endCpu.server - startCpu.server, backends: backendCpuBetween(startCpu.backends, endCpu.backends) }
      : undefined;
  return { load, cpuMs } satisfies Run;
}

/** The runs of one server added up: policies per second over all its windows, latencies pooled. */
function combine(runs: readonly Run[]) {
  const policies = runs.reduce((total, run) => total + run.load.policiesInWindow, 0);
  const cpu = runs.every((run) => run.cpuMs !== undefined)
    ? runs.reduce(
        (total, run) => ({
          server: total.server + (run.cpuMs?.server ?? 0),
          backends: total.backends + (run.cpuMs?.backends ?? 0),
        }),
        { server: 0, backends: 0 },
      )
    : undefined;
  const latencies = Object.fromEntries(
    JOURNEY_STEPS.map((step) => [step, runs.flatMap((run) => run.load.latencies[step])]),
  ) as Record<JourneyStep, number[]>;
  return {
    policiesPerSecond: policies / (SECONDS * runs.length),
    cpuPerPolicy:
      cpu === undefined || policies === 0
        ? undefined
        : {
            server: cpu.server / policies,
            backends: cpu.backends / policies,
            total: (cpu.server + cpu.backends) / policies,
          },
    latencies,
    failures: runs.reduce((total, run) => total + run.load.failures, 0),
    failureSamples: runs.flatMap((run) => run.load.failureSamples),
    issued: runs.reduce((total, run) => total + run.load.policiesIssued, 0),
  };
}

async function issuedPolicies(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) as count from quotes where status = 'ISSUED' and policy_number is not null",
    );
    return Number(rows[0]?.count ?? 0);
  });
}

export async function runQuoteToIssueBenchmark(): Promise<BenchRecord[]> {
  if (!(await postgresReachable(POSTGRES_URL))) {
    console.log(`\nPostgreSQL at ${POSTGRES_URL} does not answer: the quote-to-issue benchmark is skipped.`);
    return [];
  }
  const name = `pqe_bench_q2i_${randomBytes(6).toString("hex")}`;
  await withClient(POSTGRES_URL, (client) => client.query(`create database ${name}`));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const workDirectory = mkdtempSync(join(tmpdir(), "pqe-bench-q2i-"));
  const stops: (() => Promise<void>)[] = [];
  try {
    const profile: Record<string, string> = process.env.BENCH_CPU_PROFILE
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}` }
      : {};
    // The product as deployed: its default log level and pool; sign-ins are set-up here, not what is measured.
    const started = await startProductionServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: "info", ...profile });
    const product: Measured = { url: started.url, cpuMs: started.cpuMs, stop: started.stop };
    stops.push(product.stop);

    // Broker accounts, made by the administrator as in the product; each client signs in once.
    const admin = await signInCookie(product.url, ADMIN.email, ADMIN.password);
    const brokers = Array.from({ length: BROKERS }, (_, number) => ({
      email: `journey-broker-${number + 1}@example.com`,
      password: BROKER_PASSWORD,
    }));
    for (const [number, broker] of brokers.entries()) {
      await send(product.url, admin, "POST", "/api/auth/register", {
        name: `Journey Broker ${number + 1}`,
        email: broker.email,
        password: broker.password,
        role: "BROKER",
      });
    }
    const cookies: string[] = [];
    for (let client = 0; client < CLIENTS; client++) {
      const broker = brokers[client % brokers.length] as (typeof brokers)[number];
      cookies.push(await signInCookie(product.url, broker.email, broker.password));
    }

    // What the product sends for each step, recorded from its own code on this database, for the floor to replay.
    const capture = await captureJourney(databaseUrl, brokers[0] as (typeof brokers)[number], 1_000_000);
    const planFile = join(workDirectory, "plan.json");
    writeFileSync(planFile, JSON.stringify(capture.plan));
    const bare = await startBareJourneyServer(databaseUrl, planFile);
    stops.push(bare.stop);

    let nextIndex = 0;
    for (const server of [product, bare]) {
      const warmUp = await runJourneys(server.url, {
        cookies,
        warmUpSeconds: 0,
        seconds: FIRST_WARM_UP_SECONDS,
        firstIndex: nextIndex,
      });
      nextIndex += warmUp.quotesStarted;
      if (warmUp.failures > 0) {
        throw new Error(`Journeys failed while ${server.url} warmed up: ${warmUp.failureSamples.join("; ")}`);
      }
    }
    const issuedBefore = await issuedPolicies(databaseUrl);
    const productRuns: Run[] = [];
    const bareRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [server, runs] of [
        [product, productRuns],
        [bare, bareRuns],
      ] as const) {
        const run = await measure(server, databaseUrl, cookies, nextIndex);
        nextIndex += run.load.quotesStarted;
        runs.push(run);
      }
      const [productRun, bareRun] = [productRuns[round], bareRuns[round]] as [Run, Run];
      console.log(
        `round ${round + 1}: product ${productRun.load.policiesPerSecond.toFixed(1)} policies/s, ` +
          `floor ${bareRun.load.policiesPerSecond.toFixed(1)} policies/s ` +
          `(${(productRun.load.policiesPerSecond / bareRun.load.policiesPerSecond).toFixed(2)}x)`,
      );
    }
    const ours = combine(productRuns);
    const floor = combine(bareRuns);
    // Both servers' policies must really be in the database: the floor's replay issues them as the product does.
    const issuedInDatabase = (await issuedPolicies(databaseUrl)) - issuedBefore;
    const issuedAnswered = ours.issued + floor.issued;

    const sentPerJourney = JOURNEY_STEPS.reduce((total, step) => total + capture.statements[step].sent, 0);
    const preparedPerJourney = JOURNEY_STEPS.reduce((total, step) => total + capture.statements[step].prepared, 0);
    console.log(
      `\nStatements the product sends per journey (recorded, steady state): ${sentPerJourney}, ${preparedPerJourney} of them prepared`,
    );
    for (const step of JOURNEY_STEPS) {
      const { sent, texts } = capture.statements[step];
      console.log(
        `  ${step.padEnd(18)} ${sent}: ${texts.map((text) => text.replace(/\s+/g, " ").slice(0, 40)).join(" | ")}`,
      );
    }
    for (const [label, figures] of [
      ["product", ours],
      ["floor", floor],
    ] as const) {
      if (figures.failureSamples.length > 0) console.log(`${label} failures: ${figures.failureSamples.join("; ")}`);
    }

    console.log(
      "\nFor scale: Socotra's audited 11,500 quote-to-issue transactions a minute (about 190 a second) ran on a " +
        "cluster; ours is one 2-core machine shared with other work, holding the server, PostgreSQL and the load " +
        "generator together. Not a like-for-like comparison: informational, no target.",
    );
    printReportHeader(
      `Quote to issue on PostgreSQL: ${CLIENTS} clients over ${BROKERS} broker accounts, ${ROUNDS} x ${SECONDS} s per ` +
        `server taken in turns, pool ${POOL_SIZE}; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs`,
    );
    const noFailures = { kind: "at most", value: 0 } as const;
    const records: BenchRecord[] = [
      reportFigure("quote-to-issue: policies issued per second", ours.policiesPerSecond, "/s", null),
      reportFigure("quote-to-issue: floor policies per second", floor.policiesPerSecond, "/s", null),
      reportFigure(
        "quote-to-issue: product / floor policies per second",
        ours.policiesPerSecond / floor.policiesPerSecond,
        "x",
        { kind: "at least", value: 0.8 },
      ),
    ];
    for (const step of JOURNEY_STEPS) {
      records.push(
        reportFigure(`quote-to-issue: ${step} p99`, percentile(ours.latencies[step], 99), "ms", null),
        reportFigure(`quote-to-issue: floor ${step} p99`, percentile(floor.latencies[step], 99), "ms", null),
      );
    }
    if (ours.cpuPerPolicy !== undefined && floor.cpuPerPolicy !== undefined) {
      records.push(
        reportFigure("quote-to-issue: server CPU per policy", ours.cpuPerPolicy.server, "ms", null),
        reportFigure("quote-to-issue: backends' CPU per policy", ours.cpuPerPolicy.backends, "ms", null),
        reportFigure("quote-to-issue: floor server CPU per policy", floor.cpuPerPolicy.server, "ms", null),
        reportFigure("quote-to-issue: floor backends' CPU per policy", floor.cpuPerPolicy.backends, "ms", null),
        reportFigure(
          "quote-to-issue: product / floor CPU per policy",
          ours.cpuPerPolicy.total / floor.cpuPerPolicy.total,
          "x",
          null,
        ),
      );
    }
    records.push(
      reportFigure("quote-to-issue: statements per journey (product)", sentPerJourney, "", null),
      reportFigure("quote-to-issue: failed requests", ours.failures, "", noFailures),
      reportFigure("quote-to-issue: floor failed requests", floor.failures, "", noFailures),
      reportFigure("quote-to-issue: issued but not in the database", issuedAnswered - issuedInDatabase, "", noFailures),
      // For scale only: a cluster against one shared 2-core machine running server, database and load together.
      reportFigure("quote-to-issue: a minute on one shared 2-core machine", ours.policiesPerSecond * 60, "/min", null),
      reportFigure("quote-to-issue: Socotra's audited figure, a cluster", SOCOTRA_PER_MINUTE, "/min", null),
    );
    return records;
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(workDirectory, { recursive: true, force: true });
    await withClient(POSTGRES_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runQuoteToIssueBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
