/**
 * Starts ONE production server for every browser test: builds the app when the sources changed since the
 * last build (scripts/build-stamp.mjs), then runs `node dist/server/main.js` on a free port with a fresh PGlite
 * data directory, so the tests exercise exactly what `npm start` serves. Each test file creates its own data through the API.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { buildIsCurrent } from "../../scripts/build-stamp.mjs";
import { withBuildLock } from "../support/build-lock";
import { decodedBody, subjectOf, TestSmtpServer } from "../support/smtp";
import { demoServerEnv, freePort } from "./support/own-server";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
    /** The server's log file. */
    serverLog: string;
    /**
     * The browser tests' inbox: every e-mail the server sends reaches a local SMTP server, which writes it here
     * as a JSON line `{ "mail": { to, subject, body } }`. The log never holds a link's token (ADR 0070), so the
     * review and reset links are read from here, as their recipients would read them from their mail.
     */
    mailLog: string;
  }
}

const ROOT = resolve(import.meta.dirname, "../..");
const BUILD_OUTPUTS = [join(ROOT, "dist/web/index.html"), join(ROOT, "dist/server/main.js")];

/** The build is reused only when its stamp matches the sources in the production mode it is built in below. */
function buildIsStale(): boolean {
  return !BUILD_OUTPUTS.every((output) => existsSync(output)) || !buildIsCurrent(ROOT, "production");
}

/**
 * Builds when needed, then copies dist/ to a private snapshot (under the build lock, so never mid-build):
 * another `npm test` rebuilding dist/ later cannot pull the files from under this run's server. The snapshot
 * sits inside node_modules/.cache so the bundle still resolves its packages from the repository's node_modules.
 */
async function buildSnapshot(): Promise<string> {
  const snapshot = join(ROOT, "node_modules/.cache/pi-quote-engine-e2e", `${process.pid}-${Date.now()}`);
  // E2E_REUSE_BUILD=1 runs against dist/ as it is (a quick re-run after a build you made yourself).
  const reuse = process.env.E2E_REUSE_BUILD === "1" && BUILD_OUTPUTS.every((output) => existsSync(output));
  await withBuildLock(() => {
    if (!reuse && buildIsStale()) {
      // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
      const result = spawnSync(process.execPath, [join(ROOT, "scripts/build.mjs")], {
        cwd: ROOT,
        stdio: "inherit",
        env: { ...process.env, NODE_ENV: "production" },
      });
      if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
    }
    cpSync(join(ROOT, "dist"), join(snapshot, "dist"), { recursive: true });
  });
  return snapshot;
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The server did not answer /healthz within 90 s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const snapshot = await buildSnapshot();
  const dataDir = await mkdtemp(join(tmpdir(), "pqe-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const mailLog = join(dataDir, "mail.log");
  const mailFile = createWriteStream(mailLog);
  const smtp = new TestSmtpServer();
  smtp.onMail = (mail) => {
    for (const to of mail.to) {
      mailFile.write(
        `${JSON.stringify({ mail: { to, subject: subjectOf(mail.raw), body: decodedBody(mail.raw) } })}\n`,
      );
    }
  };
  await smtp.start();
  let log = "";
  const child = spawn(process.execPath, [join(snapshot, "dist/server/main.js")], {
    cwd: ROOT,
    env: {
      ...demoServerEnv(port, dataDir),
      SMTP_URL: smtp.url,
      COMPANIES_HOUSE_API_KEY: "",
      UNDERWRITING_MAILBOX: "underwriting@example.com",
      // The suites create quotes, documents and referrals with the same demo users far faster than anyone works.
      QUOTES_CREATED_PER_MINUTE: "100000",
      DOCUMENTS_RENDERED_PER_MINUTE: "100000",
      REFERRALS_SENT_PER_MINUTE: "100000",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const serverLog = join(dataDir, "server.log");
  const logFile = createWriteStream(serverLog);
  const keep = (chunk: Buffer) => {
    logFile.write(chunk);
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    await new Promise((done) => logFile.end(done));
    await smtp.stop();
    await new Promise((done) => mailFile.end(done));
    await rm(dataDir, { recursive: true, force: true });
    await rm(snapshot, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide("baseURL", baseURL);
  project.provide("serverLog", serverLog);
  project.provide("mailLog", mailLog);
  return stop;
}
