import { expect, it } from "vitest";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("health and routing", (ctx) => {
  it("answers /healthz with status ok once the database answers", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("answers unknown /api routes with a JSON 404 in the error shape", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/no-such-thing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: "No route for GET /api/no-such-thing", code: "NOT_FOUND" });
  });

  it("sends security headers (CSP without inline scripts, no sniffing, no framing)", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/healthz" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describeEachDatabase("errors and the built web app", (ctx) => {
  it("answers an unexpected failure with 500 and no stack, and logs it", async () => {
    const logged: unknown[] = [];
    const logger = {
      level: "error",
      stream: { write: (line: string) => logged.push(JSON.parse(line)) },
    };
    const { buildApp } = await import("../../src/server/app");
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger });
    app.get("/api/test-failure", async () => {
      throw new Error("secret internal detail");
    });
    await app.ready();
    try {
      const response = await app.inject({ method: "GET", url: "/api/test-failure" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: "Internal server error", code: "INTERNAL_ERROR" });
      expect(response.body).not.toContain("secret internal detail");
      expect(JSON.stringify(logged)).toContain("secret internal detail");
    } finally {
      await app.close();
    }
  });

  it("answers a refusal by the framework that the catalogue does not name with its own status and words, as BAD_REQUEST", async () => {
    // A body shorter than its Content-Length: Node's own HTTP parser never lets this through a socket, but the
    // framework's check stands behind it, and its answer must still carry one of the catalogue's codes.
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-length": "100" },
      payload: '{"email":"a@example.com","password":"x"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Request body size did not match Content-Length", code: "BAD_REQUEST" });
  });

  it("answers every AppError with the catalogue's status for its code", async () => {
    const { AppError } = await import("../../src/server/errors");
    const { ERROR_CATALOGUE, ERROR_CODES } = await import("../../src/domain/api/errors");
    const { buildApp } = await import("../../src/server/app");
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    app.get("/api/test-error/:code", async (request) => {
      throw new AppError((request.params as { code: (typeof ERROR_CODES)[number] }).code);
    });
    await app.ready();
    try {
      for (const code of ERROR_CODES) {
        const response = await app.inject({ method: "GET", url: `/api/test-error/${code}` });
        expect(response.statusCode, code).toBe(ERROR_CATALOGUE[code].status);
        expect(response.json(), code).toEqual({ error: ERROR_CATALOGUE[code].message, code });
      }
    } finally {
      await app.close();
    }
  });

  it("serves the built web app with an index.html fallback for client routes, never for /api", async () => {
    const { mkdtempSync, mkdirSync, rmSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const webRoot = mkdtempSync(join(tmpdir(), "pqe-web-"));
    try {
      writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>PI Quote Engine</title>");
      mkdirSync(join(webRoot, "assets"));
      writeFileSync(join(webRoot, "assets", "app-abc123.js"), "console.log('app')");
      const app = await ctx.buildApp({ webRoot });
      const home = await app.inject({ method: "GET", url: "/" });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain("<title>PI Quote Engine</title>");
      expect(home.headers["cache-control"]).toBe("no-cache");
      const clientRoute = await app.inject({ method: "GET", url: "/quote/123?step=2" });
      expect(clientRoute.statusCode).toBe(200);
      expect(clientRoute.headers["content-type"]).toMatch(/^text\/html/);
      const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toContain("immutable");
      expect((await app.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
      const api = await app.inject({ method: "GET", url: "/api/unknown" });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe("NOT_FOUND");
      expect((await app.inject({ method: "POST", url: "/dashboard" })).statusCode).toBe(404);
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
