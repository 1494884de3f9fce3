/**
 * Two-factor sign-in and re-authentication (docs/product/permissions.md "Two-factor sign-in", "Re-authentication"),
 * through HTTP on both databases: enrolment, signing in with a code or a recovery code, codes refused and counted
 * like wrong passwords, the roles that must enrol, and the actions that ask again.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { REAUTHENTICATION_WINDOW_MS, SECOND_FACTOR_MINUTES } from "../../src/domain/auth/two-factor";
import { hashToken } from "../../src/server/auth/sessions";
import { MAX_FAILED_SIGN_INS } from "../../src/server/auth/throttle";
import { totpCodeAt } from "../../src/server/auth/totp";
import { appSettings, sessions, users } from "../../src/server/db/schema";
import { demoUser, seedDatabase } from "../../src/server/db/seed";
import { auditEntries } from "../support/audit";
import { type Credentials, createTestUser, sessionCookieFrom, signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { enrolledTestUser, TOTP_STEP_MS } from "../support/two-factor";

const STEP_MS = TOTP_STEP_MS;

function cookieSet(setCookie: string | string[] | undefined, name: string): string | undefined {
  const header = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return header.find((c) => c.startsWith(`${name}=`))?.split(";")[0];
}

/** The session token itself, unsigned, as the database knows it by its hash. */
function sessionCookieValue(setCookie: string | string[] | undefined): string {
  const signed = decodeURIComponent((cookieSet(setCookie, "pqe_session") ?? "").slice("pqe_session=".length));
  return signed.slice(0, signed.lastIndexOf("."));
}

function secondFactorCookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = header.find((c) => c.startsWith("pqe_second_factor="));
  if (!cookie) throw new Error(`No second-factor cookie was set (set-cookie: ${JSON.stringify(setCookie)})`);
  return cookie.split(";")[0] ?? "";
}

