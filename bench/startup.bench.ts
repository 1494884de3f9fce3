/**
 * Start-up time and memory of the production server (`node dist/server/main.js`, what `npm start` runs), on
 * both databases:
 *   - time from spawning the process to the first 200 from GET /healthz, on an EXISTING database (a first
 *     start creates and seeds it; the median of the next starts is the figure). On the embedded database
 *     (PGlite in DATA_DIR) it stands beside its floor measured in the same run, turn about with the server's
 *     starts on the same data directory: plain Node opening that PGlite and answering /healthz over HTTP
 *     (bench/lib/bare-startup.mjs). Target: at most 1.25 times the floor, in wall time and in CPU time;
 *   - resident memory (VmRSS) of the server after it has answered a warm-up of signed-in requests. Targets:
 *     at most 350 MB on PGlite (the database runs inside the process) and 150 MB on PostgreSQL.
 *
 *   npm run bench -- startup     (or: npx tsx bench/startup.bench.ts)
 *
 * Also exports `startProductionServer`, which the search and impact benchmarks use to run the real server
 * on their large databases.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { withBuildLock } from "../tests/support/build-lock";
import { ADMIN, signInCookie, UNDERWRITER } from "./lib/client";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";

const ROOT = resolve(import.meta.dirname, "..");
const SERVER_ENTRY = join(ROOT, "dist/server/main.js");
const BARE_ENTRY = join(ROOT, "bench/lib/bare-startup.mjs");
const MEASURED_STARTS = 5;
export const BENCH_POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface ProductionServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  readyMs: number;
  /** CPU time the server process has used so far (user + system), in ms. */
  cpuMs(): number;
  /** Resident memory of the server process now, in MB. */
  residentMb(): number;
  stop(): Promise<void>;
}

/** Builds the app (always when `force`, else only when dist/server/main.js is missing). */
export async function ensureProductionBuild(options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && existsSync(SERVER_ENTRY)) return;
  await withBuildLock(() => {
    // NODE_ENV=production: Vite must bundle React's production build whatever the caller's environment.
    const built = spawnSync(process.execPath, [join(ROOT, "scripts/build.mjs")], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (built.status !== 0 || !existsSync(SERVER_ENTRY)) throw new Error("npm run build did not produce the server");
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function residentMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** utime + stime from /proc/<pid>/stat, in ms (the kernel counts in ticks of 1/100 s). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may contain spaces) start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(killer);
      done();
    });
    child.kill("SIGTERM");
  });
}

/** Starts `node dist/server/main.js` on the database `env` names and waits for GET /healthz to answer 200. */
export async function startProductionServer(env: Record<string, string>): Promise<ProductionServer> {
  await ensureProductionBuild();
  return startAndWaitForHealth(SERVER_ENTRY, env);
}

async function startAndWaitForHealth(entry: string, env: Record<string, string>): Promise<ProductionServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      SESSION_SECRET: `bench-${randomBytes(16).toString("hex")}`,
      SEED_DEMO: "true",
      // A benchmark's few accounts do in a second what a person does in a day: the per-person limits would measure
      // only the refusals.
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      QUOTES_CREATED_PER_MINUTE: "1000000",
      DOCUMENTS_RENDERED_PER_MINUTE: "1000000",
      REFERRALS_SENT_PER_MINUTE: "1000000",
      DATABASE_URL: "",
      ...env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${stderr}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 300_000) {
      await stopProcess(child);
      throw new Error(`The server did not answer /healthz within 300 s:\n${stderr}`);
    }
    await new Promise((wait) => setTimeout(wait, 5));
  }
  const readyMs = performance.now() - started;
  const pid = child.pid as number;
  return {
    url,
    pid,
    readyMs,
    cpuMs: () => cpuMsOf(pid),
    residentMb: () => residentMbOf(pid),
    stop: () => stopProcess(child),
  };
}

