import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { PASSWORD_RULE_MESSAGES } from "../../src/domain/auth/password-rule";
import { buildApp } from "../../src/server/app";
import { type OpenDatabase, openDatabase } from "../../src/server/db/client";
import { acquireDirectoryLock, DataDirectoryLockedError, LOCK_FILE_NAME } from "../../src/server/db/lock";
import { ratingVersions, users } from "../../src/server/db/schema";
import { DEMO_USERS, SEED_EFFECTIVE_FROM, seedDatabase } from "../../src/server/db/seed";
import { signIn } from "../support/auth";
import { createEmptyPostgresDatabase, openTestDatabase, postgresServerUrl } from "../support/database";
import { describeEachDatabase, testConfig } from "../support/harness";

describeEachDatabase("app instances", (ctx) => {
  it("shares sessions between two app instances on one database (each with its own connection pool)", async () => {
    let second: OpenDatabase | undefined;
    let other: FastifyInstance;
    if (ctx.kind === "postgres") {
      second = await openDatabase({ databaseUrl: ctx.database.url, dataDir: "" });
      other = await buildApp({ config: ctx.config, database: second, logger: false, now: ctx.clock.now });
    } else {
      other = await ctx.buildApp();
    }
    try {
      const cookie = await signIn(ctx.app, "BROKER");
      const me = await other.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe("broker@example.com");
      await other.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
      expect((await ctx.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
    } finally {
      if (second) {
        await other.close();
        await second.close();
      }
    }
  });

  it("seeds once: a second run changes nothing", async () => {
    const before = await ctx.db.select({ n: count() }).from(users);
    const again = await seedDatabase(ctx.db, { seedDemo: true, initialAdmin: undefined });
    expect(again).toMatchObject({ seeded: false, ratingVersions: 0 });
    const after = await ctx.db.select({ n: count() }).from(users);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("seeds the demo users of README.md and a PUBLISHED, open-ended version for D/C-PI and PI001", async () => {
    for (const demo of DEMO_USERS) {
      const [row] = await ctx.db.select().from(users).where(eq(users.email, demo.email));
      expect(row).toMatchObject({ name: demo.name, role: demo.role, deletedAt: null });
    }
    const versions = await ctx.db.select().from(ratingVersions);
    for (const productCode of ["D/C-PI", "PI001"]) {
      const version = versions.find((v) => v.productCode === productCode);
      expect(version).toMatchObject({ status: "PUBLISHED", effectiveFrom: SEED_EFFECTIVE_FROM, effectiveTo: null });
      expect(version?.publishedAt).toBeInstanceOf(Date);
    }
  });
});

describe("seeding for production", () => {
  it("with SEED_DEMO=false and ADMIN_EMAIL/ADMIN_PASSWORD creates only that administrator", async () => {
    const database = await openTestDatabase("pglite");
    try {
      const config = testConfig({
        SEED_DEMO: "false",
        ADMIN_EMAIL: "ops@example.co.uk",
        ADMIN_PASSWORD: "a-long-admin-password",
      });
      const result = await seedDatabase(database.db, config);
      expect(result).toMatchObject({
        seeded: true,
        demoUsers: [],
        initialAdminEmail: "ops@example.co.uk",
        ratingVersions: 2,
      });
      const all = await database.db.select().from(users);
      expect(all.map((u) => [u.email, u.role])).toEqual([["ops@example.co.uk", "ADMIN"]]);
      const app = await buildApp({ config, database, logger: false });
      try {
        await signIn(app, { email: "ops@example.co.uk", password: "a-long-admin-password" });
        const demo = await app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "admin@example.com", password: "Admin-Demo-2026" },
        });
        expect(demo.statusCode).toBe(401);
      } finally {
        await app.close();
      }
    } finally {
      await database.destroy();
    }
  });
});

describe("the first administrator's password", () => {
  it("is held to the password rule: a weak ADMIN_PASSWORD stops the first start with the reason, creating no one", async () => {
    const database = await openTestDatabase("pglite");
    try {
      for (const [password, reason] of [
        ["Password1234", PASSWORD_RULE_MESSAGES.common],
        ["ops@example.co.uk-2026", PASSWORD_RULE_MESSAGES.containsEmail],
      ] as const) {
        const config = testConfig({ SEED_DEMO: "false", ADMIN_EMAIL: "ops@example.co.uk", ADMIN_PASSWORD: password });
        await expect(seedDatabase(database.db, config)).rejects.toThrow(`ADMIN_PASSWORD is refused: ${reason}`);
      }
      expect(await database.db.select().from(users)).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});

describe("the PGlite data directory lock", () => {
  const directories: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "pqe-lock-"));
    directories.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  });

  const runningChild = () => spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });

  it("refuses a second open of one DATA_DIR while the first is open, and allows it after close", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toBeInstanceOf(DataDirectoryLockedError);
      expect(readFileSync(join(dataDir, LOCK_FILE_NAME), "utf8").trim()).toBe(String(process.pid));
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const reopened = await openDatabase({ databaseUrl: undefined, dataDir });
    await reopened.close();
    // A first on-disk open runs initdb, which takes tens of seconds on a busy machine.
  }, 180_000);

  it("refuses while another live process holds the lock, naming its pid", async () => {
    const dir = tempDir();
    const child = runningChild();
    try {
      writeFileSync(join(dir, LOCK_FILE_NAME), `${child.pid}\n`);
      expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
      expect(() => acquireDirectoryLock(dir)).toThrow(`pid ${child.pid}`);
    } finally {
      child.kill();
    }
  });

  it("takes over a stale lock left by a process that died", async () => {
    const dir = tempDir();
    const child = runningChild();
    const pid = child.pid;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
    writeFileSync(join(dir, LOCK_FILE_NAME), `${pid}\n`);
    const release = acquireDirectoryLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });
});

describe.skipIf(!postgresServerUrl())("instances starting together on one PostgreSQL", () => {
  it("migrate and seed one at a time: both start, one set of demo users and rating versions", async () => {
    const fresh = await createEmptyPostgresDatabase();
    const first = await openDatabase({ databaseUrl: fresh.url, dataDir: "" });
    const second = await openDatabase({ databaseUrl: fresh.url, dataDir: "" });
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      const config = { seedDemo: true, initialAdmin: undefined };
      const results = await Promise.all([seedDatabase(first.db, config), seedDatabase(second.db, config)]);
      expect(results.filter((r) => r.demoUsers.length > 0)).toHaveLength(1);
      const [userCount] = await first.db.select({ n: count() }).from(users);
      expect(userCount?.n).toBe(DEMO_USERS.length);
      const [versionCount] = await first.db.select({ n: count() }).from(ratingVersions);
      expect(versionCount?.n).toBe(2);
    } finally {
      await first.close();
      await second.close();
      await fresh.drop();
    }
  });
});
