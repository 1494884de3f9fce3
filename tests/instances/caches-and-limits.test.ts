/**
 * Three real server processes on one PostgreSQL database, as a deployment behind a load balancer runs them
 * (docs/deploy.md, "What each instance caches"). Each instance caches sessions for up to a minute and the
 * published rating versions for up to five seconds; a change made on one instance must reach the others far
 * sooner, through the notice sent with the change's commit. Sign-in limits are counted in the database, so
 * attempts spread over the instances meet one limit. The processes are shared by the file's tests; every wait
 * is a poll with a deadline.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { addDays } from "../../src/domain/quote/renewal";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import { TOUCH_INTERVAL_MS } from "../../src/server/auth/sessions";
import { MAX_FAILED_SIGN_INS } from "../../src/server/auth/throttle";
import { PUBLISHED_RECHECK_MS } from "../../src/server/features/rating-versions/effective-service";
import { type ServerProcess, signInOver, startServerProcess } from "../durability/server-process";
import { createEmptyPostgresDatabase, postgresServerUrl } from "../support/database";

/** What a change on one instance may take to be seen on another: far below either cache's own bound. */
const PROPAGATION_LIMIT_MS = 2_000;
const ADMIN = { email: "admin@example.com", password: "Admin-Demo-2026" };
const BROKER = { email: "broker@example.com", password: "Broker-Demo-2026" };

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  cookie: string | undefined,
  body?: unknown,
): Promise<{ status: number; json: () => Promise<Record<string, unknown>> }> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: async () => (await response.json()) as Record<string, unknown> };
}

async function dataOf(
  server: ServerProcess,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await call(server, method, path, cookie, body);
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data as Record<string, unknown>;
}

