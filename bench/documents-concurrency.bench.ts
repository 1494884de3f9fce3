/**
 * /healthz while documents render, through the production server: a broker's largest statement of fact (a
 * hundred recurring contracts, every free text at its limit) asked for eight times at once, first by that
 * broker alone, then by three users together. Another client asks GET /healthz every 10 ms throughout; its
 * 99th percentile during the renders is held against the target, and printed beside the same figure with
 * nothing rendering (the limit, measured in this run) and the ratio of the two.
 *
 * Target: /healthz p99 at most 100 ms while eight of the largest statements of fact render at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ACTIVITY_SPLIT,
  DESIGN_LIABILITY,
  FINANCIAL_OVERVIEW,
  STEP_ONE,
  STEP_SEVEN,
} from "../tests/api/quotes-fixtures";
import { largestQuoteForDocuments } from "../tests/support/largest-quote";
import { ADMIN, BROKER, send, signInCookie, UNDERWRITER } from "./lib/client";
import { percentile, probeHealth } from "./lib/latency";
import { type BenchRecord, printReportHeader, reportFigure } from "./lib/report";
import { startProductionServer } from "./startup.bench";

const AT_ONCE = 8;
const PROBE_INTERVAL_MS = 10;
const IDLE_MS = 3_000;
const TARGET_P99_MS = 100;

/** The largest quote the wizard accepts, saved step by step and rated as a broker would. */
async function createLargestQuote(url: string, cookie: string): Promise<string> {
  const largest = largestQuoteForDocuments();
  const created = (await send(url, cookie, "POST", "/api/quotes", STEP_ONE)) as { data: { id: string } };
  const id = created.data.id;
  for (const body of [
    { financialOverview: FINANCIAL_OVERVIEW },
    { designLiability: DESIGN_LIABILITY },
    { activitySplit: ACTIVITY_SPLIT },
    { contracts: largest.contracts },
    { declaration: largest.declaration },
  ]) {
    await send(url, cookie, "PATCH", `/api/quotes/${id}`, body);
  }
  await send(url, cookie, "POST", `/api/quotes/${id}/rate`, STEP_SEVEN);
  return id;
}

/** Renders every request's statement of fact at once while /healthz is probed; every answer must be a PDF. */
async function duringRenders(url: string, quoteId: string, cookies: readonly string[]): Promise<number[]> {
  const probe = probeHealth(url, PROBE_INTERVAL_MS);
  const started = performance.now();
  const statuses = await Promise.all(
    cookies.map(async (cookie) => {
      const response = await fetch(`${url}/api/quotes/${quoteId}/statement-of-fact`, {
        method: "POST",
        headers: { cookie, origin: url },
      });
      const bytes = (await response.arrayBuffer()).byteLength;
      return { status: response.status, bytes };
    }),
  );
  const latencies = await probe.stop();
  if (statuses.some(({ status }) => status !== 200)) {
    throw new Error(`A render failed: ${statuses.map(({ status }) => status).join(", ")}`);
  }
  const size = Math.round((statuses[0]?.bytes ?? 0) / 1024);
  console.log(`  ${cookies.length} renders of ${size} KB in ${Math.round(performance.now() - started)} ms`);
  return latencies;
}

export async function runDocumentsConcurrencyBenchmark(): Promise<BenchRecord[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "pqe-bench-documents-"));
  const server = await startProductionServer({ DATA_DIR: dataDir });
  try {
    const { url } = server;
    const broker = await signInCookie(url, BROKER.email, BROKER.password);
    const underwriter = await signInCookie(url, UNDERWRITER.email, UNDERWRITER.password);
    const admin = await signInCookie(url, ADMIN.email, ADMIN.password);
    const quoteId = await createLargestQuote(url, broker);
    // Warm: the worker threads started, the fonts parsed, the code optimised, as on a server in use.
    await duringRenders(url, quoteId, [broker, underwriter, admin]);

    const idleProbe = probeHealth(url, PROBE_INTERVAL_MS);
    await new Promise((wait) => setTimeout(wait, IDLE_MS));
    const idle = percentile(await idleProbe.stop(), 99);
    const oneBroker = percentile(await duringRenders(url, quoteId, Array(AT_ONCE).fill(broker)), 99);
    const severalUsers = [broker, broker, broker, underwriter, underwriter, underwriter, admin, admin];
    const several = percentile(await duringRenders(url, quoteId, severalUsers), 99);

    printReportHeader(`Documents: /healthz while ${AT_ONCE} of the largest statements of fact render`);
    return [
      reportFigure("documents: /healthz p99 with nothing rendering (limit)", idle, "ms", null),
      reportFigure(`documents: /healthz p99, ${AT_ONCE} renders from one broker`, oneBroker, "ms", {
        kind: "at most",
        value: TARGET_P99_MS,
      }),
      reportFigure(`documents: /healthz p99, ${AT_ONCE} renders from 3 users`, several, "ms", {
        kind: "at most",
        value: TARGET_P99_MS,
      }),
      reportFigure("documents: one broker vs the limit", oneBroker / idle, "x", null),
      reportFigure("documents: 3 users vs the limit", several / idle, "x", null),
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const records = await runDocumentsConcurrencyBenchmark();
  if (records.some((record) => !record.holds)) process.exitCode = 1;
}
