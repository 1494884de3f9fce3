/**
 * An instance that loses PostgreSQL keeps running, answers 503 DATABASE_UNAVAILABLE while the database is gone,
 * and serves again as soon as it returns, without a restart. The cut is real: the app reaches PostgreSQL through
 * a small TCP relay that the test can sever (sockets destroyed, connections refused or reset), and the app's
 * sessions are also ended from the server side with pg_terminate_backend.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { type OpenDatabase, openDatabase } from "../../src/server/db/client";
import { seedDatabase } from "../../src/server/db/seed";
import { signIn } from "../support/auth";
import { createEmptyPostgresDatabase, postgresServerUrl } from "../support/database";
import { TEST_LOGIN_RATE_LIMIT, testConfig } from "../support/harness";

const UNAVAILABLE = { error: "The database is unavailable; try again shortly", code: "DATABASE_UNAVAILABLE" };

/**
 * A TCP relay to PostgreSQL: "open" passes traffic, "reset" accepts and drops at once, "silent" accepts and never
 * answers (a database host gone from the network), and refuse() stops listening.
 */
class DatabaseRelay {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly pairs = new Set<[Socket, Socket]>();
  private mode: "open" | "reset" | "silent" = "open";
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = createServer((client) => {
      if (this.mode === "reset") {
        client.destroy();
        return;
      }
      if (this.mode === "silent") {
        this.sockets.add(client);
        client.on("close", () => this.sockets.delete(client));
        client.on("error", () => client.destroy());
        return;
      }
      const upstream = tcpConnect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      client.on("close", () => this.pairs.delete(pair));
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.port, "127.0.0.1", () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    const address = this.server.address();
    if (address === null || typeof address === "string") throw new Error("The relay has no TCP address");
    this.port = address.port;
  }

  /** Cuts every open connection (both directions). */
  severAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Cuts every connection and stops listening: new connections are refused. */
  async refuse(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.severAll();
    await closed;
  }

  /** Listens again but drops every connection as soon as it opens. */
  async reset(): Promise<void> {
    this.mode = "reset";
    if (!this.server.listening) await this.listen();
  }

  /** Open connections stop carrying anything either way, as when the network between goes silent. */
  stall(): void {
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Listens again but never answers: connections hang until the client gives up. */
  async silence(): Promise<void> {
    this.mode = "silent";
    if (!this.server.listening) await this.listen();
  }

  /** Passes traffic again. */
  async restore(): Promise<void> {
    this.mode = "open";
    if (!this.server.listening) await this.listen();
  }

  async close(): Promise<void> {
    this.severAll();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Asks until `done` holds or the deadline passes; every answer on the way is handed to `check`. */
async function pollUntil<T>(
  ask: () => Promise<T>,
  done: (answer: T) => boolean,
  check: (answer: T) => void,
  deadlineMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const answer = await ask();
    check(answer);
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error("The condition did not hold before the deadline");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const serverUrl = postgresServerUrl();

describe.skipIf(!serverUrl)("losing the PostgreSQL database [postgres]", () => {
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let relay: DatabaseRelay;
  let database: OpenDatabase;
  let app: FastifyInstance;
  let databaseName: string;

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    const direct = new URL(empty.url);
    databaseName = direct.pathname.slice(1);
    const setup = await openDatabase({ databaseUrl: empty.url, dataDir: "" }, { poolSize: 2 });
    try {
      await setup.migrate();
      await seedDatabase(setup.db, { seedDemo: true, initialAdmin: undefined });
    } finally {
      await setup.close();
    }
    relay = new DatabaseRelay(direct.hostname, Number(direct.port || 5432));
    await relay.listen();
    const relayed = new URL(empty.url);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(relay.port);
    database = await openDatabase(
      { databaseUrl: relayed.toString(), dataDir: "" },
      { poolSize: 5, connectionTimeoutMs: 1_000 },
    );
    app = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      loginRateLimit: TEST_LOGIN_RATE_LIMIT,
    });
    // A request whose query is still running when its connection is cut.
    app.get("/api/test-slow-query", async () => {
      await app.db.execute(sql`select pg_sleep(5)`);
      return { finished: true };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.close();
    await empty?.drop();
  });

  it("answers 503 DATABASE_UNAVAILABLE while the database is unreachable and serves again once it returns", async () => {
    const cookie = await signIn(app, "BROKER");
    const listQuotes = () => app.inject({ method: "GET", url: "/api/quotes", headers: { cookie } });
    expect((await listQuotes()).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    // The network goes silent under the pooled connections: /healthz still answers, within its own deadline.
    relay.stall();
    const stalledAt = Date.now();
    const stalled = await app.inject({ method: "GET", url: "/healthz" });
    expect(stalled.statusCode).toBe(503);
    expect(stalled.json()).toEqual(UNAVAILABLE);
    expect(Date.now() - stalledAt).toBeLessThan(10_000);

    // Connections refused: the pooled ones are cut and no new one can be opened.
    await relay.refuse();
    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual(UNAVAILABLE);
    const quotes = await listQuotes();
    expect(quotes.statusCode).toBe(503);
    expect(quotes.json()).toEqual(UNAVAILABLE);
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.com", password: "whatever" },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual(UNAVAILABLE);

    // Connections accepted and dropped at once.
    await relay.reset();
    const dropped = await listQuotes();
    expect(dropped.statusCode).toBe(503);
    expect(dropped.json()).toEqual(UNAVAILABLE);

    // Connections that are never answered: the request gives up after the pool's connection timeout.
    await relay.silence();
    const started = Date.now();
    const unanswered = await app.inject({ method: "GET", url: "/healthz" });
    expect(unanswered.statusCode).toBe(503);
    expect(unanswered.json()).toEqual(UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(10_000);
    relay.severAll();

    // The database is back: the very next request is served, with the session made before the outage.
    await relay.restore();
    expect((await listQuotes()).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("answers 503, never 500, when a request's connection is cut mid-query, and the next one is served", async () => {
    const cookie = await signIn(app, "BROKER");
    const slow = app.inject({ method: "GET", url: "/api/test-slow-query" });
    // Sever once PostgreSQL is running the query.
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await pollUntil(
        async () =>
          (
            await admin.query(
              "select 1 from pg_stat_activity where datname = $1 and state = 'active' and query like 'select pg_sleep%'",
              [databaseName],
            )
          ).rowCount,
        (running) => (running ?? 0) > 0,
        () => {},
      );
    } finally {
      await admin.end();
    }
    relay.severAll();
    const cut = await slow;
    expect(cut.statusCode).toBe(503);
    expect(cut.json()).toEqual(UNAVAILABLE);
    // Idle connections cut at the same moment may not have reported it yet: a request that draws one hears 503
    // (its query may have reached the database, so it is not silently repeated); none hears 500.
    await pollUntil(
      () => app.inject({ method: "GET", url: "/api/quotes", headers: { cookie } }),
      (response) => response.statusCode === 200,
      (response) => {
        expect([200, 503]).toContain(response.statusCode);
        if (response.statusCode === 503) expect(response.json()).toEqual(UNAVAILABLE);
      },
    );
  });

  it("keeps running when a connection checked out for a transaction is ended between two statements", async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const failed = database.db.transaction(async (tx) => {
        const [row] = (
          (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
        ).rows;
        // Ended while the transaction holds the connection and no statement is running on it: the connection's
        // error reaches no request, and must not end the process (Vitest fails the run on an uncaught error).
        await admin.query("select pg_terminate_backend($1)", [row?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(failed).rejects.toThrow();
    } finally {
      await admin.end();
    }
    const cookie = await signIn(app, "BROKER");
    await pollUntil(
      () => app.inject({ method: "GET", url: "/api/quotes", headers: { cookie } }),
      (response) => response.statusCode === 200,
      (response) => expect([200, 503]).toContain(response.statusCode),
    );
  });

  it("survives PostgreSQL ending its sessions (pg_terminate_backend) and serves again", async () => {
    const cookie = await signIn(app, "BROKER");
    // Fill the pool with idle connections so the terminations reach clients nobody is using.
    await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: "GET", url: "/api/quotes", headers: { cookie } })),
    );
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const terminated = await admin.query(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [databaseName],
      );
      expect(terminated.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // A request racing the terminations may hear 503; none may fail with 500, and service comes back.
    await pollUntil(
      () => app.inject({ method: "GET", url: "/api/quotes", headers: { cookie } }),
      (response) => response.statusCode === 200,
      (response) => {
        expect([200, 503]).toContain(response.statusCode);
        if (response.statusCode === 503) expect(response.json()).toEqual(UNAVAILABLE);
      },
    );
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});
