/**
 * PGlite has no lock between processes: two servers on one DATA_DIR would corrupt it. This exclusive lock file
 * (holding the owner's pid) refuses a second opener while the owner lives, and is taken over when the pid it
 * names is dead (a crash or kill -9 leaves it behind).
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

export const LOCK_FILE_NAME = "pqe.lock";

export class DataDirectoryLockedError extends Error {
  constructor(directory: string, pid: number) {
    super(
      `The data directory ${directory} is in use by another running process (pid ${pid}). ` +
        "Stop that process, or point DATA_DIR at another directory, or set DATABASE_URL to share a PostgreSQL server.",
    );
    this.name = "DataDirectoryLockedError";
  }
}

/** Our own open databases, so a second open in the same process is refused too without touching the file. */
const heldByThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8").trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws `DataDirectoryLockedError`; returns the release function. */
export function acquireDirectoryLock(directory: string): () => void {
  const path = join(directory, LOCK_FILE_NAME);
  if (heldByThisProcess.has(path)) throw new DataDirectoryLockedError(directory, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      heldByThisProcess.add(path);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(path);
        if (readOwner(path) === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(path);
      if (owner !== undefined && isAlive(owner)) throw new DataDirectoryLockedError(directory, owner);
      // Stale (dead owner, or a file cut short by a crash): remove it and try again.
      try {
        unlinkSync(path);
      } catch {
        // Another starter removed it first; the next attempt decides.
      }
    }
  }
  throw new Error(`Could not take the lock file ${path}`);
}
