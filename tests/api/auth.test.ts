import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SESSION_ABSOLUTE_MS as SESSION_ABSOLUTE_MS,
  DEFAULT_SESSION_IDLE_MS as SESSION_IDLE_MS,
  TOUCH_INTERVAL_MS,
} from "../../src/server/auth/sessions";
import {
  MAX_FAILED_SIGN_INS,
  MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES,
  SIGN_IN_LOCK_MS,
} from "../../src/server/auth/throttle";
import { sessions } from "../../src/server/db/schema";
import { demoUser } from "../../src/server/db/seed";
import { auditEntries } from "../support/audit";
import { createTestUser, sessionCookieFrom, signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("auth", (ctx) => {
  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: payload as object, headers });
  const me = (cookie?: string) => ctx.app.inject({ method: "GET", url: "/api/me", headers: cookie ? { cookie } : {} });

  describe("POST /api/auth/login", () => {
    it("signs each demo user in, answers the user without secrets and sets an httpOnly SameSite=Lax cookie", async () => {
      for (const role of ["ADMIN", "BROKER", "UNDERWRITER"] as const) {
        const demo = demoUser(role);
        const response = await login({ email: demo.email, password: demo.password });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.data).toMatchObject({ name: demo.name, email: demo.email, role });
        expect(Object.keys(body.data).sort()).toEqual([
          "createdAt",
          "email",
          "firmId",
          "id",
          "isFirmLead",
          "name",
          "role",
        ]);
        const setCookie = String(response.headers["set-cookie"]);
        expect(setCookie).toMatch(/^pqe_session=/);
        expect(setCookie).toContain("HttpOnly");
        expect(setCookie).toContain("SameSite=Lax");
        expect(setCookie).toContain("Path=/");
        expect(setCookie).not.toContain("Secure");
      }
    });

    it("accepts the e-mail in any case and with surrounding spaces", async () => {
      const demo = demoUser("BROKER");
      const response = await login({ email: `  ${demo.email.toUpperCase()} `, password: demo.password });
      expect(response.statusCode).toBe(200);
    });

    it("answers 401 'Invalid email or password' for a wrong password and for an unknown address alike", async () => {
      const wrongPassword = await login({ email: "broker@example.com", password: "not-the-password" });
      const unknown = await login({ email: "nobody@example.com", password: "whatever" });
      for (const response of [wrongPassword, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: "Invalid email or password", code: "INVALID_CREDENTIALS" });
        expect(response.headers["set-cookie"]).toBeUndefined();
      }
    });

    it("validates with docs/product/errors.md's messages and refuses unknown fields", async () => {
      const bad = await login({ email: "not-an-email", password: "" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        issues: expect.arrayContaining([
          { path: "email", message: "Invalid email address" },
          { path: "password", message: "Password is required" },
        ]),
      });
      const extra = await login({ email: "broker@example.com", password: "x", role: "ADMIN" });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toEqual({
        error: 'Unrecognized key: "role"',
        code: "VALIDATION_FAILED",
        issues: [{ path: "role", message: 'Unrecognized key: "role"' }],
      });
    });

    it("audits a sign-in and a failed sign-in", async () => {
      const user = await createTestUser(ctx.db, { role: "BROKER" });
      await signIn(ctx.app, user.credentials);
      await login({ email: user.credentials.email, password: "wrong" });
      const logins = await auditEntries(ctx.db, { entityType: "session", action: "login" });
      expect(logins.some((e) => e.actorId === user.user.id)).toBe(true);
      const failures = await auditEntries(ctx.db, { entityType: "session", action: "login_failed" });
      expect(failures.some((e) => (e.details as { email?: string })?.email === user.credentials.email)).toBe(true);
    });

    it("starts a new session on every sign-in and ends the one the browser already held", async () => {
      const user = await createTestUser(ctx.db);
      const first = await signIn(ctx.app, user.credentials);
      const second = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: user.credentials,
        headers: { cookie: first },
      });
      const secondCookie = sessionCookieFrom(second.headers["set-cookie"]);
      expect(secondCookie).not.toBe(first);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(secondCookie)).statusCode).toBe(200);
    });

    it("stores only a hash of the session token", async () => {
      const user = await createTestUser(ctx.db);
      const cookie = await signIn(ctx.app, user.credentials);
      const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.user.id));
      expect(rows).toHaveLength(1);
      const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
      expect(token.length).toBeGreaterThan(40);
      expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.tokenHash).not.toContain(token);
    });

    it("locks an account after repeated failures, even for the right password, without revealing whether it exists", async () => {
      const user = await createTestUser(ctx.db);
      const unknownEmail = `ghost-${Date.now()}@example.com`;
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
        expect((await login({ email: user.credentials.email, password: "wrong" })).statusCode).toBe(401);
        expect((await login({ email: unknownEmail, password: "wrong" })).statusCode).toBe(401);
      }
      const locked = await login(user.credentials);
      const lockedUnknown = await login({ email: unknownEmail, password: "wrong" });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        error: "Too many failed sign-in attempts. Try again in 15 minutes.",
        code: "ACCOUNT_LOCKED",
      });
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
      expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
      expect(lockedUnknown.statusCode).toBe(429);
      expect(lockedUnknown.json()).toEqual(locked.json());

      ctx.clock.advance(SIGN_IN_LOCK_MS + 1000);
      try {
        expect((await login(user.credentials)).statusCode).toBe(200);
      } finally {
        ctx.clock.reset();
      }
    });
  });

  describe("GET /api/me and sessions", () => {
    it("answers 401 'Authentication required' when signed out, and for a forged cookie", async () => {
      for (const cookie of [undefined, "pqe_session=forged", "pqe_session=abc.def"]) {
        const response = await me(cookie);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: "Authentication required", code: "AUTHENTICATION_REQUIRED" });
      }
    });

    it("answers the signed-in user under data", async () => {
      const cookie = await signIn(ctx.app, "UNDERWRITER");
      const response = await me(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ email: "underwriter@example.com", role: "UNDERWRITER" });
    });

    it("ends a session after 30 minutes without use (ASVS level 2, the default for every role)", async () => {
      const { cookie } = await signInNewUser(ctx.app, ctx.db, "BROKER");
      try {
        ctx.clock.advance(SESSION_IDLE_MS - 60_000);
        expect((await me(cookie)).statusCode).toBe(200);
        // That request slid the idle expiry forward: another 29 minutes later it is still alive.
        ctx.clock.advance(SESSION_IDLE_MS - 60_000);
        expect((await me(cookie)).statusCode).toBe(200);
        ctx.clock.advance(SESSION_IDLE_MS + 1000);
        expect((await me(cookie)).statusCode).toBe(401);
      } finally {
        ctx.clock.reset();
      }
    });

    it("refuses a session ended by another instance within a minute, the bound this instance trusts it for", async () => {
      const { cookie, user } = await signInNewUser(ctx.app, ctx.db, "BROKER");
      try {
        expect((await me(cookie)).statusCode).toBe(200);
        // Another instance sharing the database signs the user out: only the row goes.
        await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
        ctx.clock.advance(TOUCH_INTERVAL_MS - 1000);
        expect((await me(cookie)).statusCode).toBe(200);
        ctx.clock.advance(1000);
        expect((await me(cookie)).statusCode).toBe(401);
      } finally {
        ctx.clock.reset();
      }
    });

    it("ends a session 12 hours after sign-in however often it is used", async () => {
      const { cookie } = await signInNewUser(ctx.app, ctx.db, "BROKER");
      try {
        const step = SESSION_IDLE_MS - 60_000;
        let elapsed = 0;
        while (elapsed + step < SESSION_ABSOLUTE_MS) {
          ctx.clock.advance(step);
          elapsed += step;
          expect((await me(cookie)).statusCode).toBe(200);
        }
        ctx.clock.advance(SESSION_ABSOLUTE_MS - elapsed + 1000);
        expect((await me(cookie)).statusCode).toBe(401);
      } finally {
        ctx.clock.reset();
      }
    });
  });

  describe("POST /api/auth/logout", () => {
    it("revokes the session, clears the cookie and audits the sign-out", async () => {
      const { cookie, user } = await signInNewUser(ctx.app, ctx.db, "BROKER");
      const response = await ctx.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { signedOut: true } });
      expect(String(response.headers["set-cookie"])).toMatch(/^pqe_session=;/);
      expect((await me(cookie)).statusCode).toBe(401);
      const logouts = await auditEntries(ctx.db, { entityType: "session", action: "logout" });
      expect(logouts.some((e) => e.actorId === user.id)).toBe(true);
    });

    it("succeeds when nobody is signed in", async () => {
      const response = await ctx.app.inject({ method: "POST", url: "/api/auth/logout" });
      expect(response.statusCode).toBe(200);
    });
  });

  describe("sign-in locks", () => {
    const loginFrom = (app: typeof ctx.app, address: string, payload: { email: string; password: string }) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload, remoteAddress: address });

    it("does not let wrong passwords from one address keep the demo admin out from another", async () => {
      const admin = demoUser("ADMIN");
      for (let i = 0; i < MAX_FAILED_SIGN_INS + 3; i++) {
        await loginFrom(ctx.app, "198.51.100.66", { email: admin.email, password: "Wrong-Guess-1" });
      }
      const credentials = { email: admin.email, password: admin.password };
      const fromAttacker = await loginFrom(ctx.app, "198.51.100.66", credentials);
      expect(fromAttacker.statusCode).toBe(429);
      expect(fromAttacker.json().code).toBe("ACCOUNT_LOCKED");
      const fromOwner = await loginFrom(ctx.app, "192.0.2.10", credentials);
      expect(fromOwner.statusCode, fromOwner.body).toBe(200);
    });

    it("locks the (account, address) pair after the failures, for that pair only", async () => {
      const user = await createTestUser(ctx.db);
      const other = await createTestUser(ctx.db);
      for (let i = 0; i < MAX_FAILED_SIGN_INS - 1; i++) {
        expect((await loginFrom(ctx.app, "198.51.100.7", { ...user.credentials, password: "x" })).statusCode).toBe(401);
      }
      // One short of the limit the right password still works from that address...
      expect((await loginFrom(ctx.app, "198.51.100.7", user.credentials)).statusCode).toBe(200);
      // ...and it forgets the failures, so the pair needs a full count again to lock.
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
        expect((await loginFrom(ctx.app, "198.51.100.7", { ...user.credentials, password: "x" })).statusCode).toBe(401);
      }
      expect((await loginFrom(ctx.app, "198.51.100.7", user.credentials)).statusCode).toBe(429);
      expect((await loginFrom(ctx.app, "198.51.100.8", user.credentials)).statusCode).toBe(200);
      expect((await loginFrom(ctx.app, "198.51.100.7", other.credentials)).statusCode).toBe(200);
    });

    it("counts failures across app instances sharing the database", async () => {
      const second = await ctx.buildApp();
      const user = await createTestUser(ctx.db);
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
        const app = i % 2 === 0 ? ctx.app : second;
        expect((await loginFrom(app, "198.51.100.9", { ...user.credentials, password: "x" })).statusCode).toBe(401);
      }
      expect((await loginFrom(ctx.app, "198.51.100.9", user.credentials)).statusCode).toBe(429);
      expect((await loginFrom(second, "198.51.100.9", user.credentials)).statusCode).toBe(429);
    });

    it("refuses the account's unknown browsers after failures from many addresses, and tells administrators", {
      timeout: 120_000,
    }, async () => {
      const user = await createTestUser(ctx.db);
      for (let i = 0; i < MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES; i++) {
        const address = `198.18.0.${i % 250}`;
        expect((await loginFrom(ctx.app, address, { ...user.credentials, password: "x" })).statusCode).toBe(401);
      }
      const fresh = await loginFrom(ctx.app, "192.0.2.200", user.credentials);
      expect(fresh.statusCode).toBe(429);
      expect(fresh.json().code).toBe("ACCOUNT_LOCKED");
      const entries = await auditEntries(ctx.db, { entityType: "session", action: "login_failed" });
      const locked = entries.filter(
        (entry) =>
          (entry.details as { email?: string; reason?: string } | null)?.email === user.credentials.email &&
          (entry.details as { reason?: string }).reason === "account_locked_everywhere",
      );
      expect(locked).toHaveLength(1);
    });

    it("rate limits sign-in attempts per client address across app instances", async () => {
      const limit = { max: 3, windowMs: 60_000 };
      const first = await ctx.buildApp({ loginRateLimit: limit });
      const second = await ctx.buildApp({ loginRateLimit: limit });
      let n = 0;
      const attempt = (app: typeof ctx.app) =>
        loginFrom(app, "203.0.113.250", { email: `spread-${Date.now()}-${n++}@example.com`, password: "x" });
      expect((await attempt(first)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(401);
      expect((await attempt(first)).statusCode).toBe(401);
      const refused = await attempt(second);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    });
  });

  describe("protections", () => {
    it("rate limits sign-in attempts per client address", async () => {
      const limited = await ctx.buildApp({ loginRateLimit: { max: 3, windowMs: 60_000 } });
      // Distinct addresses per request, so the per-account lock (5 failures) never interferes.
      let n = 0;
      const attempt = () =>
        limited.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: `limited-${Date.now()}-${n++}@example.com`, password: "x" },
          remoteAddress: "203.0.113.9",
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json().error).toMatch(/^Too many requests/);
      const otherAddress = await limited.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: `other-${Date.now()}@example.com`, password: "x" },
        remoteAddress: "203.0.113.10",
      });
      expect(otherAddress.statusCode).toBe(401);
    });

    it("behind a trusted proxy, rate limits by the client address it forwards", async () => {
      const { testConfig } = await import("../support/harness");
      const proxied = await ctx.buildApp({
        config: testConfig({ TRUST_PROXY: "true" }),
        loginRateLimit: { max: 2, windowMs: 60_000 },
      });
      const email = `proxied-${Date.now()}@example.com`;
      const attempt = (client: string) =>
        proxied.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email, password: "x" },
          remoteAddress: "10.0.0.1",
          headers: { "x-forwarded-for": client },
        });
      expect((await attempt("198.51.100.1")).statusCode).toBe(401);
      expect((await attempt("198.51.100.1")).statusCode).toBe(401);
      expect((await attempt("198.51.100.1")).statusCode).toBe(429);
      expect((await attempt("198.51.100.2")).statusCode).toBe(401);
    });

    it("refuses a state-changing request whose Origin names another site, and accepts its own", async () => {
      const demo = demoUser("BROKER");
      const foreign = await login({ email: demo.email, password: demo.password }, { origin: "https://evil.example" });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ error: "Cross-site request refused", code: "CROSS_SITE_REQUEST" });
      const nullOrigin = await login({ email: demo.email, password: demo.password }, { origin: "null" });
      expect(nullOrigin.statusCode).toBe(403);
      const own = await login(
        { email: demo.email, password: demo.password },
        { origin: "http://localhost:80", host: "localhost:80" },
      );
      expect(own.statusCode).toBe(200);
    });

    it("accepts PUBLIC_URL as an Origin and makes the cookie Secure when it is https", async () => {
      const { testConfig } = await import("../support/harness");
      const secure = await ctx.buildApp({ config: testConfig({ PUBLIC_URL: "https://quotes.example.co.uk/" }) });
      const demo = demoUser("BROKER");
      const response = await secure.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: demo.email, password: demo.password },
        headers: { origin: "https://quotes.example.co.uk", host: "10.0.0.5:3000" },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers["set-cookie"])).toContain("Secure");
    });

    it("answers 413 for a body over 1 MB", async () => {
      const response = await login({ email: "broker@example.com", password: "x".repeat(1024 * 1024 + 10) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: "Request body is too large (the limit is 1 MB)",
        code: "PAYLOAD_TOO_LARGE",
      });
    });

    it("answers 400 for a body that is not JSON", async () => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "The request body is not valid JSON", code: "INVALID_JSON" });
    });
  });
});
