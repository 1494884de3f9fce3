import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { lintFromString, loadConfig, parseYaml } from "@redocly/openapi-core";
import { expect, it } from "vitest";
import { PLAUSIBLE_DATE_DESCRIPTIONS } from "../../src/domain/quote/plausible-dates";
import { API_OPERATIONS } from "../../src/server/openapi";
import { routeTable } from "../security/route-table";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("OpenAPI", (ctx) => {
  it("serves an OpenAPI 3 document listing the routes with their schemas", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe("PI Quote Engine API");
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/auth/login",
        "/api/auth/logout",
        "/api/me",
        "/api/auth/register",
        "/api/users",
        "/api/users/{id}",
        "/api/users/{id}/authority",
        "/api/audit",
        "/api/rating/versions",
        "/api/rating/versions/{id}",
        "/api/rating/versions/{id}/publish",
      ]),
    );
    expect(paths).not.toContain("/api/openapi.json");
    const login = document.paths["/api/auth/login"].post;
    expect(login.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
  });

  it("describes the date ranges the server enforces, which move with today and so have no fixed bounds", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const text = JSON.stringify(document.paths["/api/quotes"].post.requestBody);
    expect(text).toContain(PLAUSIBLE_DATE_DESCRIPTIONS.inceptionDate);
    expect(text).toContain(PLAUSIBLE_DATE_DESCRIPTIONS.incorporationDate);
    const patch = JSON.stringify(document.paths["/api/quotes/{id}"].patch.requestBody);
    expect(patch).toContain(PLAUSIBLE_DATE_DESCRIPTIONS.startDate);
  });

  it("serves the documentation page at /api/docs", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(response.statusCode);
    const page =
      response.statusCode === 302
        ? await ctx.app.inject({ method: "GET", url: String(response.headers.location) })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger");
  });
});

/** The project's Redocly configuration: the rules an outside `npx @redocly/cli lint` applies too. */
const REDOCLY_CONFIG = fileURLToPath(new URL("../../redocly.yaml", import.meta.url));

describeEachDatabase("OpenAPI for integrators", (ctx) => {
  const documentOf = async () => (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();

  it("passes the project's Redocly rules (redocly.yaml) with no error and no warning", async () => {
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lintFromString({
      source: JSON.stringify(await documentOf()),
      absoluteRef: "/api/openapi.json",
      config,
    });
    const reported = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.message}`);
    expect(reported).toEqual([]);
  });

  it("turns off only the recommended rules redocly.yaml gives a reason for, and still needs a 4xx of every operation but one", async () => {
    const text = readFileSync(REDOCLY_CONFIG, "utf8");
    const { rules } = parseYaml(text) as { rules: Record<string, unknown> };
    expect(Object.keys(rules).sort()).toEqual(["info-license-strict", "operation-4xx-response"]);
    const reasons = text.split("\n");
    for (const rule of Object.keys(rules)) {
      const line = reasons.findIndex((text) => text.trim().startsWith(`${rule}:`));
      expect(reasons[line - 1]?.trim(), `${rule} has its reason on the line above`).toMatch(/^# \S/);
    }
    // What operation-4xx-response checked, kept for every operation except the public configuration.
    const { paths } = await documentOf();
    for (const [path, methods] of Object.entries(paths as Record<string, Record<string, { responses: object }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const has4xx = Object.keys(operation.responses).some((status) => status.startsWith("4"));
        expect(has4xx, `${method} ${path}`).toBe(!(method === "get" && path === "/api/config"));
      }
    }
  });

  it("describes every API route the app serves, each with a unique verb-first operationId", async () => {
    const document = await documentOf();
    const served = routeTable(ctx.app)
      .filter((route) => / \/api\//.test(route) && !/\/api\/(openapi\.json|docs)/.test(route))
      .map((route) => route.replace(/:([A-Za-z0-9_]+)/g, "{$1}"));
    const described = Object.entries(document.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op]))
      .map(([key, op]) => [key, (op as { operationId?: string }).operationId] as const);
    expect(described.map(([key]) => key).sort()).toEqual([...served].sort());
    expect(Object.keys(API_OPERATIONS).sort()).toEqual([...served].sort());
    const ids = described.map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(
        /^(get|list|create|update|delete|sign|rate|refer|issue|start|search|publish|record|download|cancel|withdraw)[A-Z]\w*$/,
      );
  });

  it("asks for the session cookie on every operation except the public ones", async () => {
    const document = await documentOf();
    expect(document.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie", name: "pqe_session" }),
    );
    const security = new Map<string, unknown>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { security?: unknown }>>))
      for (const [method, op] of Object.entries(item)) security.set(`${method.toUpperCase()} ${path}`, op.security);
    const open = [...security].filter(([, s]) => Array.isArray(s) && s.length === 0).map(([key]) => key);
    expect(open.sort()).toEqual([
      "GET /api/config",
      "GET /api/documents/dc-wording",
      "POST /api/auth/login",
      // The second step of signing in carries its own credential: the cookie of the password step.
      "POST /api/auth/login/second-factor",
      // A password reset link is its own credential: the person holding it is signed out.
      "POST /api/auth/password-reset",
      "POST /api/auth/password-reset/link",
    ]);
    const optional = [...security].filter(([, s]) => JSON.stringify(s) === '[{"session":[]},{}]').map(([key]) => key);
    expect(optional.sort()).toEqual(["GET /api/uw/review/{id}", "POST /api/auth/logout"]);
    // A guarded route really refuses without the cookie, as the document says.
    const refused = await ctx.app.inject({ method: "GET", url: "/api/quotes" });
    expect(refused.statusCode).toBe(401);
    expect(document.paths["/api/quotes"].get.responses["401"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    expect(Object.keys(refused.json()).sort()).toEqual(
      Object.keys(document.components.schemas.Error.properties)
        .filter((k) => k !== "issues" && k !== "moreIssues")
        .sort(),
    );
  });

  it("gives each operation the error answers its guard and its schemas can give", async () => {
    const { paths } = await documentOf();
    const statuses = (path: string, method: string) => Object.keys(paths[path][method].responses);
    // Signed in as any role: 401 but no role 403; a body: 400, 413, 415; a write: 403 for a cross-site request.
    expect(statuses("/api/quotes", "get")).toEqual(expect.arrayContaining(["200", "400", "401", "500"]));
    expect(statuses("/api/quotes", "get")).not.toContain("403");
    expect(statuses("/api/users", "get")).toEqual(expect.arrayContaining(["401", "403"]));
    expect(statuses("/api/quotes/{id}/rate", "post")).toEqual(
      expect.arrayContaining(["400", "401", "403", "404", "409", "413", "415", "422", "500"]),
    );
    expect(paths["/api/quotes/{id}/policy-schedule"].post.responses["200"].content).toHaveProperty("application/pdf");
    // Any operation can meet a database that is away for a moment.
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods as Record<string, { responses: object }>)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain("503");
      }
    }
  });
});
