/**
 * Impact analyses on a database that the previous release queued them in with pg-boss 10 (ADR 0051). pg-boss 12
 * cannot migrate pg-boss 10's schema, so it keeps its queue in a schema of its own: on such a database it
 * installs that schema beside the old one, runs analyses from it, and leaves pg-boss 10's schema and entries as
 * they were, for an instance of the previous release that still polls them during a rolling upgrade.
 *
 * The database starts with pg-boss 10.4.2's schema exactly as that version left it (tests/support/pgboss-10-schema.sql:
 * the impact-analysis queue with one entry waiting, one taken and one completed).
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { fromPglite, PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import type { ImpactJob } from "../../src/domain/rating/impact";
import { buildApp } from "../../src/server/app";
import { seedDatabase } from "../../src/server/db/seed";
import { IMPACT_QUEUE, QUEUE_SCHEMA } from "../../src/server/features/impact/queue";
import { signIn } from "../support/auth";
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database";
import { TEST_LOGIN_RATE_LIMIT, testConfig } from "../support/harness";

const PGBOSS_10_SCHEMA = readFileSync(new URL("../support/pgboss-10-schema.sql", import.meta.url), "utf8");

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

for (const kind of testDatabaseKinds()) {
  describe(`impact analysis queue on a database pg-boss 10 used [${kind}]`, () => {
    let database: TestDatabase;
    let app: FastifyInstance | undefined;

    /** What pg-boss 10 holds: its schema version and every entry of its queue. */
    async function pgboss10State() {
      const [version] = rowsOf<{ version: number }>(await database.db.execute(sql`select version from pgboss.version`));
      const entries = rowsOf<{ id: string; state: string; data: unknown }>(
        await database.db.execute(sql`select id, state::text as state, data from pgboss.job order by id`),
      );
      return { version: version?.version, entries };
    }

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      // pg-boss 10's schema before the app first starts, as an upgraded database has it.
      if (database.pglite) await database.pglite.exec(PGBOSS_10_SCHEMA);
      else await database.db.execute(sql.raw(PGBOSS_10_SCHEMA));
      await seedDatabase(database.db, { seedDemo: true, initialAdmin: undefined });
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await database?.destroy();
    });

    it("holds pg-boss 10's schema, which pg-boss 12 refuses to migrate in place", async () => {
      const before = await pgboss10State();
      expect(before.version).toBe(24);
      expect(before.entries.map((entry) => entry.state).sort()).toEqual(["active", "completed", "created"]);
      // Why the queue moved to a schema of its own: pg-boss 12 starts from pg-boss 11's schema (25) and on.
      const boss = new PgBoss({
        ...(database.url ? { connectionString: database.url, max: 1 } : {}),
        ...(database.pglite ? { db: fromPglite(database.pglite), backend: "pglite" as const } : {}),
        schema: "pgboss",
        supervise: false,
        schedule: false,
        registerInstance: false,
      });
      boss.on("error", () => {});
      await expect(boss.start()).rejects.toThrow(/Cannot migrate pg-boss schema from version 24/);
      await boss.stop({ graceful: false }).catch(() => {});
      expect(await pgboss10State()).toEqual(before);
    });

    it("runs an analysis through pg-boss 12's own schema and leaves pg-boss 10's entries as they were", async () => {
      const before = await pgboss10State();
      app = await buildApp({
        config: testConfig(),
        database,
        logger: false,
        now: () => new Date(),
        loginRateLimit: TEST_LOGIN_RATE_LIMIT,
      });
      await app.ready();
      const admin = await signIn(app, "ADMIN");
      const created = await app.inject({
        method: "POST",
        url: "/api/rating/versions",
        headers: { cookie: admin },
        payload: {
          name: "D/C-PI upgrade draft",
          notes: "Base rate +10%",
          json: { ...DC_PI_RATING_CONFIG, version: "upgrade-draft", baseRate: 825 },
          effectiveFrom: "2027-01-01",
        },
      });
      expect(created.statusCode).toBe(201);
      const draftId = (created.json() as { data: { id: string } }).data.id;

      const started = await app.inject({
        method: "POST",
        url: `/api/rating/versions/${draftId}/impact`,
        headers: { cookie: admin },
      });
      expect(started.statusCode).toBe(202);
      let job = (started.json() as { data: ImpactJob }).data;
      const deadline = Date.now() + 30_000;
      while (job.status === "running" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const polled = await app.inject({
          method: "GET",
          url: `/api/rating/versions/${draftId}/impact/${job.id}`,
          headers: { cookie: admin },
        });
        job = (polled.json() as { data: ImpactJob }).data;
      }
      expect(job).toMatchObject({ status: "completed", error: null });

      // pg-boss 12 handed the job out from its own schema, installed at its own version ...
      const [queueVersion] = rowsOf<{ version: number }>(
        await database.db.execute(sql.raw(`select version from ${QUEUE_SCHEMA}.version`)),
      );
      expect(queueVersion?.version).toBeGreaterThan(24);
      // The entry is completed once the handler has returned, just after the job's row says so.
      await vi.waitFor(
        async () => {
          const entries = rowsOf<{ state: string }>(
            await database.db.execute(
              sql`select state::text as state from ${sql.identifier(QUEUE_SCHEMA)}.job
                  where name = ${IMPACT_QUEUE} and data ->> 'jobId' = ${job.id}`,
            ),
          );
          expect(entries).toEqual([{ state: "completed" }]);
        },
        { timeout: 10_000, interval: 50 },
      );
      // ... and pg-boss 10's schema, version and entries are untouched.
      expect(await pgboss10State()).toEqual(before);
    }, 60_000);
  });
}
