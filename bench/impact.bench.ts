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
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { DC_PI_PRODUCT_CODE } from "../src/domain/constants";
import { type CompiledRater, compileRatingConfig } from "../src/domain/rating/compile";
import { DC_PI_RATING_CONFIG } from "../src/domain/rating/configs/dc-pi";
import { IMPACT_QUOTE_LIMIT, type ImpactJob } from "../src/domain/rating/impact";
import { defaultRatingInput, type RatingInput, ratingInputFromStoredValues } from "../src/domain/rating/input";
import { impactWindowStart } from "../src/server/features/impact/analysis";
import { ADMIN, signInCookie } from "./lib/client";
import { percentile, probeHealth } from "./lib/latency";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { ensureScaleDatabase, SCALE_DATABASE_URL } from "./search.bench";
import { type ProductionServer, startProductionServer } from "./startup.bench";

const ROOT = resolve(import.meta.dirname, "..");
const PGLITE_DIR = process.env.BENCH_IMPACT_PGLITE_DIR ?? join(tmpdir(), "pqe-bench-scale-pglite");
const PGLITE_QUOTES = Number(process.env.BENCH_IMPACT_PGLITE_QUOTES ?? 110_000);
const PROBE_INTERVAL_MS = 25;
/** Analyses (and limit measurements) per database; figures are medians. */
const ROUNDS = Number(process.env.BENCH_IMPACT_ROUNDS ?? 3);
/** Which databases to measure: "postgres,pglite" unless told otherwise. */
const DATABASES = new Set((process.env.BENCH_IMPACT_DATABASES ?? "postgres,pglite").split(","));

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The draft every run analyses: the shipped configuration with a 10% higher base rate. */
const DRAFT_CONFIG = { ...DC_PI_RATING_CONFIG, version: "bench-draft", baseRate: DC_PI_RATING_CONFIG.baseRate * 1.1 };

interface AnalysisRun {
  quoteCount: number;
  changedCount: number;
  endToEndMs: number;
  jobMs: number;
  serverCpuMs: number;
  latencies: number[];
  polls: number;
}

async function analyseOnce(server: ProductionServer): Promise<AnalysisRun> {
  const origin = { origin: server.url };
  const admin = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  const created = await json<{ data: { id: string } }>(
    await fetch(`${server.url}/api/rating/versions`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: admin, ...origin },
      body: JSON.stringify({
        name: `Impact benchmark ${new Date().toISOString()}`,
        notes: "Base rate +10% (benchmark draft)",
        json: DRAFT_CONFIG,
        effectiveFrom: "2099-01-01",
      }),
    }),
  );
  const versionId = created.data.id;
  const probe = probeHealth(server.url, PROBE_INTERVAL_MS);
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
  const endToEndMs = performance.now() - started;
  const serverCpuMs = server.cpuMs() - cpuBefore;
  const latencies = await probe.stop();
  if (job.status !== "completed" || !job.report) throw new Error(`The analysis ${job.status}: ${job.error}`);
  return {
    quoteCount: job.report.quoteCount,
    changedCount: job.report.changedCount,
    endToEndMs,
    jobMs: job.elapsedMs,
    serverCpuMs,
    latencies,
    polls,
  };
}

function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/**
 * The limit the analysis is held to, measured on the same book in the same run: one bare query for the
 * compact inputs in scope, a plain JSON.parse of each, and both ratings of every quote by a hand loop with
 * the compiled raters (no reuse of identical inputs, no yielding, no job around it).
 */
interface LimitRun {
  rows: number;
  readMs: number;
  parseMs: number;
  rateMs: number;
  totalMs: number;
}

type Query = <T>(text: string, params: unknown[]) => Promise<T[]>;

