/**
 * The queue that hands impact analyses to whichever instance is free (ADR 0044): pg-boss, in its own schema of
 * the product's database, reached through the app's own connection (the PGlite instance or the node-postgres
 * pool), so the embedded database runs the same code in one process as several instances do on PostgreSQL.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import type PgBoss from "pg-boss";
import type { Database, DatabaseKind } from "../../db/client";

export const IMPACT_QUEUE = "impact-analysis";

export interface ImpactQueueMessage {
  jobId: string;
}

export interface ImpactQueueOptions {
  db: Database;
  kind: DatabaseKind;
  /** Analyses this instance runs at once; the limit across instances is kept when a job starts. */
  workers: number;
  handle(message: ImpactQueueMessage): Promise<void>;
  log?: { error(details: object, message: string): void };
}

/**
 * pg-boss's `db` option: every statement through the connection the rest of the app uses. Its scripts (schema
 * install and upgrades, queue creation) are several statements in one text with their own BEGIN and COMMIT;
 * one failing mid-way, as the second of two instances installing at once does by design, would leave its
 * transaction open on a connection the app's requests then use. Each script is therefore rolled back on error.
 */
function sqlExecutor(db: Database, kind: DatabaseKind): PgBoss.Db {
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === "pglite") {
    const pglite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        // Inside PGlite's own transaction (only exec takes several statements): an error rolls it back.
        const results = await pglite.transaction((tx) => tx.exec(text));
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = client as Pool;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pool.query(text, values);
      const connection = await pool.connect();
      let broken: Error | undefined;
      try {
        return await connection.query(text);
      } catch (error) {
        await connection.query("rollback").catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection that cannot even roll back is dropped from the pool, not handed to a request.
        connection.release(broken);
      }
    },
  };
}

export class ImpactQueue {
  private boss: PgBoss | undefined;
  /** This instance's workers, woken at once when it sends a job itself. */
  private readonly workerIds: string[] = [];
  private starting: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: ImpactQueueOptions) {}

  /** Installs or upgrades the queue's schema on first use and starts this instance's workers. */
  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error("The server is shutting down"));
    // A start that failed (the database away at boot) is tried again by the next caller, not remembered.
    this.starting ??= this.open().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  /** Puts a job on the queue; the first free worker of any instance takes it. */
  async send(message: ImpactQueueMessage): Promise<void> {
    await this.start();
    // A job too old to be running is the analysis's own affair (its heartbeat); the queue never retries it.
    await this.boss?.send(IMPACT_QUEUE, message, { retryLimit: 0, expireInHours: 2 });
    // The workers poll every half second; the instance that took the request wakes its own at once, so an
    // analysis starts as soon as it is asked for. Another instance's free worker may still take it first.
    for (const workerId of this.workerIds) this.boss?.notifyWorker(workerId);
  }

  /** Stops taking jobs and waits for this instance's handlers to return (they are aborted by then). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.starting) return;
    try {
      await this.starting;
    } catch {
      return;
    }
    await this.boss?.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
  }

  private async open(): Promise<void> {
    // Imported once the app is ready and without holding up its first answers (ADR 0038).
    const { default: Boss } = await import("pg-boss");
    const boss = new Boss({
      db: sqlExecutor(this.options.db, this.options.kind),
      schedule: false,
      supervise: true,
      // Finished queue entries are of no use: the job's state lives in impact_jobs.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
    // While the database is away every poll fails: one line a minute says so without flooding the log.
    let lastLoggedMs = Number.NEGATIVE_INFINITY;
    boss.on("error", (error) => {
      const nowMs = Date.now();
      if (nowMs - lastLoggedMs < 60_000) return;
      lastLoggedMs = nowMs;
      this.options.log?.error({ err: error }, "impact analysis queue error (further ones within a minute not logged)");
    });
    await boss.start();
    try {
      await boss.createQueue(IMPACT_QUEUE, { name: IMPACT_QUEUE, retryLimit: 0 });
      for (let worker = 0; worker < this.options.workers; worker++) {
        const workerId = await boss.work<ImpactQueueMessage>(
          IMPACT_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: 0.5 },
          async (jobs) => {
            for (const job of jobs) await this.options.handle(job.data);
          },
        );
        this.workerIds.push(workerId);
      }
    } catch (error) {
      // Half started, it would keep its timers; the next start makes a whole one.
      await boss.stop({ graceful: false, close: false }).catch(() => {});
      throw error;
    }
    this.boss = boss;
  }
}
