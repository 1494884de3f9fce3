/**
 * Strict security headers (helmet) on every kind of answer: API data, errors, the web app's HTML and
 * its assets. The content security policy allows the product's own scripts only (no inline script, no eval, no
 * plugins, no framing, no foreign form targets); API answers holding personal data are never stored by caches.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_ONLY_HEADERS } from "../../src/server/http/web-app";
import { signIn } from "../support/auth";
import { describeEachDatabase, testConfig } from "../support/harness";

/** The policy, directive by directive. */
function parseCsp(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

function expectStrictHeaders(response: LightMyRequestResponse, what: string): void {
  const h = response.headers;
  const csp = parseCsp(h["content-security-policy"]);
  expect(csp.get("default-src"), what).toEqual(["'self'"]);
  expect(csp.get("script-src"), what).toEqual(["'self'"]);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(csp.get("base-uri"), what).toEqual(["'self'"]);
  expect(csp.get("form-action"), what).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("connect-src"), what).toEqual(["'self'"]);
  for (const [directive, values] of csp) {
    expect(values, `${what}: ${directive}`).not.toContain("'unsafe-eval'");
    expect(values, `${what}: ${directive}`).not.toContain("*");
    expect(values, `${what}: ${directive}`).not.toContain("http:");
    expect(values, `${what}: ${directive}`).not.toContain("https:");
  }
  expect(csp.get("script-src"), what).not.toContain("'unsafe-inline'");
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["x-frame-options"], what).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(h["referrer-policy"], what).toBe("no-referrer");
  expect(h["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(h["cross-origin-resource-policy"], what).toBe("same-origin");
  expect(h["x-dns-prefetch-control"], what).toBe("off");
  expect(h["x-powered-by"], what).toBeUndefined();
  expect(h.server, what).toBeUndefined();
}

describeEachDatabase("security headers", (ctx) => {
  const webRoot = mkdtempSync(join(tmpdir(), "pqe-headers-web-"));
  let withWeb: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(
      join(webRoot, "index.html"),
      '<!doctype html><title>PI Quote Engine</title><script type="module" src="/assets/app.js"></script>',
    );
    mkdirSync(join(webRoot, "assets"));
    writeFileSync(join(webRoot, "assets", "app.js"), "console.log('app')");
    withWeb = await ctx.buildApp({ webRoot });
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  it("sends them on API data, errors, the app's HTML and its assets", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    const answers: [string, LightMyRequestResponse][] = [
      ["API data", await withWeb.inject({ method: "GET", url: "/api/quotes", headers: { cookie } })],
      ["401", await withWeb.inject({ method: "GET", url: "/api/me" })],
      ["404", await withWeb.inject({ method: "GET", url: "/api/nothing-here" })],
      ["400", await withWeb.inject({ method: "POST", url: "/api/auth/login", payload: { email: "x" } })],
      ["the app's HTML", await withWeb.inject({ method: "GET", url: "/" })],
      ["a client route", await withWeb.inject({ method: "GET", url: "/quote/new" })],
      ["an asset that does not exist", await withWeb.inject({ method: "GET", url: "/assets/gone-abc123.js" })],
      ["the wording PDF", await withWeb.inject({ method: "GET", url: "/api/documents/dc-wording" })],
    ];
    for (const [what, response] of answers) {
      expect(response.statusCode, what).toBeLessThan(500);
      expectStrictHeaders(response, what);
    }
  });

  it("sends a fingerprinted file the headers a script or stylesheet uses, and none meant for pages only", async () => {
    const asset = await withWeb.inject({ method: "GET", url: "/assets/app.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(asset.headers["referrer-policy"]).toBe("no-referrer");
    for (const header of DOCUMENT_ONLY_HEADERS) expect(asset.headers[header], header).toBeUndefined();
    expect(asset.headers["x-powered-by"]).toBeUndefined();
    const https = await ctx.buildApp({ webRoot, config: testConfig({ PUBLIC_URL: "https://quotes.example.co.uk" }) });
    const secure = await https.inject({ method: "GET", url: "/assets/app.js" });
    expect(String(secure.headers["strict-transport-security"])).toMatch(/max-age=\d{7,}/);
  });

  it("sends HSTS only when the product is served over https", async () => {
    const plain = await ctx.app.inject({ method: "GET", url: "/healthz" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const https = await ctx.buildApp({ config: testConfig({ PUBLIC_URL: "https://quotes.example.co.uk" }) });
    const secure = await https.inject({ method: "GET", url: "/healthz" });
    expect(String(secure.headers["strict-transport-security"])).toMatch(/max-age=\d{7,}/);
    expect(parseCsp(secure.headers["content-security-policy"]).has("upgrade-insecure-requests")).toBe(true);
  });

  it("keeps personal data out of caches: API answers are no-store, the HTML is revalidated", async () => {
    const cookie = await signIn(ctx.app, "BROKER");
    for (const url of ["/api/me", "/api/quotes", "/api/quotes/stats"]) {
      const response = await ctx.app.inject({ method: "GET", url, headers: { cookie } });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "broker@example.com", password: "Broker-Demo-2026" },
    });
    expect(login.headers["cache-control"]).toBe("no-store");
    const html = await withWeb.inject({ method: "GET", url: "/dashboard" });
    expect(html.headers["cache-control"]).toBe("no-cache");
  });

  describe("the API documentation page", () => {
    it("is served under a policy of its own that still forbids foreign and inline scripts and framing", async () => {
      const docs = await ctx.app.inject({ method: "GET", url: "/api/docs/" });
      expect(docs.statusCode).toBe(200);
      const csp = parseCsp(docs.headers["content-security-policy"]);
      expect(csp.get("script-src")?.every((value) => value === "'self'" || value.startsWith("'sha256-"))).toBe(true);
      expect(csp.get("script-src-attr")).toEqual(["'none'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
      // Plain http here: asking the browser to upgrade to https would break the page.
      expect(csp.has("upgrade-insecure-requests")).toBe(false);
    });
  });
});
