/**
 * Impact analyses as jobs kept in the database (ADR 0044, amending ADR 0025): any instance starts one, the queue
 * hands it to a free worker of any instance, and any instance answers a poll from the row. The instance running
 * a job writes its progress and a heartbeat every few seconds; a job whose heartbeat stops (its server died) is
 * marked failed with a reason at the next start or poll, so no job stays running for ever.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { type ImpactJob, toImpactReport } from "../../../domain/rating/impact";
import type { Database, DatabaseKind } from "../../db/client";
import { type ImpactJobRow, impactJobs, type RatingVersionRow } from "../../db/schema";
import { AppError } from "../../errors";
import { findVersion } from "../rating-versions/repository";
import { analyseRatingImpact } from "./analysis";
import { ImpactQueue, type ImpactQueueMessage } from "./queue";

/** Finished jobs are kept this long for polling clients. */
export const FINISHED_JOB_TTL_MS = 15 * 60_000;
/** Analyses running at once across every instance; each is CPU-heavy. */
export const MAX_RUNNING_JOBS = 2;
/** How often the running instance writes progress and its heartbeat: the editor's bar moves each second. */
export const HEARTBEAT_MS = 1_000;
/** A running job whose heartbeat is older than this has lost its server. */
export const STALE_AFTER_MS = 20_000;

export const SERVER_STOPPED = "The server running this analysis stopped; start it again";
export const SERVER_SHUT_DOWN = "The server running this analysis was shut down; start it again";
export const IMPACT_JOB_NOT_FOUND = "Impact analysis not found (finished analyses are kept for 15 minutes)";

/** An arbitrary constant key: starts on every instance decide the limit one at a time. */
const START_LOCK_KEY = 7_042_044;

export interface ImpactJobStoreOptions {
  db: Database;
  kind: DatabaseKind;
  now: () => Date;
  log?: { error(details: object, message: string): void };
}

export class ImpactJobStore {
  private readonly queue: ImpactQueue;
  /** Analyses this instance is running, by job id, so closing the app can stop them. */
  private readonly running = new Map<string, AbortController>();
  private closing = false;
  private readonly instance = `${hostname()}:${process.pid}`;

  constructor(private readonly options: ImpactJobStoreOptions) {
    this.queue = new ImpactQueue({
      db: options.db,
      kind: options.kind,
      workers: MAX_RUNNING_JOBS,
      handle: (message) => this.run(message),
      log: options.log,
    });
  }

  /** Starts this instance's workers; a failure is logged and retried on the next start of a job. */
  open(): void {
    this.queue.start().catch((error: unknown) => {
      this.options.log?.error({ err: error }, "impact analysis queue did not start");
    });
  }

