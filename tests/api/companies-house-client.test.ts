import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../src/server/errors";
import { createCompaniesHouseClient } from "../../src/server/features/companies/companies-house-client";
import { createCompanyService } from "../../src/server/features/companies/company-service";

/** Official response shapes (trimmed), as https://developer.company-information.service.gov.uk documents them. */
const SEARCH_RESPONSE = {
  kind: "search#companies",
  total_results: 2,
  items_per_page: 20,
  start_index: 0,
  items: [
    {
      kind: "searchresults#company",
      title: "HARGREAVES DESIGN & BUILD LIMITED",
      company_number: "01234567",
      company_status: "active",
      company_type: "ltd",
      date_of_creation: "2009-03-12",
      address_snippet: "12 Mill Lane, Leeds, LS1 4AB",
      address: { premises: "12", address_line_1: "Mill Lane", locality: "Leeds", postal_code: "LS1 4AB" },
      description: "01234567 - Incorporated on 12 March 2009",
      links: { self: "/company/01234567" },
      matches: { title: [1, 10] },
    },
    {
      kind: "searchresults#company",
      title: "HARGREAVES SURVEYORS LLP",
      company_number: "OC301234",
      company_status: "dissolved",
      date_of_creation: "2004-07-01",
      address: { address_line_1: "1 Park Row", locality: "Bristol", region: "Bristol", postal_code: "BS1 5LJ" },
    },
  ],
};

const OFFICERS_RESPONSE = {
  kind: "officer-list",
  active_count: 3,
  resigned_count: 2,
  total_results: 5,
  items_per_page: 35,
  start_index: 0,
  etag: "abc",
  links: { self: "/company/01234567/officers" },
  items: [
    { name: "HARGREAVES, Anne", officer_role: "director", appointed_on: "2009-03-12" },
    { name: "SMITH, John", officer_role: "director", appointed_on: "2010-01-01", resigned_on: "2019-05-31" },
    { name: "HARGREAVES, Paul", officer_role: "corporate-director", appointed_on: "2012-06-01" },
    { name: "JONES, Mary", officer_role: "secretary", appointed_on: "2009-03-12" },
    { name: "OLD, Member", officer_role: "llp-member", appointed_on: "2001-01-01", resigned_on: "2002-01-01" },
  ],
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let requests: IncomingMessage[] = [];

function json(status: number, body: unknown): Handler {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  handler = json(200, SEARCH_RESPONSE);
});

