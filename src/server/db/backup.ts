/**
 * Backup and restore of the embedded database (ADR 0021). A backup is PGlite's own data-directory tarball
 * (`dumpDataDir`, gzip), taken after a CHECKPOINT while this process holds the DATA_DIR lock, so no server can
 * be writing: the copy is consistent, not a snapshot of files in motion. Every backup is loaded back in memory
 * and counted before it is reported as made. A restore refuses a DATA_DIR a running server holds, refuses to
 * overwrite an existing database unless asked, and then keeps the old one aside instead of deleting it.
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { acquireDirectoryLock } from "./lock";

/** The sub-directory of DATA_DIR that holds the PostgreSQL cluster (as `openDatabase` lays it out). */
export const PGLITE_SUBDIRECTORY = "pglite";

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** Row counts by table: what a backup holds, printed by the scripts and compared after a restore. */
export type TableCounts = Record<string, number>;

export interface BackupResult {
  file: string;
  bytes: number;
  tables: TableCounts;
}

export interface RestoreResult {
  dataDir: string;
  tables: TableCounts;
  /** Where the database that was there before went (only when `replace` moved one aside). */
  previousMovedTo: string | undefined;
}

function clusterPath(dataDir: string): string {
  return join(resolve(dataDir), PGLITE_SUBDIRECTORY);
}

function holdsDatabase(cluster: string): boolean {
  return existsSync(join(cluster, "PG_VERSION"));
}

async function countTables(client: PGlite): Promise<TableCounts> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const counts: TableCounts = {};
  for (const { name } of rows) {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from "${name.replace(/"/g, '""')}"`);
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

function sameCounts(a: TableCounts, b: TableCounts): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** Opens a tarball in memory and counts its tables: proves it is a database this product can open. */
async function inspectTarball(bytes: Uint8Array): Promise<TableCounts> {
  const client = await PGlite.create({ loadDataDir: new Blob([bytes]), extensions: { pg_trgm } });
  try {
    return await countTables(client);
  } finally {
    await client.close();
  }
}

/**
 * Writes a consistent, verified backup of DATA_DIR's database to `file` (a .tar.gz). Refuses while a server
 * holds the directory: PGlite allows one process per data directory, so a running server must be stopped.
 */
export async function backupDataDirectory(dataDir: string, file: string): Promise<BackupResult> {
  const cluster = clusterPath(dataDir);
  if (!existsSync(resolve(dataDir)) || !holdsDatabase(cluster)) {
    throw new BackupError(`There is no database in ${resolve(dataDir)} to back up (DATA_DIR).`);
  }
  const release = acquireDirectoryLock(resolve(dataDir));
  try {
    const client = await PGlite.create({ dataDir: cluster, extensions: { pg_trgm } });
    let tables: TableCounts;
    let bytes: Uint8Array;
    try {
      // Everything committed is written to the data files, so the copy does not lean on WAL replay.
      await client.exec("checkpoint");
      tables = await countTables(client);
      const dump = await client.dumpDataDir("gzip");
      bytes = new Uint8Array(await dump.arrayBuffer());
    } finally {
      await client.close();
    }
    const copied = await inspectTarball(bytes);
    if (!sameCounts(tables, copied)) {
      throw new BackupError("The backup did not read back with the same rows as the database; nothing was written.");
    }
    const target = resolve(file);
    await mkdir(dirname(target), { recursive: true });
    // Written aside then renamed, so an interrupted backup never leaves a half file under the real name.
    const partial = `${target}.partial-${process.pid}`;
    writeFileSync(partial, bytes);
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, tables };
  } finally {
    release();
  }
}

function timestampForPath(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

/**
 * Restores `file` (made by `backupDataDirectory`) into DATA_DIR. Refuses while a server holds the directory,
 * and refuses an existing database unless `replace` is set; replacing moves the old one aside, never deletes it.
 */
export async function restoreDataDirectory(
  dataDir: string,
  file: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupError(`The backup file ${source} does not exist.`);
  const directory = resolve(dataDir);
  await mkdir(directory, { recursive: true });
  const release = acquireDirectoryLock(directory);
  try {
    const cluster = clusterPath(directory);
    if (holdsDatabase(cluster) && !options.replace) {
      throw new BackupError(
        `${directory} already holds a database. Restore into an empty DATA_DIR, or pass --replace to move the ` +
          "current database aside (it is kept, not deleted).",
      );
    }
    const bytes = new Uint8Array(readFileSync(source));
    // Unpacked into a side directory first: a damaged file leaves the current database untouched.
    const staging = join(directory, `${PGLITE_SUBDIRECTORY}.restoring-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    let tables: TableCounts;
    try {
      const client = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([bytes]), extensions: { pg_trgm } });
      try {
        tables = await countTables(client);
        await client.exec("checkpoint");
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (error instanceof BackupError) throw error;
      throw new BackupError(
        `${source} is not a backup this product can restore: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let previousMovedTo: string | undefined;
    if (existsSync(cluster)) {
      previousMovedTo = join(
        directory,
        `${PGLITE_SUBDIRECTORY}.replaced-${timestampForPath(options.now ?? new Date())}`,
      );
      renameSync(cluster, previousMovedTo);
    }
    renameSync(staging, cluster);
    return { dataDir: directory, tables, previousMovedTo };
  } finally {
    release();
  }
}