async function measureLimit(query: Query): Promise<LimitRun> {
  const since = impactWindowStart(new Date());
  const versions = await query<{ id: string; json: unknown }>(
    "select id, json from rating_versions where product_code = $1",
    [DC_PI_PRODUCT_CODE],
  );
  const raters = new Map<string, CompiledRater>();
  for (const version of versions) {
    const compiled = compileRatingConfig(typeof version.json === "string" ? JSON.parse(version.json) : version.json);
    if (compiled.ok) raters.set(version.id, compiled.rater);
  }
  const draft = compileRatingConfig(DRAFT_CONFIG);
  if (!draft.ok) throw new Error("the benchmark draft was refused");

  const started = performance.now();
  const rows = await query<{ rating_version_id: string; inputs: string }>(
    `select rating_version_id, inputs from quote_rating_inputs
     where product_code = $1 and rated_at >= $2 order by rated_at desc, quote_id desc limit $3`,
    [DC_PI_PRODUCT_CODE, since.toISOString(), IMPACT_QUOTE_LIMIT],
  );
  const read = performance.now();
  const defaults = defaultRatingInput();
  const inputs = rows.map((row) => ratingInputFromStoredValues(JSON.parse(row.inputs) as unknown[], defaults));
  const parsed = performance.now();
  let total = 0;
  for (let index = 0; index < rows.length; index++) {
    const input = inputs[index] as RatingInput;
    const rater = raters.get((rows[index] as { rating_version_id: string }).rating_version_id);
    if (!rater) throw new Error("a quote's rating version is missing");
    total += rater.rate(input).totalPremium + draft.rater.rate(input).totalPremium;
  }
  const rated = performance.now();
  if (!(total > 0) && rows.length > 0) throw new Error("the hand loop rated nothing");
  return {
    rows: rows.length,
    readMs: read - started,
    parseMs: parsed - read,
    rateMs: rated - parsed,
    totalMs: rated - started,
  };
}

/**
 * What the database's upkeep of the narrow row costs each rating: the same rating write to 200 quotes with the
 * trigger and without it, alternately five times each (medians), in one transaction rolled back afterwards
 * (nothing stays changed).
 */
async function measureTriggerCost(query: Query): Promise<{ withMs: number; withoutMs: number; writes: number }> {
  const ids = (await query<{ id: string }>("select id from quotes where rating_result is not null limit 200", [])).map(
    (row) => row.id,
  );
  const writeAll = async () => {
    const started = performance.now();
    // As a rating writes it: a new rating result (compressed and stored out of line) and a new rated_at.
    for (const id of ids) {
      await query("update quotes set rating_result = rating_result || '{}'::jsonb, rated_at = now() where id = $1", [
        id,
      ]);
    }
    return performance.now() - started;
  };
  const trigger = (on: boolean) =>
    query(`alter table quotes ${on ? "enable" : "disable"} trigger quotes_rating_input_kept`, []);
  await query("begin", []);
  try {
    await writeAll(); // warms the rows and the plan
    const withTimes: number[] = [];
    const withoutTimes: number[] = [];
    for (let round = 0; round < 5; round++) {
      await trigger(false);
      withoutTimes.push(await writeAll());
      await trigger(true);
      withTimes.push(await writeAll());
    }
    return { withMs: median(withTimes), withoutMs: median(withoutTimes), writes: ids.length };
  } finally {
    await query("rollback", []);
  }
}

