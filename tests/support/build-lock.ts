/**
 * The lock around production builds: two processes (two `npm test` runs, a test run and `npm run bench`)
 * never write dist/ at once. mkdir is atomic, so a directory serves as the lock; one older than ten minutes
 * was left by a killed process and is taken over.
 */
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BUILD_LOCK = join(tmpdir(), "pi-quote-engine-build.lock");
const WAIT_MS = 300_000;
const STALE_MS = 600_000;

export async function withBuildLock(run: () => void): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const age = existsSync(BUILD_LOCK) ? Date.now() - statSync(BUILD_LOCK).mtimeMs : 0;
      if (age > STALE_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${BUILD_LOCK}`);
      await new Promise((done) => setTimeout(done, 500));
    }
  }
  try {
    run();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}
