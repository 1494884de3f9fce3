/**
 * Impact analyses run as jobs inside the server process: started by one request, polled by the next ones
 * (ADR 0025). A job lives in memory for a while after it finishes so its report can be read; the store is
 * bounded, and closing the app aborts what is still running before the database closes.
 */
import { randomUUID } from "node:crypto";
import { type ImpactJob, toImpactReport } from "../../../domain/rating/impact";
import type { Database } from "../../db/client";
import type { RatingVersionRow } from "../../db/schema";
import { AppError } from "../../errors";
import { analyseRatingImpact } from "./analysis";

/** Finished jobs are kept this long for polling clients. */
const FINISHED_JOB_TTL_MS = 15 * 60_000;
/** Analyses running at once across the process; each is CPU-heavy. */
const MAX_RUNNING_JOBS = 2;
const MAX_KEPT_JOBS = 50;

interface JobEntry {
  job: ImpactJob;
  /** The version's updatedAt when the job started: an edited draft needs a new analysis. */
  versionStamp: number;
  controller: AbortController;
  done: Promise<void>;
  startedMs: number;
}

export interface ImpactJobStoreOptions {
  db: Database;
  now: () => Date;
  log?: { error(details: object, message: string): void };
}

export class ImpactJobStore {
  private readonly entries = new Map<string, JobEntry>();

  constructor(private readonly options: ImpactJobStoreOptions) {}

  /**
   * Starts an analysis of `version` (a draft), or returns the one already running or finished for the same
   * state of that draft, so a double click or a second admin does not double the work.
   */
  start(version: RatingVersionRow): ImpactJob {
    this.prune();
    const stamp = version.updatedAt.getTime();
    for (const entry of this.entries.values()) {
      if (entry.job.ratingVersionId === version.id && entry.versionStamp === stamp && entry.job.status !== "failed") {
        return this.snapshot(entry);
      }
    }
    const running = [...this.entries.values()].filter((entry) => entry.job.status === "running").length;
    if (running >= MAX_RUNNING_JOBS) {
      throw AppError.conflict(
        "Other impact analyses are running; try again when one of them finishes",
        "IMPACT_ANALYSIS_BUSY",
      );
    }
    const now = this.options.now();
    const controller = new AbortController();
    const job: ImpactJob = {
      id: randomUUID(),
      ratingVersionId: version.id,
      status: "running",
      processed: 0,
      total: 0,
      startedAt: now.toISOString(),
      finishedAt: null,
      elapsedMs: 0,
      error: null,
      report: null,
    };
    const startedMs = performance.now();
    const entry: JobEntry = { job, versionStamp: stamp, controller, startedMs, done: Promise.resolve() };
    entry.done = this.run(entry, version, now);
    this.entries.set(job.id, entry);
    return this.snapshot(entry);
  }

  /** The job, if it belongs to that version and is still kept. */
  find(versionId: string, jobId: string): ImpactJob | undefined {
    this.prune();
    const entry = this.entries.get(jobId);
    return entry && entry.job.ratingVersionId === versionId ? this.snapshot(entry) : undefined;
  }

  /** Aborts every running analysis and waits for each to stop. */
  async close(): Promise<void> {
    for (const entry of this.entries.values()) entry.controller.abort(new Error("The server is shutting down"));
    await Promise.all([...this.entries.values()].map((entry) => entry.done));
  }

  private async run(entry: JobEntry, version: RatingVersionRow, now: Date): Promise<void> {
    const { job } = entry;
    try {
      const summary = await analyseRatingImpact(this.options.db, {
        draft: version,
        now,
        signal: entry.controller.signal,
        onProgress: ({ processed, total }) => {
          job.processed = processed;
          job.total = total;
        },
      });
      job.report = toImpactReport(summary);
      job.status = "completed";
    } catch (error) {
      job.status = "failed";
      job.error = error instanceof Error ? error.message : String(error);
      if (!entry.controller.signal.aborted) {
        this.options.log?.error({ err: error, ratingVersionId: version.id }, "impact analysis failed");
      }
    } finally {
      job.finishedAt = this.options.now().toISOString();
      job.elapsedMs = Math.round(performance.now() - entry.startedMs);
    }
  }

  private snapshot(entry: JobEntry): ImpactJob {
    const elapsedMs =
      entry.job.status === "running" ? Math.round(performance.now() - entry.startedMs) : entry.job.elapsedMs;
    return { ...entry.job, elapsedMs };
  }

  private prune(): void {
    const cutoff = this.options.now().getTime() - FINISHED_JOB_TTL_MS;
    for (const [id, entry] of this.entries) {
      if (entry.job.finishedAt !== null && Date.parse(entry.job.finishedAt) < cutoff) this.entries.delete(id);
    }
    // Oldest finished first, if the store is still over its bound.
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= MAX_KEPT_JOBS) break;
      if (entry.job.status !== "running") this.entries.delete(id);
    }
  }
}
