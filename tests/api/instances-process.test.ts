/**
 * The real entry point as a process: start, answer, print the URL and demo sign-ins, stop cleanly on SIGTERM
 * (lock file released), and refuse to start on an invalid variable or a DATA_DIR another process holds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCK_FILE_NAME } from "../../src/server/db/lock";

const MAIN = join(import.meta.dirname, "../../src/server/main.ts");
const TSX = join(import.meta.dirname, "../../node_modules/tsx/dist/cli.mjs");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [TSX, MAIN], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the server process", () => {
  const directories: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  });

  it("starts on PGlite, prints the URL and demo sign-ins, serves, and stops cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pqe-main-"));
    directories.push(dataDir);
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(server.child);
    await waitFor(() => server.output().includes("is running at"), 170_000, "the start message", server.output);
    expect(server.output()).toContain(`PI Quote Engine is running at http://127.0.0.1:${port} (database: pglite)`);
    expect(server.output()).toContain("broker@example.com");
    expect(server.output()).toContain("Broker-Demo-2026");

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "underwriter@example.com", password: "Underwriter-Demo-2026" }),
    });
    expect(login.status).toBe(200);

    // A second server on the same DATA_DIR refuses to start, naming the directory.
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another running process`);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 200_000);

  it("refuses to start with a message naming an invalid variable", async () => {
    const server = start({ PORT: "eighty", DATA_DIR: join(tmpdir(), "pqe-never-created") });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration:");
    expect(server.output()).toContain("PORT: must be a whole number");
  }, 60_000);
});
