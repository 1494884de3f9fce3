/**
 * A real server for benchmarks, in its own process (bench/lib/server-main.ts) so the load generator never
 * shares its event loop: the app `buildApp` builds, listening on 127.0.0.1 with a free port, on a fresh
 * database: PGlite in a temporary DATA_DIR (as `npm start` runs it), or a throw-away `pqe_bench_<random>`
 * database on a PostgreSQL server, dropped again on close. Migrated and seeded like a first start.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";

export interface BenchServer {
  kind: "pglite" | "postgres";
  url: string;
  /** CPU time (user + system) the server process has used so far, in ms; undefined where /proc is missing. */
  cpuMilliseconds(): number | undefined;
  /** PostgreSQL: the bench database, for a bare-driver comparison. */
  databaseUrl?: string;
  /** PGlite: the data directory (open it once the server has stopped). */
  dataDir?: string;
  /** Stops the server process and keeps the database (for a bare-driver run afterwards). */
  stop(): Promise<void>;
  /** Stops the server if it still runs and removes the database. */
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /** A PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres); absent: PGlite. */
  postgresServerUrl?: string;
  /** node-postgres pool size for the app. */
  poolSize?: number;
  /** An existing PostgreSQL database that several servers share: used as it is and never dropped. */
  sharedDatabaseUrl?: string;
}

/** One connection to `url` for `work`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** True when a PostgreSQL server answers at `serverUrl`. */
export async function postgresReachable(serverUrl: string): Promise<boolean> {
  try {
    await withClient(serverUrl, (client) => client.query("select 1"));
    return true;
  } catch {
    return false;
  }
}

/** Linux: utime + stime of a process from /proc/<pid>/stat (clock ticks of 10 ms). */
function processCpuMilliseconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on("line", (line) => {
      try {
        const { url } = JSON.parse(line) as { url?: string };
        if (url) resolve(url);
      } catch {
        // Not the ready line.
      }
    });
    child.once("exit", (code) => reject(new Error(`Bench server exited (${code}) before it was ready:\n${stderr}`)));
  });
}

export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const kind = options.postgresServerUrl || options.sharedDatabaseUrl ? "postgres" : "pglite";
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  let removeDatabase: () => Promise<void>;
  if (options.sharedDatabaseUrl) {
    databaseUrl = options.sharedDatabaseUrl;
    removeDatabase = async () => {};
  } else if (options.postgresServerUrl) {
    const serverUrl = options.postgresServerUrl;
    const name = `pqe_bench_${randomBytes(6).toString("hex")}`;
    await withClient(serverUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    removeDatabase = async () => {
      await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    };
  } else {
    const directory = mkdtempSync(join(tmpdir(), "pqe-bench-"));
    dataDir = directory;
    removeDatabase = async () => rmSync(directory, { recursive: true, force: true });
  }

  const entry = fileURLToPath(new URL("./server-main.ts", import.meta.url));
  // BENCH_CPU_PROFILE=<dir> writes a V8 CPU profile of the server process there, to find its hot spots.
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", entry], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      SESSION_SECRET: `bench-${randomBytes(16).toString("hex")}`,
      LOG_LEVEL: "silent",
      SEED_DEMO: "true",
      NODE_ENV: "production",
      BENCH_POOL_SIZE: String(options.poolSize ?? 20),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "", DATA_DIR: dataDir }),
    },
  });
  let url: string;
  try {
    url = await waitForUrl(child);
  } catch (error) {
    await stopProcess(child);
    await removeDatabase();
    throw error;
  }
  const stop = () => stopProcess(child);
  return {
    kind,
    url,
    cpuMilliseconds: () => (child.pid === undefined ? undefined : processCpuMilliseconds(child.pid)),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(dataDir ? { dataDir } : {}),
    stop,
    async close() {
      await stop();
      await removeDatabase();
    },
  };
}

export interface BareRateServer {
  url: string;
  /** CPU time (user + system) the bare server process has used so far, in ms; undefined without /proc. */
  cpuMilliseconds(): number | undefined;
  stop(): Promise<void>;
}

/**
 * The bare limit (bench/lib/bare-rate-server.ts) on the database a stopped bench server leaves behind, in its
 * own process like the real server.
 */
export async function startBareRateServer(
  database: { databaseUrl?: string; dataDir?: string },
  poolSize: number,
): Promise<BareRateServer> {
  const entry = fileURLToPath(new URL("./bare-rate-server.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BENCH_POOL_SIZE: String(poolSize),
      ...(database.databaseUrl
        ? { DATABASE_URL: database.databaseUrl }
        : { DATABASE_URL: "", DATA_DIR: database.dataDir }),
    },
  });
  let url: string;
  try {
    url = await waitForUrl(child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    cpuMilliseconds: () => (child.pid === undefined ? undefined : processCpuMilliseconds(child.pid)),
    stop: () => stopProcess(child),
  };
}

/**
 * The CPU time, in ms, each PostgreSQL backend serving `databaseUrl` has used so far, by pid (their /proc entries,
 * so only for a server on this machine; undefined otherwise).
 */
export async function backendCpuSnapshot(databaseUrl: string): Promise<Map<number, number> | undefined> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const pids = await withClient(databaseUrl, async (client) => {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
    return result.rows.map((row) => row.pid);
  });
  // Without /proc (another machine's server, another system) there is nothing to read.
  if (processCpuMilliseconds(process.pid) === undefined) return undefined;
  const snapshot = new Map<number, number>();
  for (const pid of pids) {
    const cpu = processCpuMilliseconds(pid);
    // A backend that ended between the listing and the read (an idle connection closed) has nothing more to add.
    if (cpu !== undefined) snapshot.set(pid, cpu);
  }
  return snapshot;
}

/** The backends' CPU between two snapshots; a backend that ended in between is not counted. */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}
