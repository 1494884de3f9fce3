/**
 * The ways back when a second factor is lost (docs/product/permissions.md "Two-factor sign-in"), through HTTP on
 * both databases: an administrator resets another user's second factor, and a user renews their recovery codes
 * with a current code.
 */
import { afterEach, describe, expect, it } from "vitest";
import { REAUTHENTICATION_WINDOW_MS } from "../../src/domain/auth/two-factor";
import { MAX_FAILED_SIGN_INS } from "../../src/server/auth/throttle";
import { totpCodeAt } from "../../src/server/auth/totp";
import { auditEntries } from "../support/audit";
import { type Credentials, createTestUser, signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { enrolledTestUser, TOTP_STEP_MS } from "../support/two-factor";

describeEachDatabase("two-factor recovery", (ctx) => {
  afterEach(() => ctx.clock.reset());

  const post = (url: string, cookie: string | undefined, payload?: object, remoteAddress = "127.0.0.1") =>
    ctx.app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {}, remoteAddress });
  const get = (url: string, cookie: string) => ctx.app.inject({ method: "GET", url, headers: { cookie } });
  const codeNow = (secret: string) => totpCodeAt(secret, ctx.clock.now());
  const resetUrl = (id: string) => `/api/users/${id}/two-factor/reset`;

  /** The password step of signing in: what it answers next, and the second step's cookie when there is one. */
  async function passwordStep(credentials: Credentials, remoteAddress = "127.0.0.1") {
    const response = await post("/api/auth/login", undefined, credentials, remoteAddress);
    expect(response.statusCode, response.body).toBe(200);
    const setCookie = [response.headers["set-cookie"] ?? []].flat();
    const step = setCookie.find((c) => c.startsWith("pqe_second_factor="))?.split(";")[0];
    return { next: response.json().next as string, step };
  }

  async function signInWithCode(credentials: Credentials, code: string, remoteAddress = "127.0.0.1") {
    const { step } = await passwordStep(credentials, remoteAddress);
    return post("/api/auth/login/second-factor", step, { code }, remoteAddress);
  }

  const setRequiredRoles = async (admin: string, requiredRoles: string[]) => {
    const set = await ctx.app.inject({
      method: "PUT",
      url: "/api/settings/two-factor",
      headers: { cookie: admin },
      payload: { requiredRoles },
    });
    expect(set.statusCode, set.body).toBe(200);
  };

  describe("an administrator resets a lost second factor", () => {
    it("clears the secret and recovery codes, ends every session, audits it, and sends a required role to enrolment", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const adminId = (await get("/api/me", admin)).json().data.id as string;
      const lost = await enrolledTestUser(ctx, "UNDERWRITER");
      // A thief with the password has opened a second step, and holds a session.
      const { step: openStep } = await passwordStep(lost.credentials);
      const listed = (await get("/api/users", admin)).json().data as { id: string; twoFactorOn: boolean }[];
      expect(listed.find((u) => u.id === lost.user.id)?.twoFactorOn).toBe(true);
      await setRequiredRoles(admin, ["UNDERWRITER"]);
      try {
        const asked = ctx.clock.now();
        const reset = await post(resetUrl(lost.user.id), admin);
        expect(reset.statusCode, reset.body).toBe(200);
        expect(reset.json()).toEqual({ data: { sessionsEnded: 1, mustEnrol: true } });

        expect((await get("/api/me", lost.cookie)).statusCode).toBe(401);
        const late = await post("/api/auth/login/second-factor", openStep, { code: codeNow(lost.secret) });
        expect(late.statusCode).toBe(401);
        const after = (await get("/api/users", admin)).json().data as { id: string; twoFactorOn: boolean }[];
        expect(after.find((u) => u.id === lost.user.id)?.twoFactorOn).toBe(false);

        const [entry, ...more] = await auditEntries(ctx.db, { action: "two_factor_reset", entityId: lost.user.id });
        expect(more).toEqual([]);
        expect(entry?.actorId).toBe(adminId);
        expect(entry?.createdAt.getTime()).toBeGreaterThanOrEqual(asked.getTime());
        expect(entry?.details).toMatchObject({ email: lost.user.email, sessionsEnded: 1, mustEnrol: true });

        // The next sign-in is held to enrolment: a new secret, not the lost one.
        const { next } = await passwordStep(lost.credentials);
        expect(next).toBe("enrol");
      } finally {
        await setRequiredRoles(admin, []);
      }
    });

    it("leaves the old authenticator codes and recovery codes working nowhere", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const lost = await enrolledTestUser(ctx, "BROKER");
      const reset = await post(resetUrl(lost.user.id), admin);
      expect(reset.json().data.mustEnrol).toBe(false);
      // A role that need not use a second factor signs in with the password alone.
      const { next } = await passwordStep(lost.credentials);
      expect(next).toBe("signedIn");
      const cookie = await signIn(ctx.app, lost.credentials);
      for (const code of [codeNow(lost.secret), lost.recoveryCodes[0] ?? ""]) {
        const refused = await post("/api/me/reauthenticate", cookie, { code });
        expect(refused.statusCode).toBe(401);
        expect(refused.json().code).toBe("INVALID_SECOND_FACTOR");
      }
      expect((await get("/api/me/two-factor", cookie)).json().data).toMatchObject({
        enrolled: false,
        recoveryCodesLeft: 0,
      });
    });

    it("is refused to anyone but an administrator, for oneself, for an unknown user and a user without it", async () => {
      const lost = await enrolledTestUser(ctx, "BROKER");
      const underwriter = await signIn(ctx.app, "UNDERWRITER");
      const notAdmin = await post(resetUrl(lost.user.id), underwriter);
      expect(notAdmin.statusCode).toBe(403);
      expect(notAdmin.json().code).toBe("INSUFFICIENT_PERMISSIONS");

      const admin = await enrolledTestUser(ctx, "ADMIN");
      const self = await post(resetUrl(admin.user.id), admin.cookie);
      expect(self.statusCode).toBe(409);
      expect(self.json().code).toBe("CANNOT_RESET_OWN_TWO_FACTOR");
      expect(self.json().error).toContain("Account");

      const unknown = await post(resetUrl("00000000-0000-4000-8000-000000000000"), admin.cookie);
      expect(unknown.statusCode).toBe(404);

      const plain = await createTestUser(ctx.db, { role: "BROKER", name: "Pat Plain" });
      const without = await post(resetUrl(plain.user.id), admin.cookie);
      expect(without.statusCode).toBe(409);
      expect(without.json()).toMatchObject({
        code: "TWO_FACTOR_NOT_STARTED",
        error: "Pat Plain does not have two-factor sign-in on",
      });
      for (const id of [lost.user.id, admin.user.id, plain.user.id]) {
        expect(await auditEntries(ctx.db, { action: "two_factor_reset", entityId: id })).toEqual([]);
      }
      expect((await get("/api/me", lost.cookie)).statusCode).toBe(200);
    });

    it("asks the administrator to prove again who they are once the sign-in is a few minutes old", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const lost = await enrolledTestUser(ctx, "BROKER");
      ctx.clock.advance(REAUTHENTICATION_WINDOW_MS + 1000);
      const refused = await post(resetUrl(lost.user.id), admin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("REAUTHENTICATION_REQUIRED");
      expect((await get("/api/me/two-factor", lost.cookie)).json().data.enrolled).toBe(true);
    });
  });

  describe("renewing one's recovery codes", () => {
    it("replaces every recovery code with ten new ones, answered once with how many were left, and audits it", async () => {
      const user = await enrolledTestUser(ctx, "BROKER");
      const [spent, kept] = user.recoveryCodes;
      expect((await signInWithCode(user.credentials, spent ?? "")).statusCode).toBe(200);

      const renewed = await post("/api/me/two-factor/recovery-codes", user.cookie, { code: codeNow(user.secret) });
      expect(renewed.statusCode, renewed.body).toBe(200);
      const { recoveryCodes, previousCodesLeft } = renewed.json().data as {
        recoveryCodes: string[];
        previousCodesLeft: number;
      };
      expect(previousCodesLeft).toBe(9);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect(recoveryCodes.some((c) => user.recoveryCodes.includes(c))).toBe(false);
      expect((await get("/api/me/two-factor", user.cookie)).json().data.recoveryCodesLeft).toBe(10);
      const [entry] = await auditEntries(ctx.db, { action: "recovery_codes_renewed", entityId: user.user.id });
      expect(entry?.details).toMatchObject({ previousCodesLeft: 9 });
      expect(JSON.stringify(entry?.details)).not.toContain(recoveryCodes[0]);

      // The old set is gone; each new code signs in once.
      const old = await signInWithCode(user.credentials, kept ?? "");
      expect(old.statusCode).toBe(401);
      expect(old.json().code).toBe("INVALID_SECOND_FACTOR");
      const fresh = recoveryCodes[0] ?? "";
      expect((await signInWithCode(user.credentials, fresh)).statusCode).toBe(200);
      expect((await signInWithCode(user.credentials, fresh)).statusCode).toBe(401);
    });

    it("refuses a wrong code, keeps the old codes, and counts it like a wrong password", async () => {
      const user = await enrolledTestUser(ctx, "BROKER");
      const address = "203.0.113.91";
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
        const wrong = await post("/api/me/two-factor/recovery-codes", user.cookie, { code: "000001" }, address);
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json().code).toBe("INVALID_SECOND_FACTOR");
      }
      const failures = await auditEntries(ctx.db, { action: "login_failed" });
      expect(failures.filter((e) => JSON.stringify(e.details).includes(user.user.email)).length).toBeGreaterThanOrEqual(
        MAX_FAILED_SIGN_INS,
      );
      const locked = await post(
        "/api/me/two-factor/recovery-codes",
        user.cookie,
        { code: codeNow(user.secret) },
        address,
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe("ACCOUNT_LOCKED");
      expect(await auditEntries(ctx.db, { action: "recovery_codes_renewed", entityId: user.user.id })).toEqual([]);
      // Still the old set: a recovery code signs in from another address.
      ctx.clock.advance(TOTP_STEP_MS);
      const old = await signInWithCode(user.credentials, user.recoveryCodes[0] ?? "", "198.51.100.92");
      expect(old.statusCode, old.body).toBe(200);
    });

    it("needs two-factor sign-in on, and a current authenticator code rather than a recovery code", async () => {
      const user = await enrolledTestUser(ctx, "BROKER");
      const recovery = await post("/api/me/two-factor/recovery-codes", user.cookie, { code: user.recoveryCodes[0] });
      expect(recovery.statusCode).toBe(400);
      expect(recovery.json().issues[0].path).toBe("code");
      const broker = await signIn(ctx.app, "BROKER");
      const off = await post("/api/me/two-factor/recovery-codes", broker, { code: "123456" });
      expect(off.statusCode).toBe(409);
      expect(off.json().code).toBe("TWO_FACTOR_NOT_STARTED");
    });
  });
});
