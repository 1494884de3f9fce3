/**
 * `npm run bench`: every benchmark of the project, one after the other, each in its own process (so one
 * benchmark's heap, JIT state or open database never colours the next), then one table of every figure
 * with its target and whether it holds, written to bench/results.json as well.
 *
 *   npm run bench                      build the app, then run them all
 *   npm run bench -- search impact     only these (names below)
 *   npm run bench -- --no-build        reuse the existing dist/ build
 *
 * Each benchmark reports through bench/lib/report.ts, which appends every figure to BENCH_RECORDS_FILE when
 * that is set. Exit code 1 when a benchmark fails or a target does not hold.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { ensureProductionBuild } from "./startup.bench";

const ROOT = resolve(import.meta.dirname, "..");

/** In the order they run: the quick pure ones first, the database-heavy ones after. */
export const BENCHMARKS = [
  { name: "rating", script: "bench/rating.bench.ts", about: "rating engine rates/s vs hand-written" },
  { name: "receipts", script: "bench/receipts.bench.ts", about: "10,000 rating receipts verified vs hashing alone" },
  { name: "pdf", script: "bench/pdf.bench.ts", about: "PDF documents per render" },
  {
    name: "documents",
    script: "bench/documents-concurrency.bench.ts",
    about: "/healthz p99 while 8 of the largest statements of fact render",
  },
  { name: "bundle", script: "bench/bundle.bench.ts", about: "sign-in route JavaScript size" },
  { name: "startup", script: "bench/startup.bench.ts", about: "start-up time and memory, both databases" },
  { name: "api", script: "bench/api.bench.ts", about: "POST /rate under load, both databases" },
  { name: "options", script: "bench/options.bench.ts", about: "GET /options (15 ratings) vs the bare engine" },
  {
    name: "search",
    script: "bench/search.bench.ts",
    about: "quote list, search and figures at 999,000 quotes (bench/search-book.ts)",
  },
  {
    name: "mi",
    script: "bench/mi.bench.ts",
    about: "management information charts at 999,000 quotes (bench/search-book.ts), API vs bare SQL",
  },
  { name: "impact", script: "bench/impact.bench.ts", about: "impact analysis over 100,000 quotes" },
  {
    name: "bordereau",
    script: "bench/bordereau.bench.ts",
    about: "monthly bordereau of 10,000 policies, CSV and XLSX",
  },
  { name: "instances", script: "bench/instances.bench.ts", about: "POST /rate on 1 vs 3 instances of one PostgreSQL" },
  {
    name: "quote-to-issue",
    script: "bench/quote-to-issue.bench.ts",
    about: "policies issued per second, brokers at once on PostgreSQL, vs a bare server sending the same SQL",
  },
  {
    name: "lighthouse",
    script: "bench/lighthouse.bench.ts",
    about: "Lighthouse, mobile and desktop, on seven screens of the production build",
  },
] as const;

type BenchResult = BenchRecord & { bench: string };
const RESULTS_FILE = join(ROOT, "bench/results.json");

function readRecords(file: string): BenchRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as BenchRecord);
}

/** The last results, so a partial run (`npm run bench -- search`) keeps the other benchmarks' figures. */
function readPreviousResults(): { runs: BenchRun[]; records: BenchResult[] } {
  if (!existsSync(RESULTS_FILE)) return { runs: [], records: [] };
  try {
    const previous = JSON.parse(readFileSync(RESULTS_FILE, "utf8")) as { runs?: BenchRun[]; records?: BenchResult[] };
    return { runs: previous.runs ?? [], records: (previous.records ?? []).filter((record) => record.bench) };
  } catch {
    return { runs: [], records: [] };
  }
}

interface BenchRun {
  name: string;
  script: string;
  exitCode: number | null;
  seconds: number;
  skipped?: string;
}

function parseArguments(argv: readonly string[]): { names: string[]; build: boolean } {
  const known = new Set<string>(BENCHMARKS.map((bench) => bench.name));
  const names: string[] = [];
  let build = true;
  for (const argument of argv) {
    if (argument === "--no-build") build = false;
    else if (known.has(argument)) names.push(argument);
    else throw new Error(`Unknown benchmark "${argument}" (known: ${[...known].join(", ")}; flag --no-build)`);
  }
  return { names: names.length > 0 ? names : [...known], build };
}

async function main(): Promise<void> {
  const { names, build } = parseArguments(process.argv.slice(2));
  if (build) {
    console.log("Building the app so every benchmark measures the current code...");
    await ensureProductionBuild({ force: true });
  }
  const workDirectory = mkdtempSync(join(tmpdir(), "pqe-bench-all-"));
  const recordsFile = join(workDirectory, "records.jsonl");
  const runs: BenchRun[] = [];
  const records: BenchResult[] = [];
  try {
    for (const bench of BENCHMARKS.filter((candidate) => names.includes(candidate.name))) {
      if (!existsSync(join(ROOT, bench.script))) {
        runs.push({ name: bench.name, script: bench.script, exitCode: null, seconds: 0, skipped: "script missing" });
        continue;
      }
      console.log(`\n=== ${bench.name}: ${bench.about} (${bench.script})`);
      const started = performance.now();
      rmSync(recordsFile, { force: true });
      const result = spawnSync(process.execPath, ["--import", "tsx", bench.script], {
        cwd: ROOT,
        stdio: "inherit",
        env: { ...process.env, BENCH_RECORDS_FILE: recordsFile },
      });
      runs.push({
        name: bench.name,
        script: bench.script,
        exitCode: result.status,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      });
      records.push(...readRecords(recordsFile).map((record) => ({ ...record, bench: bench.name })));
    }
    const previous = readPreviousResults();
    const ran = new Set(runs.map((run) => run.name));
    const allRecords = [...previous.records.filter((record) => !ran.has(record.bench)), ...records];
    const allRuns = [...previous.runs.filter((run) => !ran.has(run.name)), ...runs];

    // One table of what is held to a target (figures without a target are context, printed by each bench).
    printReportHeader("All benchmarks: every figure that has a target");
    const targeted = allRecords.filter((record) => record.target !== null);
    // This process has no BENCH_RECORDS_FILE of its own: reprinting does not collect the figures twice.
    for (const record of targeted) reportFigure(record.name, record.figure, record.unit, record.target);
    for (const run of allRuns) {
      const status = run.skipped
        ? `skipped (${run.skipped})`
        : run.exitCode === 0
          ? "ok"
          : `FAILED (exit ${run.exitCode})`;
      console.log(`  ${run.name.padEnd(14)} ${String(run.seconds).padStart(7)} s  ${status}`);
    }
    const failedTargets = targeted.filter((record) => !record.holds);
    const failedRuns = allRuns.filter((run) => !run.skipped && run.exitCode !== 0);
    const results = {
      generatedAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? "unknown",
        memoryGb: Math.round(totalmem() / 1024 ** 3),
        // Wall-clock figures depend on what else the machine was running.
        loadAverageAtEnd: loadavg().map((load) => Math.round(load * 10) / 10),
        node: process.version,
        platform: process.platform,
      },
      runs: allRuns,
      records: allRecords,
      summary: {
        targets: targeted.length,
        holding: targeted.length - failedTargets.length,
        notHolding: failedTargets.map((record) => record.name),
        failedBenchmarks: failedRuns.map((run) => run.name),
      },
    };
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `\n${targeted.length - failedTargets.length} of ${targeted.length} targets hold; results in bench/results.json`,
    );
    if (failedTargets.length > 0 || failedRuns.length > 0) process.exitCode = 1;
  } finally {
    rmSync(workDirectory, { recursive: true, force: true });
  }
}

await main();
