/**
 * A server of a test's own, from the same production build the browser tests' shared server runs
 * (tests/e2e/global-setup.ts made it current), on the embedded database with the demo users, started with settings
 * the shared server must not have: sessions that end after a minute, a one-minute re-authentication window.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../../..");
/** How long a test's own server may take to answer /healthz; the hooks that start one allow more. */
export const START_TIMEOUT_MS = 180_000;

export interface OwnServer {
  /** Where it listens, for a browser context's `baseURL`. */
  base: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

/**
 * The environment of a browser tests' server: the production build on a fresh embedded database with the demo users,
 * whatever the API tests were given, listening on `port` on this machine only.
 */
export function demoServerEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    PUBLIC_URL: "",
    SMTP_URL: "",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
}

/**
 * Starts the server with `settings` on top of a demo deployment and waits until it answers /healthz. A port found
 * free can be taken by another process before the server listens on it; then the server is started again on another.
 */
export async function startOwnServer(settings: Record<string, string>): Promise<OwnServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePort(settings);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnFreePort(settings: Record<string, string>): Promise<OwnServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "pqe-e2e-own-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(ROOT, "dist/server/main.js")], {
    cwd: ROOT,
    env: { ...demoServerEnv(port, dataDir), ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // What the server said (warnings and worse), for the failure message if it never answers.
  let said = "";
  const keep = (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-4000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  // A fresh database is migrated and the demo users' passwords hashed first: minutes on a busy two-core machine.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      const why =
        server.exitCode !== null ? `exited with ${server.exitCode}` : `gave no answer in ${START_TIMEOUT_MS} ms`;
      await stop();
      throw new Error(`The test's own server (${JSON.stringify(settings)}) ${why}:\n${said}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
