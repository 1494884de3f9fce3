import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { signIn } from "../support/auth";
import { describeEachDatabase, testConfig } from "../support/harness";

const SEARCH = {
  kind: "search#companies",
  total_results: 1,
  items: [
    {
      kind: "searchresults#company",
      title: "ŁÓDŹ JOINERY LIMITED",
      company_number: "12345678",
      company_status: "active",
      date_of_creation: "2015-05-05",
      address: { premises: "4", address_line_1: "Canal Side", locality: "Bradford", postal_code: "BD1 4AB" },
    },
  ],
};
const OFFICERS = {
  kind: "officer-list",
  items: [
    { name: "NOWAK, Anna", officer_role: "director", appointed_on: "2015-05-05" },
    { name: "NOWAK, Piotr", officer_role: "director", appointed_on: "2015-05-05", resigned_on: "2020-01-01" },
    { name: "SMITH, Jo", officer_role: "secretary", appointed_on: "2015-05-05" },
  ],
};

let fake: Server;
let fakeUrl: string;
let answer: (request: IncomingMessage, response: ServerResponse) => void;
let calls = 0;

function reply(status: number, body: unknown) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  fake = createServer((request, response) => {
    calls += 1;
    answer(request, response);
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});

afterAll(async () => {
  fake.closeAllConnections();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

beforeEach(() => {
  calls = 0;
  answer = (request, response) =>
    (request.url?.includes("/officers") ? reply(200, OFFICERS) : reply(200, SEARCH))(request, response);
});

describeEachDatabase("company register routes", (ctx) => {
  let live: FastifyInstance;
  let brokerCookie: string;

  beforeAll(async () => {
    live = await ctx.buildApp({
      config: testConfig({ COMPANIES_HOUSE_API_KEY: "fake-key", COMPANIES_HOUSE_BASE_URL: fakeUrl }),
    });
    brokerCookie = await signIn(ctx.app, "BROKER");
  });

  it("refuses company search to anyone signed out (401)", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/companies/search?q=joinery" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "Authentication required" });
  });

  it("lets every role search (broker, underwriter, admin)", async () => {
    for (const role of ["BROKER", "UNDERWRITER", "ADMIN"] as const) {
      const cookie = await signIn(ctx.app, role);
      const response = await ctx.app.inject({
        method: "GET",
        url: "/api/companies/search?q=joinery",
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it("answers from the demo register without an API key, in Companies House field names, items also under data", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/companies/search?q=${encodeURIComponent("Łódź")}`,
      headers: { cookie: brokerCookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.register).toBe("demo");
    expect(body.items).toEqual(body.data.items);
    expect(body.items[0]).toMatchObject({
      title: "Łódź Joinery Ltd",
      company_status: expect.any(String),
      date_of_creation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      address: { locality: "Bradford", postal_code: expect.any(String) },
    });
    expect(body.items[0].company_number).toMatch(/^[A-Z0-9]{8}$/);
  });

  it("reads a demo company's officers with its number of directors", async () => {
    const search = await ctx.app.inject({
      method: "GET",
      url: "/api/companies/search?q=lodz+joinery",
      headers: { cookie: brokerCookie },
    });
    const number = search.json().items[0].company_number as string;
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/companies/${number}/officers`,
      headers: { cookie: brokerCookie },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.register).toBe("demo");
    expect(data.numberOfDirectors).toBeGreaterThanOrEqual(1);
    expect(data.items.length).toBeGreaterThanOrEqual(data.numberOfDirectors);
  });

  it("answers 400 with a clear message for a search under 2 characters", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/companies/search?q=a",
      headers: { cookie: brokerCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Enter at least 2 characters to search the company register",
      code: "COMPANY_SEARCH_TOO_SHORT",
    });
  });

  it("answers 404 for an unknown company and 400 for a malformed number", async () => {
    const unknown = await ctx.app.inject({
      method: "GET",
      url: "/api/companies/00000001/officers",
      headers: { cookie: brokerCookie },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: "GET",
      url: "/api/companies/12-34/officers",
      headers: { cookie: brokerCookie },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("with an API key, answers from Companies House and caches the answer", async () => {
    const first = await live.inject({
      method: "GET",
      url: "/api/companies/search?q=lodz",
      headers: { cookie: brokerCookie },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ items: SEARCH.items, data: { register: "live", total_results: 1 } });
    await live.inject({ method: "GET", url: "/api/companies/search?q=LODZ", headers: { cookie: brokerCookie } });
    expect(calls).toBe(1);
  });

  it("with an API key, counts active directors from Companies House's officers", async () => {
    const response = await live.inject({
      method: "GET",
      url: "/api/companies/12345678/officers",
      headers: { cookie: brokerCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ numberOfDirectors: 1, register: "live" });
  });

  it("answers 502 when Companies House fails, 503 when it rate-limits, and keeps serving afterwards", async () => {
    answer = reply(500, {});
    const failed = await live.inject({
      method: "GET",
      url: "/api/companies/search?q=fails",
      headers: { cookie: brokerCookie },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe("The company register is unavailable at the moment. Please try again shortly.");

    answer = reply(429, {});
    const limited = await live.inject({
      method: "GET",
      url: "/api/companies/search?q=busy",
      headers: { cookie: brokerCookie },
    });
    expect(limited.statusCode).toBe(503);

    answer = reply(401, {});
    const refused = await live.inject({
      method: "GET",
      url: "/api/companies/99999999/officers",
      headers: { cookie: brokerCookie },
    });
    expect(refused.statusCode).toBe(502);

    answer = reply(200, SEARCH);
    const healthy = await live.inject({
      method: "GET",
      url: "/api/companies/search?q=fails",
      headers: { cookie: brokerCookie },
    });
    expect(healthy.statusCode).toBe(200);
  });
});