  /**
   * Starts an analysis of `version` (a draft), or returns the one already running or finished for the same
   * state of that draft, so a double click or a second admin on another instance does not double the work.
   */
  async start(version: RatingVersionRow): Promise<ImpactJob> {
    const now = this.options.now();
    const stamp = version.updatedAt;
    const { job, created } = await this.options.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK_KEY})`);
      await sweep(tx, now);
      const [existing] = await tx
        .select()
        .from(impactJobs)
        .where(
          and(
            eq(impactJobs.ratingVersionId, version.id),
            eq(impactJobs.versionStamp, stamp),
            ne(impactJobs.status, "failed"),
          ),
        )
        .limit(1);
      if (existing) return { job: existing, created: false };
      const [{ running } = { running: 0 }] = await tx
        .select({ running: sql<number>`count(*)::int` })
        .from(impactJobs)
        .where(eq(impactJobs.status, "running"));
      if (running >= MAX_RUNNING_JOBS) {
        throw new AppError("IMPACT_ANALYSIS_BUSY");
      }
      const [inserted] = await tx
        .insert(impactJobs)
        .values({
          id: randomUUID(),
          ratingVersionId: version.id,
          versionStamp: stamp,
          status: "running",
          startedAt: now,
        })
        .returning();
      if (!inserted) throw new Error("impact job not stored");
      return { job: inserted, created: true };
    });
    if (created) {
      try {
        await this.queue.send({ jobId: job.id });
      } catch (error) {
        await this.finish(job.id, { status: "failed", error: "The analysis could not be queued; start it again" });
        throw error;
      }
    }
    return this.toJob(job);
  }

  /** The job, if it belongs to that version and is still kept. */
  async find(versionId: string, jobId: string): Promise<ImpactJob | undefined> {
    await sweep(this.options.db, this.options.now());
    const [row] = await this.options.db
      .select()
      .from(impactJobs)
      .where(and(eq(impactJobs.id, jobId), eq(impactJobs.ratingVersionId, versionId)));
    return row ? this.toJob(row) : undefined;
  }

  /**
   * Stops this instance's analyses (each is marked failed with the reason, so a poll on another instance
   * says so at once), then stops the queue, before the database closes.
   */
  async close(): Promise<void> {
    this.closing = true;
    const ids = [...this.running.keys()];
    for (const controller of this.running.values()) controller.abort(new Error(SERVER_SHUT_DOWN));
    // Said at once, not when the analysis next looks at its signal: a page query may hold it for a while.
    if (ids.length > 0) {
      await this.options.db
        .update(impactJobs)
        .set({ status: "failed", error: SERVER_SHUT_DOWN, finishedAt: this.options.now(), heartbeatAt: sql`now()` })
        .where(and(inArray(impactJobs.id, ids), eq(impactJobs.status, "running")))
        .catch((error: unknown) => this.options.log?.error({ err: error }, "impact analyses not marked stopped"));
    }
    await this.queue.stop();
  }

  /** Runs one job the queue handed to this instance. */
  private async run({ jobId }: ImpactQueueMessage): Promise<void> {
    const claimed = await this.options.db
      .update(impactJobs)
      .set({ runBy: this.instance, heartbeatAt: sql`now()` })
      .where(and(eq(impactJobs.id, jobId), eq(impactJobs.status, "running")))
      .returning();
    const job = claimed[0];
    if (!job) return; // failed or gone meanwhile
    const version = await findVersion(this.options.db, job.ratingVersionId);
    if (version?.status !== "DRAFT") {
      await this.finish(jobId, { status: "failed", error: "The draft was published or deleted during the analysis" });
      return;
    }
    // Checked with no wait before the job is listed, so closing either sees it running or it never starts.
    if (this.closing) {
      await this.finish(jobId, { status: "failed", error: SERVER_SHUT_DOWN });
      return;
    }
    const controller = new AbortController();
    this.running.set(jobId, controller);
    const startedMs = performance.now();
    let progress = { processed: 0, total: 0 };
    // Progress and heartbeat in one write every few seconds, never per quote.
    const beat = async () => {
      const updated = await this.options.db
        .update(impactJobs)
        .set({ processed: progress.processed, total: progress.total, heartbeatAt: sql`now()` })
        .where(and(eq(impactJobs.id, jobId), eq(impactJobs.status, "running")))
        .returning({ id: impactJobs.id });
      // Marked failed by another instance (this one looked dead): stop rather than overwrite its answer.
      if (updated.length === 0) controller.abort(new Error(SERVER_STOPPED));
    };
    const timer = setInterval(() => {
      beat().catch((error: unknown) => this.options.log?.error({ err: error, jobId }, "impact progress not saved"));
    }, HEARTBEAT_MS);
    try {
      const summary = await analyseRatingImpact(this.options.db, {
        draft: version,
        now: job.startedAt,
        signal: controller.signal,
        onProgress: (next) => {
          progress = next;
        },
      });
      clearInterval(timer);
      await this.finish(jobId, {
        status: "completed",
        processed: progress.processed,
        total: progress.total,
        report: toImpactReport(summary),
        elapsedMs: Math.round(performance.now() - startedMs),
      });
    } catch (error) {
      clearInterval(timer);
      if (!controller.signal.aborted) {
        this.options.log?.error({ err: error, ratingVersionId: version.id }, "impact analysis failed");
      }
      await this.finish(jobId, {
        status: "failed",
        error: error instanceof Error ? error.message : String(error),
        elapsedMs: Math.round(performance.now() - startedMs),
      }).catch((saveError: unknown) =>
        this.options.log?.error({ err: saveError, jobId }, "impact analysis failure not saved"),
      );
    } finally {
      this.running.delete(jobId);
    }
  }

  /** Records the end of a running job (once: a job already ended keeps its first answer). */
  private async finish(jobId: string, end: Partial<ImpactJobRow> & Pick<ImpactJobRow, "status">): Promise<void> {
    await this.options.db
      .update(impactJobs)
      .set({ ...end, finishedAt: this.options.now(), heartbeatAt: sql`now()` })
      .where(and(eq(impactJobs.id, jobId), eq(impactJobs.status, "running")));
  }

  private toJob(row: ImpactJobRow): ImpactJob {
    const elapsedMs =
      row.status === "running" ? Math.max(0, this.options.now().getTime() - row.startedAt.getTime()) : row.elapsedMs;
    return {
      id: row.id,
      ratingVersionId: row.ratingVersionId,
      status: row.status,
      processed: row.processed,
      total: row.total,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      elapsedMs,
      error: row.error,
      report: row.report ?? null,
    };
  }
}

/**
 * Ends what no server is running any more (its heartbeat stopped) and forgets finished jobs past their time.
 * One statement each on a table of a few rows, run before every start and poll.
 */
async function sweep(db: Database, now: Date): Promise<void> {
  await db
    .update(impactJobs)
    .set({ status: "failed", error: SERVER_STOPPED, finishedAt: now })
    .where(
      and(
        eq(impactJobs.status, "running"),
        lt(impactJobs.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`),
      ),
    );
  await db.delete(impactJobs).where(lt(impactJobs.finishedAt, new Date(now.getTime() - FINISHED_JOB_TTL_MS)));
}
