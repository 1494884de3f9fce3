/**
 * Impact analysis over 100,000 stored quotes, end to end through the production server: an admin saves a
 * draft D/C-PI version, starts the analysis, and polls the job until its report is there. While it runs,
 * another client asks GET /healthz every 25 ms: its slowest answer says how long the analysis ever held
 * other requests up.
 *
 * Targets: at most 2 s end to end for 100,000 quotes; other requests never held up for more than
 * a moment (slowest /healthz during the analysis at most 100 ms).
 *
 * Databases: PostgreSQL with the search benchmark's book (~1,000,000 quotes, of which the 100,000 most
 * recently rated are analysed), and PGlite with a book of BENCH_IMPACT_PGLITE_QUOTES (default 110,000) kept
 * in BENCH_IMPACT_PGLITE_DIR between runs (loaded with seed:load on the first run, which takes minutes).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DC_PI_RATING_CONFIG } from "../src/domain/rating/configs/dc-pi";
import type { ImpactJob } from "../src/domain/rating/impact";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { ensureScaleDatabase, SCALE_DATABASE_URL } from "./search.bench";
import { ADMIN, type ProductionServer, signInCookie, startProductionServer } from "./startup.bench";

const ROOT = resolve(import.meta.dirname, "..");
const PGLITE_DIR = process.env.BENCH_IMPACT_PGLITE_DIR ?? join(tmpdir(), "pqe-bench-scale-pglite");
const PGLITE_QUOTES = Number(process.env.BENCH_IMPACT_PGLITE_QUOTES ?? 110_000);
const PROBE_INTERVAL_MS = 25;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Asks /healthz every PROBE_INTERVAL_MS until stopped; returns each answer's latency. */
function probeHealth(url: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((wait) => setTimeout(wait, PROBE_INTERVAL_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

async function analyseOnce(server: ProductionServer, kind: string): Promise<BenchRecord[]> {
  const origin = { origin: server.url };
  const admin = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  const created = await json<{ data: { id: string } }>(
    await fetch(`${server.url}/api/rating/versions`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: admin, ...origin },
      body: JSON.stringify({
        name: `Impact benchmark ${new Date().toISOString()}`,
        notes: "Base rate +10% (benchmark draft)",
        json: { ...DC_PI_RATING_CONFIG, version: "bench-draft", baseRate: DC_PI_RATING_CONFIG.baseRate * 1.1 },
        effectiveFrom: "2099-01-01",
      }),
    }),
  );
  const versionId = created.data.id;
  const probe = probeHealth(server.url);
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  let job = (
    await json<{ data: ImpactJob }>(
      await fetch(`${server.url}/api/rating/versions/${versionId}/impact`, {
        method: "POST",
        headers: { cookie: admin, ...origin },
      }),
    )
  ).data;
  let polls = 0;
  while (job.status === "running") {
    await new Promise((wait) => setTimeout(wait, 50));
    polls++;
    job = (
      await json<{ data: ImpactJob }>(
        await fetch(`${server.url}/api/rating/versions/${versionId}/impact/${job.id}`, { headers: { cookie: admin } }),
      )
    ).data;
  }
  const endToEnd = performance.now() - started;
  const serverCpu = server.cpuMs() - cpuBefore;
  const latencies = await probe.stop();
  if (job.status !== "completed" || !job.report) throw new Error(`The analysis ${job.status}: ${job.error}`);
  const report = job.report;
  printReportHeader(
    `Impact analysis on ${kind}: ${report.quoteCount.toLocaleString("en-GB")} quotes, ${report.changedCount.toLocaleString("en-GB")} change (${polls} progress polls, ${latencies.length} health probes)`,
  );
  return [
    reportFigure(`impact ${kind}: quotes re-rated both ways`, report.quoteCount, "quotes", null),
    reportFigure(`impact ${kind}: end to end (start, poll, report)`, endToEnd, "ms", { kind: "at most", value: 2_000 }),
    reportFigure(`impact ${kind}: server-side job time`, job.elapsedMs, "ms", null),
    // Wall time on a busy machine measures the machine; the server's CPU time is the work itself (it includes
    // the in-process database on PGlite, not the PostgreSQL server's own processes).
    reportFigure(`impact ${kind}: server process CPU time during the job`, serverCpu, "ms", null),
    reportFigure(`impact ${kind}: quotes per second (end to end)`, report.quoteCount / (endToEnd / 1000), "/s", null),
    reportFigure(`impact ${kind}: /healthz p99 while it runs`, percentile(latencies, 99), "ms", null),
    reportFigure(`impact ${kind}: slowest /healthz while it runs`, Math.max(0, ...latencies), "ms", {
      kind: "at most",
      value: 100,
    }),
  ];
}

async function ensurePgliteBook(): Promise<void> {
  // Loaded once and reused by later runs; delete the directory to load a fresh one.
  if (existsSync(join(PGLITE_DIR, "pglite"))) return;
  console.log(`Loading ${PGLITE_QUOTES.toLocaleString("en-GB")} quotes into PGlite at ${PGLITE_DIR} (minutes)...`);
  const loaded = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed-load.ts", "--quotes", String(PGLITE_QUOTES)],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, DATABASE_URL: "", DATA_DIR: PGLITE_DIR, LOG_LEVEL: "warn" } },
  );
  if (loaded.status !== 0) throw new Error("seed:load into PGlite failed");
}

export async function runImpactBenchmark(): Promise<BenchRecord[]> {
  const records: BenchRecord[] = [];
  await ensureScaleDatabase();
  const postgres = await startProductionServer({ DATABASE_URL: SCALE_DATABASE_URL });
  try {
    records.push(...(await analyseOnce(postgres, "postgres")));
  } finally {
    await postgres.stop();
  }
  await ensurePgliteBook();
  const pglite = await startProductionServer({ DATA_DIR: PGLITE_DIR });
  try {
    records.push(...(await analyseOnce(pglite, "pglite")));
  } finally {
    await pglite.stop();
  }
  return records;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runImpactBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