/** Polls until `done` holds, and answers how long that took; fails at the deadline. */
async function msUntil(done: () => Promise<boolean>, deadlineMs: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await done()) return performance.now() - started;
    if (performance.now() - started > deadlineMs) throw new Error(`Not seen within ${deadlineMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A quote ready to rate (the wizard's steps 1 to 6), inception after every version this file publishes. */
async function quoteReadyToRate(server: ServerProcess, cookie: string): Promise<string> {
  const created = await dataOf(server, "POST", "/api/quotes", cookie, {
    productCode: "D/C-PI",
    proposerName: "Three Instances Ltd",
    businessAddress: "1 Station Road, York YO1 1AA",
    inceptionDate: addDays(todayInLondon(new Date()), 5),
    incorporationDate: "2010-01-01",
    numberOfDirectors: 2,
    numberOfQualifiedStaff: 4,
    hasFinancialInterest: false,
    insuredsDetails: { businessActivity: "Design and Build Contractor" },
  });
  const id = created.id as string;
  await dataOf(server, "PATCH", `/api/quotes/${id}`, cookie, {
    financialOverview: {
      coverLimitAggregate: 1_000_000,
      turnover: 800_000,
      largestSingleProjectValue: 200_000,
      isAllTurnoverUK: true,
      overseasWorkSplit: null,
      hasContentsInsurance: false,
      contentsLimit: null,
    },
  });
  await dataOf(server, "PATCH", `/api/quotes/${id}`, cookie, {
    declaration: { subcontractorInsuranceConfirmed: true, previousClaims: false },
  });
  return id;
}

describe.skipIf(!postgresServerUrl())("three instances on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let servers: ServerProcess[] = [];
  let adminCookie = "";
  let userCounter = 0;

  const at = (index: number): ServerProcess => servers[index % servers.length] as ServerProcess;

  /** A user of this test's own, so a lock or a deletion never touches the demo users other tests sign in as. */
  async function newUser(
    role: "BROKER" | "ADMIN" = "BROKER",
  ): Promise<{ id: string; email: string; password: string }> {
    userCounter += 1;
    const email = `instances-${userCounter}-${Date.now()}@example.com`;
    // Not holding the user's name, which the password rule refuses.
    const password = "Quiet-Harbour-Violin-7";
    const created = await dataOf(at(0), "POST", "/api/auth/register", adminCookie, {
      name: `Instances User ${userCounter}`,
      email,
      password,
      role,
    });
    return { id: created.id as string, email, password };
  }

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    const url = database.url;
    // The first migrates and seeds; the others then start on the ready database, as a rolling start would.
    servers = [await startServerProcess({ databaseUrl: url })];
    servers.push(
      ...(await Promise.all([startServerProcess({ databaseUrl: url }), startServerProcess({ databaseUrl: url })])),
    );
    adminCookie = await signInOver(at(0).baseURL, ADMIN.email, ADMIN.password);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.drop();
  });

  it("counts failed sign-ins spread over the instances against one limit, and the lock holds on every instance", async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < MAX_FAILED_SIGN_INS; attempt += 1) {
      const failed = await call(at(attempt), "POST", "/api/auth/login", undefined, {
        email: user.email,
        password: "not-the-password",
      });
      expect(failed.status, `attempt ${attempt + 1} on instance ${attempt % 3}`).toBe(401);
    }
    // Each instance saw at most two failures, yet the pair (account, address) is locked everywhere: even the
    // right password is refused on every instance.
    for (let index = 0; index < servers.length; index += 1) {
      const refused = await call(at(index), "POST", "/api/auth/login", undefined, {
        email: user.email,
        password: user.password,
      });
      expect(refused.status, `instance ${index}`).toBe(429);
      expect((await refused.json()).code).toBe("ACCOUNT_LOCKED");
    }
  });

  it("a sign-out on one instance is refused by the others within moments, far inside the one-minute cache", async () => {
    const cookie = await signInOver(at(0).baseURL, BROKER.email, BROKER.password);
    // Every instance has now read, and cached, the session.
    for (let index = 0; index < servers.length; index += 1) {
      expect((await call(at(index), "GET", "/api/me", cookie)).status).toBe(200);
    }
    expect((await call(at(0), "POST", "/api/auth/logout", cookie)).status).toBeLessThan(300);
    for (const index of [1, 2]) {
      const took = await msUntil(
        async () => (await call(at(index), "GET", "/api/me", cookie)).status === 401,
        PROPAGATION_LIMIT_MS,
        `the signed-out session refused on instance ${index}`,
      );
      expect(took).toBeLessThan(PROPAGATION_LIMIT_MS);
      expect(took).toBeLessThan(TOUCH_INTERVAL_MS / 10);
    }
  });

  it("deleting a user on one instance ends their sessions on the others", async () => {
    const user = await newUser();
    const cookie = await signInOver(at(1).baseURL, user.email, user.password);
    for (let index = 0; index < servers.length; index += 1) {
      expect((await call(at(index), "GET", "/api/me", cookie)).status).toBe(200);
    }
    expect((await call(at(0), "DELETE", `/api/users/${user.id}`, adminCookie)).status).toBe(200);
    for (const index of [1, 2]) {
      await msUntil(
        async () => (await call(at(index), "GET", "/api/me", cookie)).status === 401,
        PROPAGATION_LIMIT_MS,
        `the deleted user's session refused on instance ${index}`,
      );
    }
  });

  it("a version published on one instance rates the next quote on another, inside the five-second recheck", async () => {
    const broker = await signInOver(at(1).baseURL, BROKER.email, BROKER.password);
    const quoteId = await quoteReadyToRate(at(1), broker);
    const before = await dataOf(at(1), "POST", `/api/quotes/${quoteId}/rate`, broker, {});
    const beforeQuote = before.quote as { ratingVersionId: string };
    const beforePremium = Number((before.breakdown as { totalPremium: string }).totalPremium);
    // Rated again on every instance, so each holds the current published versions in its cache.
    for (const index of [0, 2]) await dataOf(at(index), "POST", `/api/quotes/${quoteId}/rate`, broker, {});

    const draft = await dataOf(at(0), "POST", "/api/rating/versions", adminCookie, {
      name: "Doubled base rate",
      json: { ...structuredClone(DC_PI_RATING_CONFIG), baseRate: DC_PI_RATING_CONFIG.baseRate * 2 },
      effectiveFrom: "2026-06-01",
    });
    await dataOf(at(0), "POST", `/api/rating/versions/${draft.id as string}/publish`, adminCookie);

    for (const index of [1, 2]) {
      let rated: Record<string, unknown> = {};
      const took = await msUntil(
        async () => {
          rated = await dataOf(at(index), "POST", `/api/quotes/${quoteId}/rate`, broker, {});
          return (rated.quote as { ratingVersionId: string }).ratingVersionId === draft.id;
        },
        PROPAGATION_LIMIT_MS,
        `the new version rating on instance ${index}`,
      );
      expect(took).toBeLessThan(PUBLISHED_RECHECK_MS);
      expect(beforeQuote.ratingVersionId).not.toBe(draft.id);
      expect(Number((rated.breakdown as { totalPremium: string }).totalPremium)).toBeGreaterThan(beforePremium);
    }
  });
});
