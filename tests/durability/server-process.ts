/**
 * The real server as a child process (`src/server/main.ts` through tsx, exactly what `npm run dev` runs minus the
 * watcher), for tests that need signals: graceful shutdown on SIGTERM, and SIGKILL in the middle of writes.
 * Each gets a free port and its own DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { TEST_BUSINESS_WRITE_LIMITS } from "../support/harness";

export const ROOT = resolve(import.meta.dirname, "../..");
export const TEST_SESSION_SECRET = "durability-session-secret-0123456789-abcdef";

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly baseURL: string;
  /** The last 20,000 characters the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL if still running, and wait for it to go. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** PGlite in this directory (the default) ... */
  dataDir?: string;
  /** ... or this PostgreSQL database. */
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** What node runs: the sources through tsx unless told (e.g. the production bundle dist/server/main.js). */
  command?: string[];
}

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, options.command ?? ["--import", "tsx", resolve(ROOT, "src/server/main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir ?? "",
      DATABASE_URL: options.databaseUrl ?? "",
      SESSION_SECRET: TEST_SESSION_SECRET,
      SEED_DEMO: "true",
      PUBLIC_URL: "",
      SMTP_URL: "",
      COMPANIES_HOUSE_API_KEY: "",
      LOG_LEVEL: "warn",
      ...TEST_BUSINESS_WRITE_LIMITS,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    port,
    baseURL,
    output: () => log,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${log}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  await server.kill();
  throw new Error(`The server did not answer /healthz in time:\n${log}`);
}

/** The session cookie from a fetch response, as a `cookie` request header. */
export function cookieFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("pqe_session="));
  if (!cookie) throw new Error(`No session cookie (status ${response.status})`);
  return cookie.split(";")[0] ?? "";
}

export async function signInOver(baseURL: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return cookieFrom(response);
}
