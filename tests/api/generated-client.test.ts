/**
 * The API as an integrator meets it: TypeScript types generated from the served OpenAPI document by
 * openapi-typescript (tests/support/api-client/schema.d.ts, checked by `tsc -b` with the tests), and openapi-fetch
 * calling a real server over HTTP with them. If the document stops matching what the server does, the calls
 * below stop type-checking or stop working.
 *
 * After changing a route, regenerate the types: `npm run api-client`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import createClient from "openapi-fetch";
import openapiTS from "openapi-typescript";
import { expect, it } from "vitest";
import { demoUser } from "../../src/server/db/seed";
import type { paths } from "../support/api-client/schema";
import { describeEachDatabase } from "../support/harness";
import {
  ACTIVITY_SPLIT,
  CLEAN_DECLARATION,
  CONTRACTS,
  DESIGN_LIABILITY,
  FINANCIAL_OVERVIEW,
  STEP_ONE,
} from "./quotes-fixtures";

const SCHEMA_FILE = new URL("../support/api-client/schema.d.ts", import.meta.url);

describeEachDatabase("A client generated from the OpenAPI document", (ctx) => {
  it("is generated from the document the server serves now", async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const generated = await openapiTS(document);
    if (process.env.UPDATE_API_CLIENT === "1") writeFileSync(SCHEMA_FILE, generated);
    // Stale types would let an integrator's client compile against an API that no longer exists.
    expect(readFileSync(SCHEMA_FILE, "utf8"), "run `npm run api-client` and commit the result").toBe(generated);
  });

  it("signs in, creates a quote, completes it and rates it over HTTP", async () => {
    const app = await ctx.buildApp();
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const client = createClient<paths>({ baseUrl: `http://127.0.0.1:${port}` });

    const { email, password } = demoUser("BROKER");
    const signedIn = await client.POST("/api/auth/login", { body: { email, password } });
    expect(signedIn.response.status).toBe(200);
    const session = signedIn.response.headers.getSetCookie().find((c) => c.startsWith("pqe_session="));
    if (!session) throw new Error("Signing in set no session cookie");
    const headers = { cookie: session.split(";")[0] ?? "" };

    const refused = await client.GET("/api/quotes");
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ error: "Authentication required", code: "AUTHENTICATION_REQUIRED" });

    const created = await client.POST("/api/quotes", { headers, body: { ...STEP_ONE, fees: [] } });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    if (!created.data) throw new Error("Creating the quote answered no quote");
    const id = created.data.data.id;
    const path = { id };

    for (const body of [
      { financialOverview: FINANCIAL_OVERVIEW },
      { designLiability: DESIGN_LIABILITY },
      { activitySplit: ACTIVITY_SPLIT },
      { contracts: CONTRACTS },
      { declaration: CLEAN_DECLARATION },
    ]) {
      const saved = await client.PATCH("/api/quotes/{id}", { headers, params: { path }, body });
      expect(saved.response.status, JSON.stringify(saved.error)).toBe(200);
    }

    const rated = await client.POST("/api/quotes/{id}/rate", {
      headers,
      params: { path },
      body: { turnoverBand: "500k_to_1m", risk: { coverLimitAggregate: 1_000_000 } },
    });
    expect(rated.response.status, JSON.stringify(rated.error)).toBe(200);
    expect(rated.data?.data.breakdown.totalPremium).toBe("1173.20");

    const read = await client.GET("/api/quotes/{id}", { headers, params: { path } });
    expect(read.data?.data.status).toBe(rated.data?.data.quote.status);

    // An error answer has the documented envelope, typed as such.
    const missing = await client.GET("/api/quotes/{id}", {
      headers,
      params: { path: { id: "00000000-0000-4000-8000-000000000000" } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.code).toBe("QUOTE_NOT_FOUND");
  });
});
