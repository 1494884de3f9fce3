/**
 * One way for every benchmark to print a figure next to the target it is held to, and hand back a record a
 * runner (`npm run bench`) can collect, e.g. into bench/results.json.
 */
import { appendFileSync } from "node:fs";

/**
 * Set by `npm run bench` (bench/run-all.ts), which runs each benchmark script in its own process: every
 * figure reported is also appended to this file as one JSON line, so the runner collects them all.
 */
const RECORDS_FILE = process.env.BENCH_RECORDS_FILE;

export interface BenchTarget {
  /** "at least" for throughput and ratios, "at most" for latencies and sizes. */
  kind: "at least" | "at most";
  value: number;
}

export interface BenchRecord {
  name: string;
  figure: number;
  unit: string;
  target: BenchTarget | null;
  holds: boolean;
}

const integer = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 3 });

function formatFigure(value: number): string {
  return Math.abs(value) >= 100 ? integer.format(value) : decimal.format(value);
}

export function printReportHeader(title: string): void {
  console.log(`\n${title}`);
  console.log(`${"figure".padEnd(52)} ${"measured".padStart(16)}  ${"target".padEnd(22)} holds`);
}

/** Prints one table row ("rates per second  412,345 /s  at least 200,000 /s  yes") and returns its record. */
export function reportFigure(name: string, figure: number, unit: string, target: BenchTarget | null): BenchRecord {
  const holds = target === null || (target.kind === "at least" ? figure >= target.value : figure <= target.value);
  const measured = `${formatFigure(figure)} ${unit}`;
  const wanted = target === null ? "-" : `${target.kind} ${formatFigure(target.value)} ${unit}`;
  console.log(
    `${name.padEnd(52)} ${measured.padStart(16)}  ${wanted.padEnd(22)} ${target === null ? "-" : holds ? "yes" : "NO"}`,
  );
  const record = { name, figure, unit, target, holds };
  if (RECORDS_FILE) appendFileSync(RECORDS_FILE, `${JSON.stringify(record)}\n`);
  return record;
}
