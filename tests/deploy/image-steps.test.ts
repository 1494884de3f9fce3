/**
 * The container image's steps without a container runtime (scripts/check-deploy.sh): the Dockerfile's build
 * and runtime stages as plain commands in fresh folders, then the production bundle started with the compose
 * file's environment against a fresh PostgreSQL database must answer /healthz and a sign-in, send the main script
 * as its build-time brotli copy, and stop on SIGTERM.
 * Needs the npm registry for `npm ci` and the PostgreSQL server of DATABASE_URL (CI sets both).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = join(import.meta.dirname, "../../scripts/check-deploy.sh");
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(databaseUrl === undefined)("the container image's steps", () => {
  it("build, install the production dependencies only, start on PostgreSQL, answer /healthz and a sign-in", () => {
    // The script makes (and drops) its own database on the same server.
    const server = new URL(databaseUrl ?? "");
    server.pathname = "";
    const result = spawnSync("bash", [SCRIPT], {
      env: { ...process.env, CHECK_DEPLOY_PG: server.toString().replace(/\/$/, "") },
      encoding: "utf8",
      timeout: 290_000,
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain("sign-in answered 200");
    expect(result.stdout).toContain("the main script is sent precompressed (br)");
    expect(result.stdout).toContain("stopped cleanly on SIGTERM");
  }, 300_000);
});
