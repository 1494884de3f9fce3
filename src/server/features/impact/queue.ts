/**
 * The queue that hands impact analyses to whichever instance is free (ADR 0044, ADR 0051): pg-boss, in its own
 * schema of the product's database, reached through the app's own connection (the PGlite instance or the
 * node-postgres pool), so the embedded database runs the same code in one process as several instances do on
 * PostgreSQL.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { Pool, QueryResult } from "pg";
import type { Db, PgBoss } from "pg-boss";
import type { Database, DatabaseKind } from "../../db/client";

export const IMPACT_QUEUE = "impact-analysis";

/**
 * pg-boss 12's schema. Not `pgboss`, where pg-boss 10 kept its tables: pg-boss 12 cannot migrate those (it
 * migrates from pg-boss 11's schema on), and an instance of the previous release may still be polling them
 * during a rolling upgrade, so each release keeps its own queue and neither breaks the other (ADR 0051).
 */
export const QUEUE_SCHEMA = "job_queue";

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

/** The rows of every statement of a script, in order, as pg-boss reads a script's answer. */
function rowsOfAll(results: readonly { rows: unknown[] }[]): { rows: unknown[] } {
  return { rows: results.flatMap((result) => result.rows) };
}

/**
 * pg-boss's `db` option: every statement through the connection the rest of the app uses. Its scripts (schema
 * install and upgrades, queue creation, its locked maintenance steps) are several statements in one text with
 * their own BEGIN and COMMIT, some answering rows from a statement before the COMMIT; one failing mid-way, as
 * the second of two instances installing at once does by design, would leave its transaction open on a
 * connection the app's requests then use. Each script is therefore rolled back on error.
 */
function sqlExecutor(db: Database, kind: DatabaseKind): Db {
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === "pglite") {
    const pglite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        // Inside PGlite's own transaction (only exec takes several statements): an error rolls it back, and
        // the app's queries wait for it rather than run inside a script's half-done transaction.
        return rowsOfAll(await pglite.transaction((tx) => tx.exec(text)));
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
        // node-postgres answers a script with one result per statement.
        const result = (await connection.query(text)) as QueryResult | QueryResult[];
        return Array.isArray(result) ? rowsOfAll(result) : result;
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
    await this.boss?.send(IMPACT_QUEUE, message);
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
    // Graceful: waits (at most 5 s) for this instance's handlers to return.
    await this.boss?.stop({ graceful: true, close: false, timeout: 5_000 });
  }

  private async open(): Promise<void> {
    // Imported once the app is ready and without holding up its first answers (ADR 0038).
    const { PgBoss: Boss } = await import("pg-boss");
    const boss = new Boss({
      db: sqlExecutor(this.options.db, this.options.kind),
      backend: this.options.kind === "pglite" ? "pglite" : "postgres",
      schema: QUEUE_SCHEMA,
      schedule: false,
      supervise: true,
      // Which instance runs a job is in impact_jobs (runBy); pg-boss's own registry of instances would only
      // add a write every 30 s per instance.
      registerInstance: false,
      // The queue holds a few rows at a time; rebuilding its indexes online is never worth a maintenance step.
      reindex: false,
      // No job here waits on another: the poll for dependencies would be a gated write every 5 s per instance.
      flowIntervalSeconds: 3600,
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
      await boss.createQueue(IMPACT_QUEUE, {
        // Whether an analysis lives is its heartbeat's business (impact_jobs); the queue never retries one.
        retryLimit: 0,
        expireInSeconds: 2 * 3600,
        // Finished queue entries are of no use: the job's state lives in impact_jobs.
        deleteAfterSeconds: 3600,
      });
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
