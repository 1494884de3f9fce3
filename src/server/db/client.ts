/**
 * Opens the one database the server uses (ADR 0002): embedded PGlite in DATA_DIR, or node-postgres with a
 * pool when DATABASE_URL is set. Both give a Drizzle `PgDatabase` over the same schema, so repositories and
 * transactions are written once.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Config } from "../config";
import { acquireDirectoryLock } from "./lock";
import * as schema from "./schema";

export type DatabaseSchema = typeof schema;
/** A Drizzle database or transaction over the product schema, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, DatabaseSchema>;
export type DatabaseKind = "pglite" | "postgres";

export interface OpenDatabase {
  db: Database;
  /** The PGlite instance underneath (embedded only); tests dump it as a template. */
  pglite?: PGlite;
  kind: DatabaseKind;
  /** Applies every pending migration (idempotent; safe to call from several instances at once). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite only: keep the database in memory (tests). DATA_DIR and its lock are not touched. */
  inMemory?: boolean;
  /** PGlite in memory only: start from this dump of a data directory (tests load an already migrated one). */
  loadDataDir?: Blob;
  /** node-postgres pool size. */
  poolSize?: number;
  /** node-postgres: how long a query waits for a connection before the database counts as unavailable. */
  connectionTimeoutMs?: number;
}

/**
 * The migrations folder beside this module: src/server/db/migrations when run from source, and
 * dist/server/migrations in the bundle (scripts/build.mjs copies it next to main.js).
 */
export function migrationsFolder(): string {
  const here = fileURLToPath(new URL(".", import.meta.url));
  return resolve(here, "migrations");
}

/** An arbitrary constant key: instances starting together against one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_042_001;

export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  options: OpenDatabaseOptions = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl !== undefined) return openPostgres(config.databaseUrl, options);
  return openPglite(config.dataDir, options);
}

/*
 * Each driver is loaded only when its database is opened: an embedded install never loads node-postgres,
 * and a PostgreSQL install never loads PGlite's WebAssembly, so neither pays for the other at start-up.
 */
async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  /*
   * A request waits at most this long for a connection, so an unreachable database is answered "unavailable"
   * (503) in seconds rather than holding the request until the client gives up.
   */
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 20,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    // TCP keep-alive notices a connection whose network has gone while it sits idle in the pool.
    keepAlive: true,
  });
  /*
   * A connection the database ends while idle (a restart, pg_terminate_backend, the network dropping it) reports
   * an error that no request is waiting for. The pool has already discarded that connection and opens a fresh one
   * for the next query, so it must not crash the process.
   */
  pool.on("error", () => {});
  /*
   * The pool listens for those errors only while a connection is idle. One lost while it is checked out (inside
   * a transaction, between two statements; the job queue's schema scripts) would report its error to no one and
   * end the process. The statement under way is refused all the same, so its request answers 503, and the pool
   * drops the dead connection when it is given back.
   */
  pool.on("connect", (connection) => connection.on("error", () => {}));
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  let releaseLock: () => void = () => {};
  let client: PGlite;
  if (options.inMemory) {
    client = await PGlite.create({
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } else {
    const directory = resolve(dataDir);
    mkdirSync(directory, { recursive: true });
    releaseLock = acquireDirectoryLock(directory);
    try {
      // The extension's code must be loaded on every open, not only when it is first created.
      client = await PGlite.create({ dataDir: resolve(directory, "pglite"), extensions: { pg_trgm } });
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    pglite: client,
    kind: "pglite",
    async migrate() {
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
    },
    async close() {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/** How long /healthz waits for the database: a health check that hangs tells a load balancer nothing. */
export const PING_TIMEOUT_MS = 2_000;

/**
 * True once the database answers a trivial query within `timeoutMs`. A connection whose network has silently
 * gone (no reset, no answer) would otherwise hold the check until TCP gives up, minutes later.
 */
export async function pingDatabase(db: Database, timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
