/**
 * The production bundle turns on Node's module compile cache before it loads the server (ADR 0053): a start
 * leaves V8's compiled code in the cache folder for the next start to reuse, and a folder that cannot be written
 * costs the cache only, never the start.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, type ServerProcess, startServerProcess } from "../durability/server-process";
import { withBuildLock } from "../support/build-lock";

const scratch: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pqe-compile-cache-${name}-`));
  scratch.push(dir);
  return dir;
}

/** Every file under `dir`, with its path from `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Starts the bundle with `temporaryDir` as the system's temporary folder, where Node keeps the cache when no
 * NODE_COMPILE_CACHE says otherwise (so a bundle that did not turn the cache on leaves nothing there).
 */
async function startBundle(temporaryDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({
    dataDir: scratchDir("data"),
    command: [resolve(ROOT, "dist/server/main.js")],
    env: { TMPDIR: temporaryDir },
  });
  servers.push(server);
  return server;
}

describe("the production bundle's compile cache", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    await withBuildLock(() => {
      const built = spawnSync(process.execPath, [resolve(ROOT, "scripts/build.mjs"), "--server-only"], {
        cwd: ROOT,
        encoding: "utf8",
      });
      if (built.status !== 0) throw new Error(`The server build failed:\n${built.stdout}\n${built.stderr}`);
    });
  });

  it("is written by a start into Node's cache folder", async () => {
    const temporaryDir = scratchDir("tmp");
    const server = await startBundle(temporaryDir);
    const health = await fetch(`${server.baseURL}/healthz`);
    expect(health.status).toBe(200);
    // Node writes the cache out as the process exits: stop the server as its host would, and let it finish.
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const written = filesUnder(join(temporaryDir, "node-compile-cache"));
    expect(written.length).toBeGreaterThan(0);
  });

  it("costs nothing but itself when its folder cannot be written", async () => {
    const notAFolder = join(scratchDir("blocked"), "a-file");
    writeFileSync(notAFolder, "this is a file, so no cache folder can be made here");
    const server = await startBundle(notAFolder);
    const health = await fetch(`${server.baseURL}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
  });
});
