import { describe, expect, it } from "vitest";
import { DEFAULT_SESSION_IDLE_MS } from "../../src/server/auth/sessions";
import { auditEntries } from "../support/audit";
import { createTestUser, signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase, testConfig } from "../support/harness";

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** The `name=value` pairs of a response's cookies, by name. */
function cookiesOf(setCookie: string | string[] | undefined): Map<string, string> {
  const header = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return new Map(header.map((c) => [c.slice(0, c.indexOf("=")), c]));
}

describeEachDatabase("sessions", (ctx) => {
  const loginAs = async (
    credentials: { email: string; password: string },
    userAgent: string,
    address = "192.0.2.40",
  ): Promise<string> => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: credentials,
      headers: { "user-agent": userAgent },
      remoteAddress: address,
    });
    expect(response.statusCode, response.body).toBe(200);
    return String(cookiesOf(response.headers["set-cookie"]).get("pqe_session")).split(";")[0] ?? "";
  };
  const me = (cookie: string) => ctx.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  const list = (cookie: string) => ctx.app.inject({ method: "GET", url: "/api/me/sessions", headers: { cookie } });

  describe("GET /api/me/sessions", () => {
    it("lists the user's own sessions in plain words, the most recently used first, this one marked", async () => {
      const { credentials } = await createTestUser(ctx.db);
      const onPhone = await loginAs(credentials, SAFARI_ON_IPHONE, "198.51.100.21");
      const onDesktop = await loginAs(credentials, CHROME_ON_WINDOWS, "192.0.2.41");
      // Someone else's session is never listed.
      await signIn(ctx.app, "BROKER");
      const response = await list(onDesktop);
      expect(response.statusCode).toBe(200);
      const sessions = response.json().data;
      expect(sessions).toHaveLength(2);
      expect(sessions[0]).toMatchObject({ device: "Chrome on Windows", ip: "192.0.2.41", current: true });
      expect(sessions[1]).toMatchObject({ device: "Safari on iPhone", ip: "198.51.100.21", current: false });
      for (const session of sessions) {
        expect(Object.keys(session).sort()).toEqual(["current", "device", "id", "ip", "lastUsedAt", "signedInAt"]);
        expect(Date.parse(session.signedInAt)).toBeLessThanOrEqual(Date.parse(session.lastUsedAt));
      }
      // The phone sees the same two, itself marked.
      const fromPhone = (await list(onPhone)).json().data;
      expect(fromPhone.map((s: { current: boolean; device: string }) => [s.device, s.current])).toEqual(
        expect.arrayContaining([
          ["Safari on iPhone", true],
          ["Chrome on Windows", false],
        ]),
      );
    });

    it("answers 401 when signed out", async () => {
      expect((await ctx.app.inject({ method: "GET", url: "/api/me/sessions" })).statusCode).toBe(401);
    });
  });

  describe("ending one's own sessions", () => {
    it("ends another session of one's own: it is refused at once, this one goes on, and it is audited", async () => {
      const { credentials, user } = await createTestUser(ctx.db);
      const other = await loginAs(credentials, SAFARI_ON_IPHONE);
      const here = await loginAs(credentials, CHROME_ON_WINDOWS);
      const otherId = (await list(here)).json().data.find((s: { current: boolean }) => !s.current).id;
      const response = await ctx.app.inject({
        method: "DELETE",
        url: `/api/me/sessions/${otherId}`,
        headers: { cookie: here },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { ended: true, signedOut: false } });
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect((await me(other)).statusCode).toBe(401);
      expect((await me(here)).statusCode).toBe(200);
      const audited = await auditEntries(ctx.db, { action: "sessions_ended", entityId: otherId });
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ actorId: user.id, entityType: "session" });
    });

    it("ending this session signs out cleanly: the cookie is cleared and the session refused", async () => {
      const { credentials } = await createTestUser(ctx.db);
      const here = await loginAs(credentials, CHROME_ON_WINDOWS);
      const hereId = (await list(here)).json().data[0].id;
      const response = await ctx.app.inject({
        method: "DELETE",
        url: `/api/me/sessions/${hereId}`,
        headers: { cookie: here },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { ended: true, signedOut: true } });
      expect(String(response.headers["set-cookie"])).toMatch(/^pqe_session=;/);
      expect((await me(here)).statusCode).toBe(401);
    });

    it("answers 404 for a session that is someone else's or unknown, and ends nothing", async () => {
      const victim = await signInNewUser(ctx.app, ctx.db, "BROKER");
      const victimSessionId = (await list(victim.cookie)).json().data[0].id;
      const { cookie } = await signInNewUser(ctx.app, ctx.db, "ADMIN");
      for (const id of [victimSessionId, "00000000-0000-4000-8000-000000000000"]) {
        const response = await ctx.app.inject({ method: "DELETE", url: `/api/me/sessions/${id}`, headers: { cookie } });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: "Session not found", code: "NOT_FOUND" });
      }
      expect((await me(victim.cookie)).statusCode).toBe(200);
      const bad = await ctx.app.inject({ method: "DELETE", url: "/api/me/sessions/not-a-uuid", headers: { cookie } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([{ path: "id", message: "Invalid session id" }]);
    });

    it("ends all one's sessions but this one", async () => {
      const { credentials, user } = await createTestUser(ctx.db);
      const first = await loginAs(credentials, SAFARI_ON_IPHONE);
      const second = await loginAs(credentials, SAFARI_ON_IPHONE);
      const here = await loginAs(credentials, CHROME_ON_WINDOWS);
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/me/sessions/end-others",
        headers: { cookie: here },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { sessionsEnded: 2 } });
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      expect((await me(here)).statusCode).toBe(200);
      expect((await list(here)).json().data).toHaveLength(1);
      const audited = await auditEntries(ctx.db, { action: "sessions_ended" });
      expect(
        audited.some((e) => e.actorId === user.id && (e.details as { sessionsRevoked?: number }).sessionsRevoked === 2),
      ).toBe(true);
    });
  });

  describe("POST /api/users/:id/sessions/end", () => {
    it("lets an administrator end every session of a user, audited with how many", async () => {
      const { credentials, user } = await createTestUser(ctx.db, { role: "UNDERWRITER" });
      const one = await loginAs(credentials, SAFARI_ON_IPHONE);
      const two = await loginAs(credentials, CHROME_ON_WINDOWS);
      const admin = await signIn(ctx.app, "ADMIN");
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/users/${user.id}/sessions/end`,
        headers: { cookie: admin },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { sessionsEnded: 2 } });
      expect((await me(one)).statusCode).toBe(401);
      expect((await me(two)).statusCode).toBe(401);
      expect((await me(admin)).statusCode).toBe(200);
      const audited = await auditEntries(ctx.db, { action: "sessions_ended", entityId: user.id });
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({
        entityType: "user",
        details: expect.objectContaining({ sessionsRevoked: 2 }),
      });
    });

    it("answers 404 for an unknown user and 403 for anyone but an administrator", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const unknown = await ctx.app.inject({
        method: "POST",
        url: "/api/users/00000000-0000-4000-8000-000000000000/sessions/end",
        headers: { cookie: admin },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "User not found", code: "NOT_FOUND" });
      const { user } = await createTestUser(ctx.db);
      const underwriter = await signIn(ctx.app, "UNDERWRITER");
      const refused = await ctx.app.inject({
        method: "POST",
        url: `/api/users/${user.id}/sessions/end`,
        headers: { cookie: underwriter },
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe("lifetimes per role", () => {
    it("ends an administrator's session after their role's idle time while a broker's lives on", async () => {
      const app = await ctx.buildApp({ config: testConfig({ SESSION_IDLE_MINUTES_ADMIN: "10" }) });
      const login = async (credentials: { email: string; password: string }) => {
        const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: credentials });
        return String(cookiesOf(response.headers["set-cookie"]).get("pqe_session")).split(";")[0] ?? "";
      };
      const admin = await login((await createTestUser(ctx.db, { role: "ADMIN" })).credentials);
      const broker = await login((await createTestUser(ctx.db, { role: "BROKER" })).credentials);
      const meOn = (cookie: string) => app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      try {
        ctx.clock.advance(10 * 60_000 + 1000);
        expect((await meOn(admin)).statusCode).toBe(401);
        expect((await meOn(broker)).statusCode).toBe(200);
        ctx.clock.advance(DEFAULT_SESSION_IDLE_MS + 1000);
        expect((await meOn(broker)).statusCode).toBe(401);
      } finally {
        ctx.clock.reset();
      }
    });

    it("ends a session at its role's absolute lifetime however often it is used", async () => {
      const app = await ctx.buildApp({ config: testConfig({ SESSION_ABSOLUTE_HOURS_UNDERWRITER: "2" }) });
      const { credentials } = await createTestUser(ctx.db, { role: "UNDERWRITER" });
      const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: credentials });
      const cookie = String(cookiesOf(response.headers["set-cookie"]).get("pqe_session")).split(";")[0] ?? "";
      const meOn = () => app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      try {
        for (let minutes = 20; minutes < 120; minutes += 20) {
          ctx.clock.advance(20 * 60_000);
          expect((await meOn()).statusCode).toBe(200);
        }
        ctx.clock.advance(20 * 60_000 + 1000);
        expect((await meOn()).statusCode).toBe(401);
      } finally {
        ctx.clock.reset();
      }
    });
  });

  describe("over https", () => {
    it("names the session and device cookies __Host-, Secure, Path=/ and no Domain, and reads only those", async () => {
      const app = await ctx.buildApp({ config: testConfig({ PUBLIC_URL: "https://quotes.example.com" }) });
      const { credentials } = await createTestUser(ctx.db);
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: credentials,
        headers: { origin: "https://quotes.example.com" },
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookies = cookiesOf(response.headers["set-cookie"]);
      expect([...cookies.keys()].sort()).toEqual(["__Host-pqe_device", "__Host-pqe_session"]);
      for (const cookie of cookies.values()) {
        expect(cookie).toContain("Secure");
        expect(cookie).toContain("Path=/;");
        expect(cookie).toContain("HttpOnly");
        expect(cookie).not.toMatch(/Domain=/i);
      }
      const pair = String(cookies.get("__Host-pqe_session")).split(";")[0] ?? "";
      const meOn = (cookie: string) => app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      expect((await meOn(pair)).statusCode).toBe(200);
      // The unprefixed name is not read over https: a cookie planted by a plain-http page or a sibling host is ignored.
      expect((await meOn(pair.replace("__Host-pqe_session", "pqe_session"))).statusCode).toBe(401);
    });

    it("keeps the unprefixed names over http", async () => {
      const { credentials } = await createTestUser(ctx.db);
      const response = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: credentials });
      expect([...cookiesOf(response.headers["set-cookie"]).keys()].sort()).toEqual(["pqe_device", "pqe_session"]);
    });
  });
});