function client(timeoutMs = 3_000) {
  return createCompaniesHouseClient({ apiKey: "test-key-123", baseUrl, timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("Companies House client", () => {
  it("searches with HTTP basic auth (key as user name, empty password) and the items_per_page parameter", async () => {
    const result = await client().searchCompanies("hargreaves design", 20);
    const request = requests[0];
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from("test-key-123:").toString("base64")}`);
    const url = new URL(request?.url ?? "", baseUrl);
    expect(url.pathname).toBe("/search/companies");
    expect(url.searchParams.get("q")).toBe("hargreaves design");
    expect(url.searchParams.get("items_per_page")).toBe("20");
    expect(result.items).toHaveLength(2);
  });

  it("passes Companies House's field names through unchanged", async () => {
    const result = await client().searchCompanies("hargreaves", 20);
    expect(result.items[0]).toEqual(SEARCH_RESPONSE.items[0]);
    expect(result.total_results).toBe(2);
  });

  it("reads a company's officers", async () => {
    handler = json(200, OFFICERS_RESPONSE);
    const list = await client().listOfficers("01234567");
    expect(new URL(requests[0]?.url ?? "", baseUrl).pathname).toBe("/company/01234567/officers");
    expect(list.items).toHaveLength(5);
  });

  it("answers 404 naming the company when Companies House does not know the number", async () => {
    handler = json(404, { errors: [{ error: "company-profile-not-found", type: "ch:service" }] });
    const error = await failure(client().listOfficers("09999999"));
    expect(error.status).toBe(404);
    expect(error.message).toBe("No company with number 09999999 was found in the company register");
  });

  it("treats a search that Companies House answers 404 as no results", async () => {
    handler = json(404, {});
    expect((await client().searchCompanies("zzzz", 20)).items).toEqual([]);
  });

  it("turns a refused API key (401) into 502 with a message for the administrator", async () => {
    handler = json(401, { error: "Invalid Authorization", type: "ch:service" });
    const error = await failure(client().searchCompanies("hargreaves", 20));
    expect(error.status).toBe(502);
    expect(error.code).toBe("COMPANY_REGISTER_UNAUTHORISED");
    expect(error.message).toMatch(/API key/);
  });

  it("turns Companies House's rate limit (429) into 503 asking the user to wait", async () => {
    handler = json(429, {});
    const error = await failure(client().searchCompanies("hargreaves", 20));
    expect(error.status).toBe(503);
    expect(error.message).toBe("The company register has had too many requests. Please wait a minute and try again.");
  });

  it("turns a server error (500) into 502", async () => {
    handler = json(500, { error: "boom" });
    const error = await failure(client().searchCompanies("hargreaves", 20));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The company register is unavailable at the moment. Please try again shortly.");
  });

  it("gives up on a slow answer after the timeout with 502", async () => {
    handler = (_request, response) => {
      const timer = setTimeout(() => json(200, SEARCH_RESPONSE)(_request, response), 2_000);
      response.on("close", () => clearTimeout(timer));
    };
    const started = Date.now();
    const error = await failure(client(150).searchCompanies("hargreaves", 20));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error.status).toBe(502);
    expect(error.code).toBe("COMPANY_REGISTER_TIMEOUT");
    expect(error.message).toBe("The company register did not answer in time. Please try again shortly.");
  });

  it("answers 502 for a body that is not JSON or lacks the fields we read", async () => {
    handler = (_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("<html>maintenance</html>");
    };
    expect((await failure(client().searchCompanies("hargreaves", 20))).status).toBe(502);
    handler = json(200, { items: [{ title: 42 }] });
    expect((await failure(client().searchCompanies("hargreaves", 20))).code).toBe("COMPANY_REGISTER_INVALID_RESPONSE");
  });

  it("answers 502 when the register cannot be reached at all", async () => {
    const unreachable = createCompaniesHouseClient({ apiKey: "k", baseUrl: "http://127.0.0.1:9", timeoutMs: 1_000 });
    const error = await failure(unreachable.searchCompanies("hargreaves", 20));
    expect(error.status).toBe(502);
  });
});

describe("company service over the live client", () => {
  it("counts only active directors and members as the number of directors", async () => {
    handler = json(200, OFFICERS_RESPONSE);
    const service = createCompanyService({ register: client() });
    const answer = await service.officers("01234567");
    // Anne and Paul: the resigned director, the secretary and the resigned LLP member do not count.
    expect(answer.numberOfDirectors).toBe(2);
    expect(answer.items).toHaveLength(5);
  });

  it("caches a search for five minutes, then asks the register again", async () => {
    let now = 1_000_000;
    const service = createCompanyService({ register: client(), now: () => now });
    await service.search("Hargreaves");
    await service.search("  hargreaves ");
    expect(requests).toHaveLength(1);
    now += 5 * 60 * 1_000 - 1;
    await service.search("hargreaves");
    expect(requests).toHaveLength(1);
    now += 1;
    await service.search("hargreaves");
    expect(requests).toHaveLength(2);
  });

  it("shares one upstream call between identical searches made at the same time", async () => {
    const service = createCompanyService({ register: client() });
    await Promise.all([service.search("hargreaves"), service.search("hargreaves"), service.search("hargreaves")]);
    expect(requests).toHaveLength(1);
  });

  it("does not cache a failure: the next search tries again", async () => {
    handler = json(500, {});
    const service = createCompanyService({ register: client() });
    expect((await failure(service.search("hargreaves"))).status).toBe(502);
    handler = json(200, SEARCH_RESPONSE);
    expect((await service.search("hargreaves")).items).toHaveLength(2);
    expect(requests).toHaveLength(2);
  });

  it("refuses a search shorter than 2 characters without calling the register", async () => {
    const service = createCompanyService({ register: client() });
    const error = await failure(service.search(" h "));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Enter at least 2 characters to search the company register");
    expect(requests).toHaveLength(0);
  });

  it("refuses a malformed company number without calling the register", async () => {
    const service = createCompanyService({ register: client() });
    expect((await failure(service.officers("12/34"))).status).toBe(400);
    expect(requests).toHaveLength(0);
  });

  it("keeps the cache bounded: the least recently used search is evicted first", async () => {
    const service = createCompanyService({ register: client(), cacheMaxEntries: 2 });
    await service.search("aa");
    await service.search("bb");
    await service.search("aa");
    await service.search("cc");
    expect(requests).toHaveLength(3);
    await service.search("aa");
    expect(requests).toHaveLength(3);
    await service.search("bb");
    expect(requests).toHaveLength(4);
  });
});
