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

/** Starts the server with `settings` on top of a demo deployment and waits until it answers /healthz. */
export async function startOwnServer(settings: Record<string, string>): Promise<OwnServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "pqe-e2e-own-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(ROOT, "dist/server/main.js")], {
    cwd: ROOT,
    env: { ...demoServerEnv(port, dataDir), ...settings },
    stdio: "ignore",
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The test's own server (${JSON.stringify(settings)}) did not start`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
