/**
 * Test databases. Every database test file runs on PGlite (in memory, started from a migrated template so each
 * file pays ~1 s instead of a full initdb) and AGAIN on PostgreSQL when DATABASE_URL is set: there each run
 * creates its own `pqe_test_<random>` database, migrates it, and drops it afterwards.
 * (Tests may read process.env; src may not.)
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrationsFolder, type OpenDatabase, openDatabase } from "../../src/server/db/client";

export type TestDatabaseKind = "pglite" | "postgres";

export interface TestDatabase extends OpenDatabase {
  /** postgres only: the URL of this run's own database. */
  url?: string;
  /** Closes the connection and, for PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/** The server the suite runs against a second time, if any. */
export function postgresServerUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url && url.length > 0 ? url : undefined;
}

export function testDatabaseKinds(): TestDatabaseKind[] {
  return postgresServerUrl() ? ["pglite", "postgres"] : ["pglite"];
}

function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash("sha256");
  for (const file of readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    const path = join(folder, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(path));
  }
  return hash.digest("hex").slice(0, 16);
}

/** A parallel worker building the template holds this; a lock older than this is from a dead worker. */
const TEMPLATE_LOCK_STALE_MS = 5 * 60 * 1000;

async function buildPgliteTemplate(path: string): Promise<Blob> {
  const fresh = await openDatabase({ databaseUrl: undefined, dataDir: "" }, { inMemory: true });
  try {
    await fresh.migrate();
    const dump = await fresh.pglite?.dumpDataDir("none");
    if (!dump) throw new Error("PGlite did not dump its data directory");
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written aside then renamed, so a waiting worker never reads half a template.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, bytes);
    renameSync(partial, path);
    return new Blob([bytes]);
  } finally {
    await fresh.close();
  }
}

/**
 * The migrated template, built by ONE worker while the others wait for it: initdb costs seconds and hundreds
 * of megabytes, and a dozen workers doing it at once on a small machine would time out.
 */
async function pgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `pqe-pglite-template-${migrationsHash()}.tar`);
  const lock = `${path}.lock`;
  for (;;) {
    if (existsSync(path)) return new Blob([readFileSync(path)]);
    let fd: number | undefined;
    try {
      fd = openSync(lock, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (fd !== undefined) {
      closeSync(fd);
      try {
        return await buildPgliteTemplate(path);
      } finally {
        rmSync(lock, { force: true });
      }
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > TEMPLATE_LOCK_STALE_MS) rmSync(lock, { force: true });
    } catch {
      // The builder just finished and removed it.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A new, empty (unmigrated) database on the test PostgreSQL server, and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) throw new Error("DATABASE_URL is not set: no PostgreSQL server to test against");
  const name = `pqe_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openDatabase(
      { databaseUrl: undefined, dataDir: "" },
      { inMemory: true, loadDataDir: await pgliteTemplate() },
    );
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: "" }, { poolSize: 10 });
  await database.migrate();
  return {
    ...database,
    url: empty.url,
    async destroy() {
      await database.close();
      await empty.drop();
    },
  };
}