async function reportKind(
  kind: string,
  server: ProductionServer,
  measureBare: () => Promise<{ limits: LimitRun[]; trigger: { withMs: number; withoutMs: number; writes: number } }>,
  targetMs: number,
): Promise<BenchRecord[]> {
  // The same probe with nothing running: on a busy machine it says how much of the probe's latency is the machine.
  const idleProbe = probeHealth(server.url, PROBE_INTERVAL_MS);
  await new Promise((wait) => setTimeout(wait, 3_000));
  const idleLatencies = await idleProbe.stop();
  const runs: AnalysisRun[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await analyseOnce(server));
  await server.stop();
  const { limits, trigger } = await measureBare();
  const first = runs[0] as AnalysisRun;
  const latencies = runs.flatMap((run) => run.latencies);
  const endToEnd = median(runs.map((run) => run.endToEndMs));
  const limit = median(limits.map((run) => run.totalMs));
  printReportHeader(
    `Impact analysis on ${kind}: ${first.quoteCount.toLocaleString("en-GB")} quotes, ${first.changedCount.toLocaleString("en-GB")} change (median of ${ROUNDS}; ${latencies.length} health probes)`,
  );
  return [
    reportFigure(`impact ${kind}: quotes re-rated both ways`, first.quoteCount, "quotes", null),
    reportFigure(`impact ${kind}: end to end (start, poll, report)`, endToEnd, "ms", {
      kind: "at most",
      value: targetMs,
    }),
    reportFigure(`impact ${kind}: server-side job time`, median(runs.map((run) => run.jobMs)), "ms", null),
    // Wall time on a busy machine measures the machine; the server's CPU time is the work itself (it includes
    // the in-process database on PGlite, not the PostgreSQL server's own processes).
    reportFigure(
      `impact ${kind}: server process CPU time during the job`,
      median(runs.map((run) => run.serverCpuMs)),
      "ms",
      null,
    ),
    reportFigure(`impact ${kind}: quotes per second (end to end)`, first.quoteCount / (endToEnd / 1000), "/s", null),
    reportFigure(
      `impact ${kind}: limit: bare read of the compact inputs`,
      median(limits.map((r) => r.readMs)),
      "ms",
      null,
    ),
    reportFigure(`impact ${kind}: limit: parse`, median(limits.map((r) => r.parseMs)), "ms", null),
    reportFigure(`impact ${kind}: limit: both rates by a hand loop`, median(limits.map((r) => r.rateMs)), "ms", null),
    reportFigure(`impact ${kind}: limit: read + parse + rates`, limit, "ms", null),
    reportFigure(`impact ${kind}: end to end vs the limit`, endToEnd / limit, "x", { kind: "at most", value: 1.25 }),
    reportFigure(
      `impact ${kind}: trigger's cost per rating write`,
      ((trigger.withMs - trigger.withoutMs) / trigger.writes) * 1000,
      "us",
      null,
    ),
    reportFigure(`impact ${kind}: rating write with vs without trigger`, trigger.withMs / trigger.withoutMs, "x", null),
    reportFigure(`impact ${kind}: /healthz p99 while it runs`, percentile(latencies, 99), "ms", {
      kind: "at most",
      value: 100,
    }),
    reportFigure(`impact ${kind}: slowest /healthz while it runs`, Math.max(0, ...latencies), "ms", null),
    reportFigure(`impact ${kind}: /healthz p99 with nothing running`, percentile(idleLatencies, 99), "ms", null),
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
  if (DATABASES.has("postgres")) records.push(...(await benchPostgres()));
  if (DATABASES.has("pglite")) records.push(...(await benchPglite()));
  return records;
}

async function benchPostgres(): Promise<BenchRecord[]> {
  const records: BenchRecord[] = [];
  await ensureScaleDatabase();
  const postgres = await startProductionServer({ DATABASE_URL: SCALE_DATABASE_URL });
  try {
    records.push(
      ...(await reportKind(
        "postgres",
        postgres,
        async () => {
          const client = new pg.Client({ connectionString: SCALE_DATABASE_URL });
          await client.connect();
          try {
            const query: Query = async <T>(text: string, params: unknown[]) =>
              (await client.query({ text, values: params })).rows as T[];
            const limits: LimitRun[] = [];
            for (let round = 0; round < ROUNDS; round++) limits.push(await measureLimit(query));
            return { limits, trigger: await measureTriggerCost(query) };
          } finally {
            await client.end();
          }
        },
        1_000,
      )),
    );
  } finally {
    await postgres.stop();
  }
  return records;
}

async function benchPglite(): Promise<BenchRecord[]> {
  const records: BenchRecord[] = [];
  await ensurePgliteBook();
  const pglite = await startProductionServer({ DATA_DIR: PGLITE_DIR });
  try {
    records.push(
      ...(await reportKind(
        "pglite",
        pglite,
        async () => {
          // The server has stopped: the bare database opens the same data directory on its own.
          const client = await PGlite.create({ dataDir: join(PGLITE_DIR, "pglite"), extensions: { pg_trgm } });
          try {
            const query: Query = async <T>(text: string, params: unknown[]) =>
              (await client.query<T>(text, params)).rows;
            const limits: LimitRun[] = [];
            for (let round = 0; round < ROUNDS; round++) limits.push(await measureLimit(query));
            return { limits, trigger: await measureTriggerCost(query) };
          } finally {
            await client.close();
          }
        },
        2_000,
      )),
    );
  } finally {
    await pglite.stop();
  }
  return records;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runImpactBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
