/**
 * The documents' worker threads in the two ways the server runs as a process (ADR 0045): the production bundle
 * (`node dist/server/main.js`, whose worker entry is dist/server/worker.js) renders a statement of fact and the
 * wording; the server run from its sources through tsx, sent SIGTERM with renders in flight, answers each of
 * them, closes its worker threads and the database, and exits 0.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, type ServerProcess, signInOver, startServerProcess } from "../durability/server-process";
import { withBuildLock } from "../support/build-lock";
import { createCompleteQuote } from "./quotes-fixtures";

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pqe-documents-process-"));
  dataDirs.push(dir);
  return dir;
}

/** The quote fixtures speak to an app through `inject`; this one carries their requests over HTTP instead. */
function overHttp(baseURL: string): FastifyInstance {
  return {
    async inject(request: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) {
      const response = await fetch(`${baseURL}${request.url}`, {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.payload !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(request.payload !== undefined ? { body: JSON.stringify(request.payload) } : {}),
      });
      const text = await response.text();
      return { statusCode: response.status, json: () => JSON.parse(text) };
    },
  } as unknown as FastifyInstance;
}

async function brokerWithCompleteQuote(baseURL: string): Promise<{ cookie: string; quoteId: string }> {
  const cookie = await signInOver(baseURL, "broker@example.com", "Broker-Demo-2026");
  const quote = await createCompleteQuote(overHttp(baseURL), cookie);
  return { cookie, quoteId: quote.id };
}

function statementOfFact(baseURL: string, cookie: string, quoteId: string): Promise<Response> {
  return fetch(`${baseURL}/api/quotes/${quoteId}/statement-of-fact`, { method: "POST", headers: { cookie } });
}

async function expectPdf(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const pdf = Buffer.from(await response.arrayBuffer());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  return pdf;
}

describe("documents rendered by server processes", { timeout: 180_000 }, () => {
  it("the production bundle renders a statement of fact and the wording on its worker threads", async () => {
    await withBuildLock(() => {
      const built = spawnSync(process.execPath, [resolve(ROOT, "scripts/build.mjs"), "--server-only"], {
        cwd: ROOT,
        encoding: "utf8",
      });
      if (built.status !== 0) throw new Error(`The server build failed:\n${built.stdout}\n${built.stderr}`);
    });
    const server = await startServerProcess({
      dataDir: freshDataDir(),
      command: [resolve(ROOT, "dist/server/main.js")],
    });
    servers.push(server);
    const { cookie, quoteId } = await brokerWithCompleteQuote(server.baseURL);
    const [first, second] = await Promise.all([
      statementOfFact(server.baseURL, cookie, quoteId),
      statementOfFact(server.baseURL, cookie, quoteId),
    ]);
    if (!first || !second) throw new Error("missing response");
    expect((await expectPdf(first)).length).toBeGreaterThan(10_000);
    await expectPdf(second);
    await expectPdf(await fetch(`${server.baseURL}/api/documents/dc-wording`));
  });

  it("answers the renders in flight at SIGTERM, closes its worker threads and exits 0", async () => {
    // The request log (at debug) says when each request has reached the server: SIGTERM must find all three in
    // flight, not on their way (a request that arrives after it is turned away, as a closing server should).
    const server = await startServerProcess({ dataDir: freshDataDir(), env: { LOG_LEVEL: "debug" } });
    servers.push(server);
    const { cookie, quoteId } = await brokerWithCompleteQuote(server.baseURL);
    const arrived = () =>
      server
        .output()
        .split("\n")
        .filter(
          (line) => line.includes('"incoming request"') && line.includes(`/api/quotes/${quoteId}/statement-of-fact`),
        ).length;
    // Three at once from one broker: two render while the third waits its turn; the worker threads are still
    // starting when SIGTERM arrives.
    const inFlight = Array.from({ length: 3 }, () => statementOfFact(server.baseURL, cookie, quoteId));
    await expect.poll(arrived, { timeout: 20_000, interval: 10 }).toBe(3);
    server.child.kill("SIGTERM");
    await Promise.all(inFlight.map(async (response) => expectPdf(await response)));
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
