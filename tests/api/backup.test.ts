/**
 * `npm run db:backup` / `npm run db:restore` for the embedded database: a round trip keeps every row (users,
 * audit entries) and the audit log's protection; a running server's DATA_DIR and an existing database are never
 * overwritten by accident; a damaged file changes nothing.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/server/audit/record";
import { BackupError, backupDataDirectory, restoreDataDirectory } from "../../src/server/db/backup";
import { openDatabase } from "../../src/server/db/client";
import { DataDirectoryLockedError } from "../../src/server/db/lock";
import { auditLog, users } from "../../src/server/db/schema";
import { seedDatabase } from "../../src/server/db/seed";
import { createTestUser } from "../support/auth";

const ROOT = resolve(import.meta.dirname, "../..");
const workDir = mkdtempSync(join(tmpdir(), "pqe-backup-test-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let dirCount = 0;
function freshDir(): string {
  dirCount += 1;
  return join(workDir, `data-${dirCount}`);
}

async function withDatabase<T>(dataDir: string, use: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await database.migrate();
    return await use(database);
  } finally {
    await database.close();
  }
}

async function snapshot(dataDir: string) {
  return withDatabase(dataDir, async ({ db }) => ({
    users: (await db.select({ email: users.email }).from(users).orderBy(asc(users.email))).map((u) => u.email),
    audit: (
      await db
        .select({ id: auditLog.id, action: auditLog.action, entityId: auditLog.entityId })
        .from(auditLog)
        .orderBy(asc(auditLog.id))
    ).map((a) => `${a.id}:${a.action}:${a.entityId}`),
  }));
}

function runScript(script: string, args: string[], dataDir: string) {
  return spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 120_000,
  });
}

/** A copy of a closed data directory: a second database without paying for another initdb. */
function copyOf(dataDir: string): string {
  const copy = freshDir();
  cpSync(dataDir, copy, { recursive: true });
  return copy;
}

// Every step opens PGlite on disk (seconds each on a busy machine), hence the generous timeout.
describe("embedded database backup and restore", { timeout: 240_000 }, () => {
  const source = freshDir();
  const backupFile = join(workDir, "backups", "round-trip.tar.gz");
  let before: Awaited<ReturnType<typeof snapshot>>;

  it("round-trips a database: every user and audit entry comes back, later changes do not", async () => {
    await withDatabase(source, async ({ db }) => {
      await seedDatabase(db, { seedDemo: true, initialAdmin: undefined });
      const { user } = await createTestUser(db, { role: "BROKER", email: "kept@example.test" });
      await recordAudit(db, {
        at: new Date(),
        entityType: "user",
        action: "created",
        entityId: user.id,
        actorId: null,
      });
    });
    before = await snapshot(source);
    expect(before.users).toContain("kept@example.test");

    const result = await backupDataDirectory(source, backupFile);
    expect(result.file).toBe(backupFile);
    expect(result.bytes).toBeGreaterThan(1000);
    expect(result.tables.users).toBe(before.users.length);
    expect(result.tables.audit_log).toBe(before.audit.length);

    // A change after the backup must not be in the restored copy.
    await withDatabase(source, async ({ db }) => {
      await createTestUser(db, { email: "after-backup@example.test" });
    });

    const target = freshDir();
    const restored = await restoreDataDirectory(target, backupFile);
    expect(restored.previousMovedTo).toBeUndefined();
    expect(restored.tables.users).toBe(before.users.length);
    expect(await snapshot(target)).toEqual(before);
  });

  it("keeps the audit log append-only in the restored database", async () => {
    const target = freshDir();
    await restoreDataDirectory(target, backupFile);
    await withDatabase(target, async ({ db }) => {
      await expect(db.update(auditLog).set({ action: "tampered" })).rejects.toThrow();
      await expect(db.delete(auditLog)).rejects.toThrow();
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
      expect(row?.n).toBe(before.audit.length);
    });
  });

  it("refuses to back up or restore while a server holds the DATA_DIR", async () => {
    const held = await openDatabase({ databaseUrl: undefined, dataDir: source });
    try {
      await expect(backupDataDirectory(source, join(workDir, "never.tar.gz"))).rejects.toThrow(
        DataDirectoryLockedError,
      );
      await expect(restoreDataDirectory(source, backupFile, { replace: true })).rejects.toThrow(
        DataDirectoryLockedError,
      );
      // The command line says so too, naming the process that holds it, and exits non-zero.
      const refused = runScript("db-restore.ts", [backupFile, "--replace"], source);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`is in use by another running process (pid ${process.pid})`);
    } finally {
      await held.close();
    }
    expect(existsSync(join(workDir, "never.tar.gz"))).toBe(false);
  });

  it("refuses to overwrite an existing database unless told to, and then keeps the old one aside", async () => {
    const target = copyOf(source);
    const existing = await snapshot(target);
    expect(existing.users).toContain("after-backup@example.test");
    await expect(restoreDataDirectory(target, backupFile)).rejects.toThrow(/already holds a database/);
    expect(await snapshot(target)).toEqual(existing);

    const replaced = await restoreDataDirectory(target, backupFile, {
      replace: true,
      now: new Date("2026-11-22T03:00:00Z"),
    });
    expect(replaced.previousMovedTo).toBe(join(resolve(target), "pglite.replaced-2026-11-22T03-00-00-000Z"));
    expect(existsSync(join(replaced.previousMovedTo ?? "", "PG_VERSION"))).toBe(true);
    expect(await snapshot(target)).toEqual(before);
  });

  it("rejects a damaged backup and leaves the current database as it was", async () => {
    const target = copyOf(source);
    const existing = await snapshot(target);
    const damaged = join(workDir, "damaged.tar.gz");
    writeFileSync(damaged, "this is not a tarball");
    await expect(restoreDataDirectory(target, damaged, { replace: true })).rejects.toThrow(BackupError);
    expect(await snapshot(target)).toEqual(existing);
    expect(readdirSync(target).filter((name) => name.startsWith("pglite."))).toEqual([]);
  });

  it("works end to end through npm run db:backup and db:restore", async () => {
    const file = join(workDir, "cli.tar.gz");
    const backup = runScript("db-backup.ts", [file], source);
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/Backed up .* \(\d+ bytes\)/);
    expect(backup.stdout).toMatch(/audit_log\s+\d+/);

    const target = freshDir();
    const restore = runScript("db-restore.ts", [file], target);
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);
    expect(await snapshot(target)).toEqual(await snapshot(source));
  });
});
