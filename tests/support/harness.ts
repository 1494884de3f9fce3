/**
 * The API test harness shared by every server test file:
 *
 *   describeEachDatabase("users", (ctx) => {
 *     it("lists users for an admin", async () => {
 *       const cookie = await signIn(ctx.app, "ADMIN");
 *       const res = await ctx.app.inject({ method: "GET", url: "/api/users", headers: { cookie } });
 *     });
 *   });
 *
 * Each block runs once on PGlite and once more on PostgreSQL when DATABASE_URL is set, each with its own
 * database (migrated, seeded with the demo users and rating versions) and its own app built by the real
 * `buildApp`. `ctx.clock` moves the app's time; `ctx.buildApp()` makes extra instances on the same database.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import { type BuildAppOptions, buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { seedDatabase } from "../../src/server/db/seed";
import { openTestDatabase, type TestDatabase, type TestDatabaseKind, testDatabaseKinds } from "./database";

export const TEST_SESSION_SECRET = "test-session-secret-0123456789-abcdefghij";

/**
 * The test apps' DATA_DIR: their databases are opened by the harness, so it holds only what an app writes beside
 * its database (the e-mails written without SMTP), kept out of the working tree.
 */
export const TEST_DATA_DIR = join(tmpdir(), `pqe-api-tests-${process.pid}`);

/**
 * Business writes per user per minute allowed by test apps: high, so suites create quotes, documents and referrals
 * as fast as they run (as TEST_LOGIN_RATE_LIMIT does for sign-ins); the limit's own tests pass their own.
 */
export const TEST_BUSINESS_WRITE_LIMITS = {
  QUOTES_CREATED_PER_MINUTE: "100000",
  DOCUMENTS_RENDERED_PER_MINUTE: "100000",
  REFERRALS_SENT_PER_MINUTE: "100000",
} as const;

/** A config as the tests' server would parse it; `env` overrides single variables. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: "silent",
    DATA_DIR: TEST_DATA_DIR,
    ...TEST_BUSINESS_WRITE_LIMITS,
    ...env,
  });
}

/**
 * The day the API tests' app believes it is: the shared quote fixtures start on 1 December 2026, and the figures,
 * referrals and retroactive years the tests expect are reckoned from a day shortly before it. Time still flows
 * from there at the real rate, so sessions, throttles and queues behave as they would.
 */
export const TEST_CLOCK_START = new Date("2026-11-26T10:00:00.000Z");

export class TestClock {
  private readonly startedAt = Date.now();
  private offsetMs = 0;
  now = (): Date => new Date(TEST_CLOCK_START.getTime() + (Date.now() - this.startedAt) + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}

export interface TestContext {
  readonly kind: TestDatabaseKind;
  /** The block's database (set before the first test runs). */
  readonly database: TestDatabase;
  readonly db: Database;
  /** The block's app on that database. */
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly clock: TestClock;
  /** Another app instance on the same database (closed after the block). */
  buildApp(overrides?: Partial<Omit<BuildAppOptions, "database">>): Promise<FastifyInstance>;
}

/** Sign-ins per minute allowed by test apps: high, so suites can sign in freely; rate-limit tests pass their own. */
export const TEST_LOGIN_RATE_LIMIT = { max: 10_000, windowMs: 60_000 } as const;

/** Longer than any test file runs. */
const TEST_MAIL_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function describeEachDatabase(name: string, body: (ctx: TestContext) => void): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let database: TestDatabase | undefined;
      let app: FastifyInstance | undefined;
      const extraApps: FastifyInstance[] = [];
      const clock = new TestClock();
      const config = testConfig();

      const build = async (overrides: Partial<Omit<BuildAppOptions, "database">> = {}) => {
        if (!database) throw new Error("The test database is not open yet");
        const instance = await buildApp({
          config,
          database,
          logger: process.env.TEST_LOG_ERRORS ? { level: "error" } : false,
          now: clock.now,
          loginRateLimit: TEST_LOGIN_RATE_LIMIT,
          // Mail goes out through the instance a test sent it from (each kicks its own dispatcher), never through
          // another instance's sweep that happened to run first: a test's SMTP server or log then sees it surely.
          mailSweepIntervalMs: TEST_MAIL_SWEEP_INTERVAL_MS,
          ...overrides,
        });
        await instance.ready();
        return instance;
      };

      const ctx: TestContext = {
        kind,
        get database() {
          if (!database) throw new Error("The test database is not open yet");
          return database;
        },
        get db() {
          return ctx.database.db;
        },
        get app() {
          if (!app) throw new Error("The test app is not built yet");
          return app;
        },
        config,
        clock,
        async buildApp(overrides) {
          const instance = await build(overrides);
          extraApps.push(instance);
          return instance;
        },
      };

      beforeAll(async () => {
        database = await openTestDatabase(kind);
        await seedDatabase(database.db, { seedDemo: true, initialAdmin: undefined }, clock.now());
        app = await build();
      });

      afterAll(async () => {
        for (const instance of extraApps) await instance.close();
        await app?.close();
        await database?.destroy();
      });

      body(ctx);
    });
  }
}
