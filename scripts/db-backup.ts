/**
 * `npm run db:backup [-- <file>]`: a consistent, verified backup of the embedded database in DATA_DIR
 * (default <DATA_DIR>/backups/pqe-backup-<time>.tar.gz, so never among the repository's tracked files).
 * Stop the server first: PGlite allows one process per directory. With DATABASE_URL set, back the PostgreSQL
 * server up with its own tools (pg_dump) instead.
 */
import { resolve } from "node:path";
import { ConfigError, loadConfigFromProcess } from "../src/server/config";
import { BackupError, backupDataDirectory } from "../src/server/db/backup";
import { DataDirectoryLockedError } from "../src/server/db/lock";

async function main(): Promise<void> {
  const config = loadConfigFromProcess();
  if (config.databaseUrl !== undefined) {
    throw new BackupError(
      "DATABASE_URL is set: this command backs up the embedded database only. Use pg_dump for a PostgreSQL server.",
    );
  }
  const file =
    process.argv[2] ??
    resolve(config.dataDir, "backups", `pqe-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
  const result = await backupDataDirectory(config.dataDir, file);
  const rows = Object.entries(result.tables)
    .map(([table, count]) => `  ${table.padEnd(24)} ${count}`)
    .join("\n");
  process.stdout.write(
    `Backed up ${resolve(config.dataDir)} to ${result.file} (${result.bytes} bytes)\n${rows}\n` +
      "Copy it off this machine: a backup beside the data it protects is lost with it.\n",
  );
}

main().catch((error: unknown) => {
  const known =
    error instanceof BackupError || error instanceof DataDirectoryLockedError || error instanceof ConfigError;
  process.stderr.write(
    `Backup failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