/** A realistic first minute: every role signs in and reads its lists. */
async function warmUp(url: string): Promise<void> {
  const admin = await signInCookie(url, ADMIN.email, ADMIN.password);
  const underwriter = await signInCookie(url, UNDERWRITER.email, UNDERWRITER.password);
  const paths = ["/api/me", "/api/quotes", "/api/quotes/stats", "/api/quotes?q=ltd", "/api/config"];
  for (let round = 0; round < 40; round++) {
    for (const path of paths) {
      const response = await fetch(`${url}${path}`, { headers: { cookie: underwriter } });
      await response.arrayBuffer();
    }
    for (const path of ["/api/rating/versions", "/api/users", "/api/audit"]) {
      await (await fetch(`${url}${path}`, { headers: { cookie: admin } })).arrayBuffer();
    }
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

interface Starts {
  readies: number[];
  cpuToReady: number[];
  residentAtReady: number[];
}

function emptyStarts(): Starts {
  return { readies: [], cpuToReady: [], residentAtReady: [] };
}

function record(starts: Starts, server: ProductionServer): void {
  starts.readies.push(server.readyMs);
  starts.cpuToReady.push(server.cpuMs());
  starts.residentAtReady.push(server.residentMb());
}

async function measure(
  kind: "pglite" | "postgres",
  env: Record<string, string>,
  memoryTargetMb: number,
): Promise<BenchRecord[]> {
  // The first start creates (PGlite: initdb), migrates and seeds the database: context, not the figure.
  const first = await startProductionServer(env);
  await first.stop();
  const server = emptyStarts();
  // The floor opens the same data directory, one process at a time, turn about with the server.
  const floor = kind === "pglite" ? emptyStarts() : null;
  let resident = 0;
  for (let start = 0; start < MEASURED_STARTS; start++) {
    if (floor) {
      const bare = await startAndWaitForHealth(BARE_ENTRY, env);
      record(floor, bare);
      await bare.stop();
    }
    const running = await startProductionServer(env);
    record(server, running);
    if (start === MEASURED_STARTS - 1) {
      await warmUp(running.url);
      resident = running.residentMb();
    }
    await running.stop();
  }
  printReportHeader(
    `Start-up and memory, ${kind} (node dist/server/main.js; median of ${MEASURED_STARTS} starts; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs)`,
  );
  const ready = median(server.readies);
  const cpu = median(server.cpuToReady);
  const records = [
    reportFigure(`startup ${kind}: first start (creates and seeds the database)`, first.readyMs, "ms", null),
    reportFigure(`startup ${kind}: existing database, spawn to /healthz 200`, ready, "ms", null),
    reportFigure(`startup ${kind}: slowest of the ${MEASURED_STARTS} starts`, Math.max(...server.readies), "ms", null),
    // Wall time depends on what else the machine runs; the server's own CPU time to ready does not (much).
    reportFigure(`startup ${kind}: server CPU time to /healthz 200`, cpu, "ms", null),
    reportFigure(`startup ${kind}: resident memory at /healthz 200`, median(server.residentAtReady), "MB", null),
    reportFigure(`startup ${kind}: resident memory after warm-up`, resident, "MB", {
      kind: "at most",
      value: memoryTargetMb,
    }),
  ];
  if (floor) {
    const floorReady = median(floor.readies);
    const floorCpu = median(floor.cpuToReady);
    records.push(
      reportFigure(`startup floor (bare Node + PGlite + HTTP): to /healthz 200`, floorReady, "ms", null),
      reportFigure(`startup floor: CPU time to /healthz 200`, floorCpu, "ms", null),
      reportFigure(`startup floor: resident memory at /healthz 200`, median(floor.residentAtReady), "MB", null),
      reportFigure(`startup ${kind}: spawn to /healthz 200 / floor`, ready / floorReady, "x", {
        kind: "at most",
        value: 1.25,
      }),
      reportFigure(`startup ${kind}: CPU time to /healthz 200 / floor`, cpu / floorCpu, "x", {
        kind: "at most",
        value: 1.25,
      }),
    );
  }
  return records;
}

async function postgresReachable(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function runStartupBenchmark(): Promise<BenchRecord[]> {
  await ensureProductionBuild();
  const records: BenchRecord[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "pqe-bench-startup-"));
  try {
    records.push(...(await measure("pglite", { DATA_DIR: dataDir }, 350)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!(await postgresReachable(BENCH_POSTGRES_SERVER))) {
    console.log(`\nPostgreSQL at ${BENCH_POSTGRES_SERVER} does not answer: its start-up figures are skipped.`);
    return records;
  }
  const name = `pqe_bench_startup_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_SERVER });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(BENCH_POSTGRES_SERVER);
    url.pathname = `/${name}`;
    records.push(...(await measure("postgres", { DATABASE_URL: url.toString() }, 150)));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return records;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runStartupBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
