/**
 * `npm run db:restore -- <file> [--replace]`: restores a backup made by `npm run db:backup` into DATA_DIR.
 * Refuses while a server holds DATA_DIR, and refuses to overwrite a database unless --replace is given
 * (the current one is then moved aside, never deleted).
 */
import { resolve } from "node:path";
import { ConfigError, loadConfigFromProcess } from "../src/server/config";
import { BackupError, restoreDataDirectory } from "../src/server/db/backup";
import { DataDirectoryLockedError } from "../src/server/db/lock";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const replace = args.includes("--replace");
  const files = args.filter((arg) => arg !== "--replace");
  if (files.length !== 1 || files[0]?.startsWith("-")) {
    throw new BackupError("Usage: npm run db:restore -- <backup file> [--replace]");
  }
  const config = loadConfigFromProcess();
  if (config.databaseUrl !== undefined) {
    throw new BackupError(
      "DATABASE_URL is set: this command restores the embedded database only. Use pg_restore/psql for PostgreSQL.",
    );
  }
  const result = await restoreDataDirectory(config.dataDir, resolve(files[0] ?? ""), { replace });
  const rows = Object.entries(result.tables)
    .map(([table, count]) => `  ${table.padEnd(24)} ${count}`)
    .join("\n");
  const moved = result.previousMovedTo ? `The database that was there is kept in ${result.previousMovedTo}\n` : "";
  process.stdout.write(`Restored ${resolve(files[0] ?? "")} into ${result.dataDir}\n${rows}\n${moved}`);
}

main().catch((error: unknown) => {
  const known =
    error instanceof BackupError || error instanceof DataDirectoryLockedError || error instanceof ConfigError;
  process.stderr.write(
    `Restore failed: ${known ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
