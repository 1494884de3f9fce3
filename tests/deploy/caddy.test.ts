/**
 * deploy/Caddyfile in front of a real app server, through a real Caddy (Debian's `caddy` package; .ci/run installs
 * it): the app's own compression passes through untouched and is never compressed twice, Caddy adds zstd for a
 * client that accepts only that, and PDFs and partial answers are never compressed. The site address and the
 * upstreams are the only lines changed: a unix socket instead of :80, this test's server instead of app1 and app2.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, zstdDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { precompressDirectory } from "../../scripts/precompress.mjs";
import { describeEachDatabase } from "../support/harness";

const CADDYFILE = readFileSync(join(import.meta.dirname, "../../deploy/Caddyfile"), "utf8");

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request over `socketPath`, its body exactly as sent (Node's client decodes nothing). */
function raw(socketPath: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ socketPath, path, headers: { host: "localhost", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describeEachDatabase("deploy/Caddyfile in front of the app", (ctx) => {
  const folder = mkdtempSync(join(tmpdir(), "pqe-caddy-"));
  const webRoot = join(folder, "web");
  const socket = join(folder, "caddy.sock");
  const script = Buffer.from(
    Array.from({ length: 1500 }, (_, i) => `export const step${i}=q=>q.premium*${(i * 7919) % 997};`).join("\n"),
  );
  let app: FastifyInstance;
  let caddy: ChildProcess | undefined;
  let caddyOutput = "";

  beforeAll(async () => {
    const version = spawnSync("caddy", ["version"], { encoding: "utf8" });
    expect(version.status, "caddy is on PATH (apt-get install caddy)").toBe(0);
    mkdirSync(join(webRoot, "assets"), { recursive: true });
    writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>PI Quote Engine</title>");
    writeFileSync(join(webRoot, "assets", "app-abc.js"), script);
    await precompressDirectory(join(webRoot, "assets"));
    app = await ctx.buildApp({ webRoot });
    const address = new URL(await app.listen({ host: "127.0.0.1", port: 0 }));

    const site = CADDYFILE.replace(/^:80 \{$/m, `http:// {\n\tbind unix/${socket}`).replace(
      /reverse_proxy app1:3000 app2:3000/,
      `reverse_proxy ${address.host}`,
    );
    expect(site).toContain(`bind unix/${socket}`);
    expect(site).toContain(`reverse_proxy ${address.host}`);
    const config = join(folder, "Caddyfile");
    writeFileSync(config, `{\n\tadmin off\n}\n${site}`);
    caddy = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
      env: { ...process.env, HOME: folder, XDG_CONFIG_HOME: folder, XDG_DATA_HOME: folder },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout?.on("data", (chunk: Buffer) => {
      caddyOutput += chunk.toString();
    });
    caddy.stderr?.on("data", (chunk: Buffer) => {
      caddyOutput += chunk.toString();
    });
    // Caddy answers once it has bound the socket; until then a request fails to connect.
    for (let attempt = 0; ; attempt++) {
      const answer = await raw(socket, "/healthz").catch(() => undefined);
      if (answer?.status === 200) break;
      expect(caddy.exitCode, caddyOutput).toBeNull();
      expect(attempt, `Caddy did not answer: ${caddyOutput}`).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy?.once("exit", resolve));
      caddy.kill("SIGTERM");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it("passes the app's brotli copy through as it is, never compressed again", async () => {
    const answer = await raw(socket, "/assets/app-abc.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.equals(readFileSync(join(webRoot, "assets", "app-abc.js.br")))).toBe(true);
    expect(brotliDecompressSync(answer.body).equals(script)).toBe(true);
  });

  it("compresses with zstd what the app sends as it is to a client that accepts only zstd", async () => {
    for (const path of ["/assets/app-abc.js", "/api/openapi.json"]) {
      const plain = await raw(socket, path);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      const answer = await raw(socket, path, { "accept-encoding": "zstd" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-encoding"], path).toBe("zstd");
      expect(zstdDecompressSync(answer.body).equals(plain.body), path).toBe(true);
    }
  });

  it("asks the app for nothing the client did not accept: the file itself, with its own ETag", async () => {
    const direct = await app.inject({ method: "GET", url: "/assets/app-abc.js" });
    const answer = await raw(socket, "/assets/app-abc.js");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.etag).toBe(direct.headers.etag);
    expect(answer.body.equals(script)).toBe(true);
  });

  it("never compresses a PDF or a partial answer", async () => {
    const pdf = await raw(socket, "/api/documents/dc-wording", { "accept-encoding": "zstd, br, gzip" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-encoding"]).toBeUndefined();
    expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const part = await raw(socket, "/assets/app-abc.js", { "accept-encoding": "zstd", range: "bytes=0-1999" });
    expect(part.status).toBe(206);
    expect(part.headers["content-encoding"]).toBeUndefined();
    expect(part.body.equals(script.subarray(0, 2000))).toBe(true);
  });
});
