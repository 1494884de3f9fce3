/**
 * Impact analyses across server processes on one PostgreSQL database (ADR 0044): a job started on one instance
 * is polled to completion on another, the limit of two running analyses holds across instances, and a job whose
 * server is killed or shut down ends failed with the reason instead of running for ever.
 *
 * While a test needs jobs to stay running, it holds an exclusive lock on the book's tables from its own
 * connection: the analyses then wait on their first read, however fast the machine, and go on when it lets go.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureLoadBrokers, loadQuotes } from "../../scripts/seed-load";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import type { ImpactJob } from "../../src/domain/rating/impact";
import { type OpenDatabase, openDatabase } from "../../src/server/db/client";
import { SERVER_SHUT_DOWN, SERVER_STOPPED, STALE_AFTER_MS } from "../../src/server/features/impact/jobs";
import { type ServerProcess, signInOver, startServerProcess } from "../durability/server-process";
import { createEmptyPostgresDatabase, postgresServerUrl } from "../support/database";

const BOOK_SIZE = 3_000;
/** A killed server's job is failed by the next poll once its heartbeat is this old, plus a poll's time. */
const STOPPED_BOUND_MS = STALE_AFTER_MS + 10_000;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe.skipIf(!postgresServerUrl())("impact analysis jobs across instances on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let direct: OpenDatabase;
  const servers: ServerProcess[] = [];
  const admins = new Map<ServerProcess, string>();
  const drafts: string[] = [];

  async function startServer(): Promise<ServerProcess> {
    const server = await startServerProcess({ databaseUrl: database.url });
    servers.push(server);
    admins.set(server, await signInOver(server.baseURL, "admin@example.com", "Admin-Demo-2026"));
    return server;
  }

  async function startJob(server: ServerProcess, versionId: string) {
    const response = await fetch(`${server.baseURL}/api/rating/versions/${versionId}/impact`, {
      method: "POST",
      headers: { cookie: admins.get(server) ?? "", origin: server.baseURL },
    });
    return { status: response.status, body: (await response.json()) as { data: ImpactJob; code?: string } };
  }

  async function poll(server: ServerProcess, job: ImpactJob): Promise<ImpactJob> {
    const response = await fetch(`${server.baseURL}/api/rating/versions/${job.ratingVersionId}/impact/${job.id}`, {
      headers: { cookie: admins.get(server) ?? "" },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: ImpactJob }).data;
  }

  async function pollUntilEnded(server: ServerProcess, job: ImpactJob, timeoutMs: number): Promise<ImpactJob> {
    const deadline = Date.now() + timeoutMs;
    let current = job;
    while (current.status === "running") {
      if (Date.now() > deadline) throw new Error(`Job still running after ${timeoutMs} ms: ${JSON.stringify(current)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = await poll(server, current);
    }
    return current;
  }

  /** The instance the queue gave the job to, once it has taken it. */
  async function runnerOf(jobId: string): Promise<ServerProcess> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const [row] = rowsOf<{ run_by: string | null }>(
        await direct.db.execute(sql`select run_by from impact_jobs where id = ${jobId}`),
      );
      const pid = Number(row?.run_by?.split(":").at(-1));
      const server = servers.find((candidate) => candidate.child.pid === pid);
      if (server) return server;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("No instance took the job");
  }

  /** Holds the book so analyses wait on their first read; returns the release. */
  async function holdTheBook(): Promise<() => Promise<void>> {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("begin");
    await client.query("lock table quotes, quote_rating_inputs in access exclusive mode");
    let released: Promise<void> | undefined;
    return () => {
      released ??= client.query("commit").then(() => client.end());
      return released;
    };
  }

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    // The first migrates and seeds; the second then finds the database ready.
    const first = await startServer();
    await startServer();
    direct = await openDatabase({ databaseUrl: database.url, dataDir: "" }, { poolSize: 2 });
    const [underwriter] = rowsOf<{ id: string }>(
      await direct.db.execute(sql`select id from users where role = 'UNDERWRITER' limit 1`),
    );
    const brokers = await ensureLoadBrokers(direct.db, 3);
    await loadQuotes(direct, {
      count: BOOK_SIZE,
      brokers,
      underwriterId: underwriter?.id ?? "",
      now: new Date(),
      profileCount: 200,
    });
    for (let i = 1; i <= 5; i++) {
      const created = await fetch(`${first.baseURL}/api/rating/versions`, {
        method: "POST",
        headers: { cookie: admins.get(first) ?? "", origin: first.baseURL, "content-type": "application/json" },
        body: JSON.stringify({
          name: `D/C-PI draft ${i}`,
          notes: `Base rate +${i}%`,
          json: { ...DC_PI_RATING_CONFIG, version: `2.0.${i}-draft`, baseRate: 750 + i * 10 },
          effectiveFrom: "2027-01-01",
        }),
      });
      expect(created.status).toBe(201);
      drafts.push(((await created.json()) as { data: { id: string } }).data.id);
    }
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await direct?.close();
    await database?.drop();
  }, 60_000);

  it("polls to completion on one instance a job started on the other", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const started = await startJob(a, drafts[0] ?? "");
    expect(started.status).toBe(202);
    expect(started.body.data.status).toBe("running");
    const done = await pollUntilEnded(b, started.body.data, 60_000);
    expect(done).toMatchObject({ status: "completed", error: null });
    // The book spans 18 months; the analysis takes the last 12 of them.
    expect(done.total).toBeGreaterThan(BOOK_SIZE / 2);
    expect(done.processed).toBe(done.total);
    expect(done.report?.quoteCount).toBe(done.total);
    // Started again on the other instance, the same state of the draft joins the finished job.
    const again = await startJob(b, drafts[0] ?? "");
    expect(again.body.data.id).toBe(done.id);
  }, 90_000);

  it("refuses a third analysis while two run, whichever instance each was started on", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const release = await holdTheBook();
    try {
      const first = await startJob(a, drafts[1] ?? "");
      const second = await startJob(b, drafts[2] ?? "");
      expect([first.status, second.status]).toEqual([202, 202]);
      const third = await startJob(a, drafts[3] ?? "");
      expect(third.status).toBe(409);
      expect(third.body.code).toBe("IMPACT_ANALYSIS_BUSY");
      expect((await startJob(b, drafts[3] ?? "")).status).toBe(409);
      await release();
      const ended = await Promise.all([
        pollUntilEnded(b, first.body.data, 60_000),
        pollUntilEnded(a, second.body.data, 60_000),
      ]);
      expect(ended.map((job) => job.status)).toEqual(["completed", "completed"]);
    } finally {
      await release();
    }
  }, 120_000);

  it("marks a shut-down instance's analysis failed with the reason before its database closes", async () => {
    const release = await holdTheBook();
    try {
      const started = await startJob(servers[0] as ServerProcess, drafts[3] ?? "");
      expect(started.status).toBe(202);
      const runner = await runnerOf(started.body.data.id);
      const other = servers.find((server) => server !== runner) as ServerProcess;
      runner.child.kill("SIGTERM");
      const ended = await pollUntilEnded(other, started.body.data, 20_000);
      expect(ended).toMatchObject({ status: "failed", error: SERVER_SHUT_DOWN });
      await release();
      expect(await runner.exited).toEqual({ code: 0, signal: null });
      servers.splice(servers.indexOf(runner), 1);
    } finally {
      await release();
    }
    await startServer();
  }, 150_000);

  it("fails a killed instance's analysis with the reason within the stated bound, and it can be started again", async () => {
    const release = await holdTheBook();
    let survivor: ServerProcess;
    try {
      const started = await startJob(servers[0] as ServerProcess, drafts[4] ?? "");
      expect(started.status).toBe(202);
      const runner = await runnerOf(started.body.data.id);
      survivor = servers.find((server) => server !== runner) as ServerProcess;
      await runner.kill();
      const killedAt = Date.now();
      servers.splice(servers.indexOf(runner), 1);
      const ended = await pollUntilEnded(survivor, started.body.data, STOPPED_BOUND_MS);
      expect(ended).toMatchObject({ status: "failed", error: SERVER_STOPPED });
      expect(Date.now() - killedAt).toBeLessThanOrEqual(STOPPED_BOUND_MS);
    } finally {
      await release();
    }
    const again = await startJob(survivor, drafts[4] ?? "");
    expect(again.status).toBe(202);
    const done = await pollUntilEnded(survivor, again.body.data, 60_000);
    expect(done.status).toBe("completed");
  }, 150_000);
});