describeEachDatabase("two-factor sign-in", (ctx) => {
  afterEach(() => ctx.clock.reset());

  const post = (url: string, cookie: string | undefined, payload?: object, remoteAddress = "127.0.0.1") =>
    ctx.app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {}, remoteAddress });
  const get = (url: string, cookie: string) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
  const codeNow = (secret: string) => totpCodeAt(secret, ctx.clock.now());

  const enrolledUser = (role: "BROKER" | "UNDERWRITER" | "ADMIN" = "UNDERWRITER") => enrolledTestUser(ctx, role);

  /** The password step: answers the second-factor cookie. */
  async function passwordStep(credentials: Credentials, remoteAddress = "127.0.0.1", device?: string): Promise<string> {
    const response = await post("/api/auth/login", device, credentials, remoteAddress);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: null, next: "secondFactor" });
    expect(response.headers["set-cookie"]?.toString()).not.toContain("pqe_session=");
    return secondFactorCookieFrom(response.headers["set-cookie"]);
  }

  describe("enrolment on Account", () => {
    it("shows a QR address and the secret, turns on with a current code, gives ten recovery codes once, and audits it", async () => {
      const { user, secret, uri, recoveryCodes, cookie } = await enrolledUser();
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      expect(uri).toContain(`secret=${secret}`);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      const status = await get("/api/me/two-factor", cookie);
      expect(status.json()).toEqual({ data: { enrolled: true, required: false, recoveryCodesLeft: 10 } });
      // The secret is never answered again, and a second enrolment cannot replace it.
      expect(JSON.stringify(status.json())).not.toContain(secret);
      const again = await post("/api/me/two-factor/enrolment", cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("TWO_FACTOR_ALREADY_ON");
      // Recovery codes are kept only as hashes.
      const stored = JSON.stringify(await ctx.db.execute(`select code_hash from recovery_codes`));
      for (const code of recoveryCodes) expect(stored).not.toContain(code.replace(/-/g, ""));
      expect(await auditEntries(ctx.db, { action: "two_factor_enabled", entityId: user.id })).toHaveLength(1);
    });

    it("refuses a wrong code at enrolment under the code field, leaving two-factor sign-in off", async () => {
      const { credentials } = await createTestUser(ctx.db, { role: "BROKER" });
      const cookie = await signIn(ctx.app, credentials);
      await post("/api/me/two-factor/enrolment", cookie);
      const wrong = await post("/api/me/two-factor/enrolment/confirm", cookie, { code: "000000" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().issues[0].path).toBe("code");
      expect((await get("/api/me/two-factor", cookie)).json().data.enrolled).toBe(false);
    });
  });

  describe("signing in", () => {
    it("asks for a code after the right password, and signs in with a current code", async () => {
      const { credentials, secret, user } = await enrolledUser();
      const step = await passwordStep(credentials);
      const signedIn = await post("/api/auth/login/second-factor", step, { code: codeNow(secret) });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().data.id).toBe(user.id);
      const cookie = sessionCookieFrom(signedIn.headers["set-cookie"]);
      expect((await get("/api/me", cookie)).statusCode).toBe(200);
    });

    it("refuses a code of a time step already used, and a finished step cannot be used again", async () => {
      const { credentials, secret } = await enrolledUser();
      const code = codeNow(secret);
      const first = await passwordStep(credentials);
      expect((await post("/api/auth/login/second-factor", first, { code })).statusCode).toBe(200);
      const reused = await post("/api/auth/login/second-factor", await passwordStep(credentials), { code });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().code).toBe("INVALID_SECOND_FACTOR");
      ctx.clock.advance(STEP_MS);
      const finished = await post("/api/auth/login/second-factor", first, { code: codeNow(secret) });
      expect(finished.statusCode).toBe(401);
      expect(finished.json().code).toBe("SIGN_IN_EXPIRED");
    });

    it("accepts each recovery code once, typed in any case and grouping", async () => {
      const { credentials, recoveryCodes } = await enrolledUser();
      const code = recoveryCodes[0] ?? "";
      const typed = code.toLowerCase().replace(/-/g, " ");
      const once = await post("/api/auth/login/second-factor", await passwordStep(credentials), { code: typed });
      expect(once.statusCode, once.body).toBe(200);
      const twice = await post("/api/auth/login/second-factor", await passwordStep(credentials), { code });
      expect(twice.statusCode).toBe(401);
      expect(twice.json().code).toBe("INVALID_SECOND_FACTOR");
      const unknown = await post("/api/auth/login/second-factor", await passwordStep(credentials), {
        code: "AAAA-BBBB-CCCC-DDDD",
      });
      expect(unknown.statusCode).toBe(401);
    });

    it("refuses the second step after it expires, and without the cookie of the password step", async () => {
      const { credentials, secret } = await enrolledUser();
      const step = await passwordStep(credentials);
      expect((await post("/api/auth/login/second-factor", undefined, { code: codeNow(secret) })).statusCode).toBe(401);
      ctx.clock.advance(SECOND_FACTOR_MINUTES * 60_000 + 1000);
      const late = await post("/api/auth/login/second-factor", step, { code: codeNow(secret) });
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe("SIGN_IN_EXPIRED");
    });

    it("counts wrong codes against the sign-in lock exactly like wrong passwords", async () => {
      const { credentials, secret } = await enrolledUser();
      const address = "203.0.113.77";
      const step = await passwordStep(credentials, address);
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
        const wrong = await post("/api/auth/login/second-factor", step, { code: "000001" }, address);
        expect(wrong.statusCode).toBe(401);
      }
      const locked = await post("/api/auth/login/second-factor", step, { code: codeNow(secret) }, address);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe("ACCOUNT_LOCKED");
      // The password is refused from that address too: one lock for both.
      expect((await post("/api/auth/login", undefined, credentials, address)).statusCode).toBe(429);
      const failures = await auditEntries(ctx.db, { action: "login_failed" });
      expect(
        failures.filter((e) => JSON.stringify(e.details).includes("invalid_second_factor")).length,
      ).toBeGreaterThanOrEqual(MAX_FAILED_SIGN_INS);
    });

    it("ends like a password-only sign-in: the role's lifetime, the device cookie, and that device's failures forgotten", async () => {
      const { credentials, secret, user } = await enrolledUser("ADMIN");
      const signedIn = await post("/api/auth/login/second-factor", await passwordStep(credentials), {
        code: codeNow(secret),
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const device = cookieSet(signedIn.headers["set-cookie"], "pqe_device");
      expect(device, "the second step makes the browser known to the account").toBeDefined();
      const [session] = await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(sessionCookieValue(signedIn.headers["set-cookie"]))));
      const lifetime = ctx.app.config.sessionLifetimes.ADMIN;
      expect(session?.userId).toBe(user.id);
      expect(session && session.absoluteExpiresAt.getTime() - session.createdAt.getTime()).toBe(lifetime.absoluteMs);
      // From that browser, failures short of the lock are forgotten by the next sign-in, as after a password.
      ctx.clock.advance(STEP_MS);
      for (let round = 0; round < 2; round++) {
        const step = `${await passwordStep(credentials, "198.51.100.60", device)}; ${device}`;
        for (let i = 0; i < MAX_FAILED_SIGN_INS - 1; i++) {
          const wrong = await post("/api/auth/login/second-factor", step, { code: "000001" }, "198.51.100.60");
          expect(wrong.statusCode).toBe(401);
        }
        const right = await post("/api/auth/login/second-factor", step, { code: codeNow(secret) }, "198.51.100.60");
        expect(right.statusCode, right.body).toBe(200);
        ctx.clock.advance(STEP_MS);
      }
    });

    it("counts wrong codes from a known browser against that browser alone", async () => {
      const { credentials, secret } = await enrolledUser();
      const first = await post("/api/auth/login/second-factor", await passwordStep(credentials), {
        code: codeNow(secret),
      });
      const device = cookieSet(first.headers["set-cookie"], "pqe_device") ?? "";
      ctx.clock.advance(STEP_MS);
      const address = "198.51.100.61";
      const step = `${await passwordStep(credentials, address, device)}; ${device}`;
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
        expect((await post("/api/auth/login/second-factor", step, { code: "000001" }, address)).statusCode).toBe(401);
      }
      const locked = await post("/api/auth/login/second-factor", step, { code: codeNow(secret) }, address);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe("ACCOUNT_LOCKED");
      // The lock is that browser's: another browser at the same address was never counted and gets its code step.
      await passwordStep(credentials, address);
    });

    it("turns two-factor sign-in off with a current code only", async () => {
      const { credentials, secret, cookie } = await enrolledUser("BROKER");
      expect((await post("/api/me/two-factor/disable", cookie, { code: "123456" })).statusCode).toBe(401);
      const off = await post("/api/me/two-factor/disable", cookie, { code: codeNow(secret) });
      expect(off.statusCode, off.body).toBe(200);
      const login = await post("/api/auth/login", undefined, credentials);
      expect(login.json().next).toBe("signedIn");
    });
  });

  describe("roles that must use a second factor", () => {
    it("is chosen by an administrator (audited), and a user of such a role is held to enrolment until enrolled", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const set = (requiredRoles: string[]) =>
        ctx.app.inject({
          method: "PUT",
          url: "/api/settings/two-factor",
          headers: { cookie: admin },
          payload: { requiredRoles },
        });
      try {
        expect((await set(["BROKER"])).statusCode).toBe(200);
        expect((await get("/api/settings/two-factor", admin)).json()).toEqual({ data: { requiredRoles: ["BROKER"] } });
        expect(await auditEntries(ctx.db, { action: "two_factor_policy_changed" })).not.toHaveLength(0);

        const { credentials } = await createTestUser(ctx.db, { role: "BROKER" });
        const login = await post("/api/auth/login", undefined, credentials);
        expect(login.json().next).toBe("enrol");
        const cookie = sessionCookieFrom(login.headers["set-cookie"]);
        // Nothing but enrolment (and who they are) until enrolled, whatever they ask for.
        const quotes = await get("/api/quotes", cookie);
        expect(quotes.statusCode).toBe(403);
        expect(quotes.json().code).toBe("TWO_FACTOR_ENROLMENT_REQUIRED");
        expect((await get("/api/me", cookie)).statusCode).toBe(200);
        expect((await get("/api/me/two-factor", cookie)).json().data).toMatchObject({
          enrolled: false,
          required: true,
        });
        const started = await post("/api/me/two-factor/enrolment", cookie);
        const { secret } = started.json().data as { secret: string };
        expect((await post("/api/me/two-factor/enrolment/confirm", cookie, { code: codeNow(secret) })).statusCode).toBe(
          200,
        );
        expect((await get("/api/quotes", cookie)).statusCode).toBe(200);
      } finally {
        await set([]);
      }
    });

    it("starts as ADMIN and UNDERWRITER on a database made without the demo users, and none with them", async () => {
      const key = "two_factor_required_roles";
      const [before] = await ctx.db.select().from(appSettings).where(eq(appSettings.key, key));
      expect(before?.value).toEqual([]);
      try {
        await ctx.db.delete(appSettings).where(eq(appSettings.key, key));
        await seedDatabase(ctx.db, { seedDemo: false, initialAdmin: undefined }, ctx.clock.now());
        const [without] = await ctx.db.select().from(appSettings).where(eq(appSettings.key, key));
        expect(without?.value).toEqual(["ADMIN", "UNDERWRITER"]);
      } finally {
        await ctx.db.update(appSettings).set({ value: [] }).where(eq(appSettings.key, key));
      }
    });

    it("only administrators read or change the setting", async () => {
      const broker = await signIn(ctx.app, "BROKER");
      expect((await get("/api/settings/two-factor", broker)).statusCode).toBe(403);
      const bad = await ctx.app.inject({
        method: "PUT",
        url: "/api/settings/two-factor",
        headers: { cookie: await signIn(ctx.app, "ADMIN") },
        payload: { requiredRoles: ["CLERK"] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe("requiredRoles.0");
    });
  });

  describe("re-authentication", () => {
    it("asks again before creating or deleting a user once the sign-in is a few minutes old, and the password answers it", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      ctx.clock.advance(REAUTHENTICATION_WINDOW_MS + 1000);
      const payload = {
        name: "Robin Example",
        email: `robin.${Date.now()}@example.test`,
        password: "Quiet-Harbour-Violin-7",
      };
      const refused = await post("/api/auth/register", admin, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("REAUTHENTICATION_REQUIRED");
      expect(await ctx.db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);

      const wrong = await post("/api/me/reauthenticate", admin, { password: "not-my-password" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().issues[0].path).toBe("password");

      const ok = await post("/api/me/reauthenticate", admin, { password: demoUser("ADMIN").password });
      expect(ok.statusCode, ok.body).toBe(200);
      const created = await post("/api/auth/register", admin, payload);
      expect(created.statusCode, created.body).toBe(201);

      ctx.clock.advance(REAUTHENTICATION_WINDOW_MS + 1000);
      const id = created.json().data.id as string;
      const del = await ctx.app.inject({ method: "DELETE", url: `/api/users/${id}`, headers: { cookie: admin } });
      expect(del.statusCode).toBe(403);
      expect(del.json().code).toBe("REAUTHENTICATION_REQUIRED");
    });

    it("accepts an authenticator code, not a reused one, and asks before publishing a rating version", async () => {
      const { cookie, secret } = await enrolledUser("ADMIN");
      ctx.clock.advance(REAUTHENTICATION_WINDOW_MS + 1000);
      const publish = await post("/api/rating/versions/00000000-0000-4000-8000-000000000000/publish", cookie);
      expect(publish.statusCode).toBe(403);
      expect(publish.json().code).toBe("REAUTHENTICATION_REQUIRED");
      const code = codeNow(secret);
      expect((await post("/api/me/reauthenticate", cookie, { code })).statusCode).toBe(200);
      expect((await post("/api/me/reauthenticate", cookie, { code })).statusCode).toBe(401);
      // Re-authenticated: the request now reaches the action, which finds no such version.
      const after = await post("/api/rating/versions/00000000-0000-4000-8000-000000000000/publish", cookie);
      expect(after.statusCode).toBe(404);
    });
  });
});
