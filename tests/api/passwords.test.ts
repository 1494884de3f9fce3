/**
 * Passwords (docs/product/permissions.md "Passwords"): the rule wherever a password is chosen, changing your own,
 * and the administrator's one-time reset link, through HTTP on both databases.
 */
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RULE_MESSAGES } from "../../src/domain/auth/password-rule";
import { CURRENT_PASSWORD_WRONG } from "../../src/domain/auth/schemas";
import { MAX_FAILED_SIGN_INS } from "../../src/server/auth/throttle";
import { outbox, passwordResetTokens, users } from "../../src/server/db/schema";
import { auditEntries } from "../support/audit";
import { createTestUser, signIn } from "../support/auth";
import { describeEachDatabase, testConfig } from "../support/harness";
import { decodedBody, TestSmtpServer } from "../support/smtp";

const WEAK: readonly [string, string][] = [
  ["Password1234", PASSWORD_RULE_MESSAGES.common],
  ["123456789012", PASSWORD_RULE_MESSAGES.common],
  [" ".repeat(12), PASSWORD_RULE_MESSAGES.guessable],
];
const GOOD_PASSWORD = "Quiet-Harbour-Violin-7";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

describeEachDatabase("passwords", (ctx) => {
  const me = (cookie: string) => ctx.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  const changePassword = (cookie: string, payload: object, remoteAddress = "127.0.0.1") =>
    ctx.app.inject({ method: "POST", url: "/api/me/password", payload, headers: { cookie }, remoteAddress });

  afterEach(() => ctx.clock.reset());

  describe("the rule where an administrator adds a user", () => {
    it("refuses common, breached and guessable passwords and the user's own e-mail or name, creating no one", async () => {
      const cookie = await signIn(ctx.app, "ADMIN");
      const email = `pat.jones.${Date.now()}@example.test`;
      const cases: [string, string][] = [
        ...WEAK,
        [email, PASSWORD_RULE_MESSAGES.containsEmail],
        ["Quiet-Jones-Harbour-7", PASSWORD_RULE_MESSAGES.containsName],
      ];
      for (const [password, message] of cases) {
        const response = await ctx.app.inject({
          method: "POST",
          url: "/api/auth/register",
          headers: { cookie },
          payload: { name: "Pat Jones", email, password, role: "BROKER" },
        });
        expect(response.statusCode, JSON.stringify(password)).toBe(400);
        expect(response.json()).toEqual({
          error: message,
          code: "VALIDATION_FAILED",
          issues: [{ path: "password", message }],
        });
      }
      expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });
  });

  describe("POST /api/me/password", () => {
    it("changes the password with the current one, ends the user's other sessions but not this one, and audits it", async () => {
      const { user, credentials } = await createTestUser(ctx.db, { role: "UNDERWRITER" });
      const here = await signIn(ctx.app, credentials);
      const elsewhere = await signIn(ctx.app, credentials);
      const response = await changePassword(here, {
        currentPassword: credentials.password,
        newPassword: GOOD_PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { otherSessionsEnded: 1 } });
      expect((await me(here)).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      const old = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: credentials });
      expect(old.statusCode).toBe(401);
      await signIn(ctx.app, { email: credentials.email, password: GOOD_PASSWORD });
      const entries = await auditEntries(ctx.db, { action: "password_changed", entityId: user.id });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ entityType: "user", actorId: user.id });
      expect(JSON.stringify(entries[0]?.details)).not.toContain(GOOD_PASSWORD);
    });

    it("refuses a wrong current password with 400 on the field, counting it as a failed sign-in", async () => {
      const { user, credentials } = await createTestUser(ctx.db);
      const cookie = await signIn(ctx.app, credentials);
      const address = "198.51.100.77";
      for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
        const wrong = await changePassword(
          cookie,
          { currentPassword: "Not-My-Password-1", newPassword: GOOD_PASSWORD },
          address,
        );
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toEqual({
          error: CURRENT_PASSWORD_WRONG,
          code: "VALIDATION_FAILED",
          issues: [{ path: "currentPassword", message: CURRENT_PASSWORD_WRONG }],
        });
      }
      // The guesses locked the account from that address: even the right password is refused there now...
      const locked = await changePassword(
        cookie,
        { currentPassword: credentials.password, newPassword: GOOD_PASSWORD },
        address,
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe("ACCOUNT_LOCKED");
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
      const signInThere = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: credentials,
        remoteAddress: address,
      });
      expect(signInThere.statusCode).toBe(429);
      // ... and the password is unchanged.
      await signIn(ctx.app, credentials);
      const failures = await auditEntries(ctx.db, { entityType: "session", action: "login_failed" });
      expect(
        failures.filter(
          (entry) =>
            (entry.details as { reason?: string }).reason === "wrong_current_password" && entry.actorId === user.id,
        ),
      ).toHaveLength(MAX_FAILED_SIGN_INS);
    });

    it("refuses a new password that breaks the rule, or equals the current one, naming the field", async () => {
      const { credentials } = await createTestUser(ctx.db, { name: "Robin Fairweather" });
      const cookie = await signIn(ctx.app, credentials);
      const cases: [string, string][] = [
        ...WEAK,
        [credentials.email.toUpperCase(), PASSWORD_RULE_MESSAGES.containsEmail],
        ["Quiet-Fairweather-77", PASSWORD_RULE_MESSAGES.containsName],
        [credentials.password, PASSWORD_RULE_MESSAGES.sameAsCurrent],
        ["short", "Password must be at least 12 characters"],
      ];
      for (const [newPassword, message] of cases) {
        const response = await changePassword(cookie, { currentPassword: credentials.password, newPassword });
        expect(response.statusCode, JSON.stringify(newPassword)).toBe(400);
        expect(response.json().issues).toEqual([{ path: "newPassword", message }]);
      }
      await signIn(ctx.app, credentials);
    });

    it("answers 401 signed out", async () => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/me/password",
        payload: { currentPassword: "x", newPassword: GOOD_PASSWORD },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("reset links", () => {
    let mailingApp: FastifyInstance;
    beforeAll(async () => {
      // An instance that delivers over SMTP, so the test reads the link as the user would.
      mailingApp = await ctx.buildApp({
        config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: "https://quotes.example.test" }),
      });
    });

    // The mailing instances are served over https, where the same session's cookie carries its __Host- name.
    const sendReset = (cookie: string | undefined, userId: string, app = mailingApp) =>
      app.inject({
        method: "POST",
        url: `/api/users/${userId}/password-reset`,
        headers: cookie
          ? { cookie: app.config.secureCookies ? cookie.replace(/^pqe_session=/, "__Host-pqe_session=") : cookie }
          : {},
      });

    async function emailedToken(to: string): Promise<string> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const mail = smtp.received.findLast((received) => received.to.includes(to));
        const match = mail
          ? /https:\/\/quotes\.example\.test\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(decodedBody(mail.raw))
          : null;
        if (match?.[1]) return match[1];
        if (Date.now() > deadline) throw new Error(`No reset link was e-mailed to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    const reset = (token: string, newPassword: string) =>
      ctx.app.inject({ method: "POST", url: "/api/auth/password-reset", payload: { token, newPassword } });
    const inspect = (token: string) =>
      ctx.app.inject({ method: "POST", url: "/api/auth/password-reset/link", payload: { token } });

    it("e-mails a one-time link that sets a new password and ends every session of the user, audited", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const { user, credentials } = await createTestUser(ctx.db, { name: "Robin Fairweather" });
      const session = await signIn(ctx.app, credentials);
      const sent = await sendReset(admin, user.id);
      expect(sent.statusCode, sent.body).toBe(200);
      const { data } = sent.json();
      expect(data.sentTo).toBe(credentials.email);
      // The administrator never sees the link: only the address it went to and when it ends (an hour by default).
      expect(Object.keys(data).sort()).toEqual(["expiresAt", "sentTo"]);
      expect(new Date(data.expiresAt).getTime() - ctx.clock.now().getTime()).toBeGreaterThan(59 * 60_000);
      expect(new Date(data.expiresAt).getTime() - ctx.clock.now().getTime()).toBeLessThanOrEqual(60 * 60_000);
      const token = await emailedToken(credentials.email);
      // Only the token's hash is stored, and the outbox keeps the message without it once delivered.
      const stored = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      expect(JSON.stringify(stored)).not.toContain(token);
      // The delivery pass marks the message delivered just after the SMTP server has it: wait for that pass.
      await mailingApp.mailDispatcher.flush();
      const kept = await ctx.db.select().from(outbox).where(eq(outbox.to, credentials.email));
      expect(JSON.stringify(kept)).not.toContain(token);

      const link = await inspect(token);
      expect(link.statusCode).toBe(200);
      expect(link.json().data).toMatchObject({ name: "Robin Fairweather", email: credentials.email });

      const done = await reset(token, GOOD_PASSWORD);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ data: { passwordSet: true } });
      expect((await me(session)).statusCode).toBe(401);
      await signIn(ctx.app, { email: credentials.email, password: GOOD_PASSWORD });
      expect(await auditEntries(ctx.db, { action: "password_reset_sent", entityId: user.id })).toHaveLength(1);
      expect(await auditEntries(ctx.db, { action: "password_reset", entityId: user.id })).toHaveLength(1);

      // Used twice: a clear 410, and the password stays the one set.
      const again = await reset(token, "Another-Quiet-Harbour-8");
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({
        error: "This password reset link has already been used. Ask an administrator to send you a new one.",
        code: "RESET_LINK_USED",
      });
      expect((await inspect(token)).json().code).toBe("RESET_LINK_USED");
      await signIn(ctx.app, { email: credentials.email, password: GOOD_PASSWORD });
    });

    it("answers 410 after the link's time, which PASSWORD_RESET_LINK_MINUTES sets", async () => {
      const shortApp = await ctx.buildApp({
        config: testConfig({
          SMTP_URL: smtp.url,
          PUBLIC_URL: "https://quotes.example.test",
          PASSWORD_RESET_LINK_MINUTES: "10",
        }),
      });
      const admin = await signIn(ctx.app, "ADMIN");
      const { user, credentials } = await createTestUser(ctx.db);
      const sent = await sendReset(admin, user.id, shortApp);
      expect(new Date(sent.json().data.expiresAt).getTime() - ctx.clock.now().getTime()).toBeLessThanOrEqual(
        10 * 60_000,
      );
      const token = await emailedToken(credentials.email);
      ctx.clock.advance(10 * 60_000 + 1_000);
      const late = await reset(token, GOOD_PASSWORD);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({
        error: "This password reset link has expired. Ask an administrator to send you a new one.",
        code: "RESET_LINK_EXPIRED",
      });
      await signIn(ctx.app, credentials);
    });

    it("refuses a weak new password without using up the link, and an unknown token with 400", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const { user, credentials } = await createTestUser(ctx.db, { name: "Robin Fairweather" });
      await sendReset(admin, user.id);
      const token = await emailedToken(credentials.email);
      for (const [password, message] of [...WEAK, [credentials.email, PASSWORD_RULE_MESSAGES.containsEmail]]) {
        const weak = await reset(token, password as string);
        expect(weak.statusCode).toBe(400);
        expect(weak.json().issues).toEqual([{ path: "newPassword", message }]);
      }
      expect((await reset(token, GOOD_PASSWORD)).statusCode).toBe(200);
      const unknown = await reset("A".repeat(43), GOOD_PASSWORD);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe("RESET_LINK_INVALID");
      expect((await reset("not a token", GOOD_PASSWORD)).json().code).toBe("RESET_LINK_INVALID");
    });

    it("ends the older link when a newer one is sent", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const { user, credentials } = await createTestUser(ctx.db);
      await sendReset(admin, user.id);
      const first = await emailedToken(credentials.email);
      smtp.received.length = 0;
      await sendReset(admin, user.id);
      const second = await emailedToken(credentials.email);
      expect(second).not.toBe(first);
      expect((await reset(first, GOOD_PASSWORD)).statusCode).toBe(410);
      expect((await reset(second, GOOD_PASSWORD)).statusCode).toBe(200);
    });

    it("ends an unused link when the user changes their password themselves", async () => {
      const admin = await signIn(ctx.app, "ADMIN");
      const { user, credentials } = await createTestUser(ctx.db);
      await sendReset(admin, user.id);
      const token = await emailedToken(credentials.email);
      const cookie = await signIn(ctx.app, credentials);
      const changed = await changePassword(cookie, {
        currentPassword: credentials.password,
        newPassword: GOOD_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      const late = await reset(token, "Another-Quiet-Harbour-8");
      expect(late.statusCode).toBe(410);
      expect(late.json().code).toBe("RESET_LINK_USED");
      await signIn(ctx.app, { email: credentials.email, password: GOOD_PASSWORD });
    });

    it("is for administrators only, and 404 for an unknown user", async () => {
      const { user } = await createTestUser(ctx.db);
      expect((await sendReset(undefined, user.id)).statusCode).toBe(401);
      for (const role of ["BROKER", "UNDERWRITER"] as const) {
        expect((await sendReset(await signIn(ctx.app, role), user.id)).statusCode).toBe(403);
      }
      const unknown = await sendReset(await signIn(ctx.app, "ADMIN"), "00000000-0000-4000-8000-000000000000");
      expect(unknown.statusCode).toBe(404);
    });

    it("keeps the token out of the request log while the link is sent, opened and used", async () => {
      const lines: string[] = [];
      const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
      const loggingApp = await ctx.buildApp({
        logger,
        config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: "https://quotes.example.test", LOG_LEVEL: "info" }),
      });
      const { user, credentials } = await createTestUser(ctx.db);
      const admin = await signIn(ctx.app, "ADMIN");
      expect((await sendReset(admin, user.id, loggingApp)).statusCode).toBe(200);
      const token = await emailedToken(credentials.email);
      const payload = { token, newPassword: GOOD_PASSWORD };
      const opened = await loggingApp.inject({
        method: "POST",
        url: "/api/auth/password-reset/link",
        payload: { token },
      });
      expect(opened.statusCode).toBe(200);
      expect((await loggingApp.inject({ method: "POST", url: "/api/auth/password-reset", payload })).statusCode).toBe(
        200,
      );
      const refused = await loggingApp.inject({ method: "POST", url: "/api/auth/password-reset", payload });
      expect(refused.statusCode).toBe(410);
      expect(lines.some((line) => line.includes("/api/auth/password-reset"))).toBe(true);
      expect(lines.join("\n")).not.toContain(token);
    });

    it("never writes the link to the log when there is no SMTP server: the e-mail goes to the mail folder", async () => {
      const lines: string[] = [];
      const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
      const loggingApp = await ctx.buildApp({ logger });
      expect(loggingApp.mailDispatcher.mode).toBe("log");
      const { user, credentials } = await createTestUser(ctx.db);
      const sent = await sendReset(await signIn(ctx.app, "ADMIN"), user.id, loggingApp);
      expect(sent.statusCode).toBe(200);
      await loggingApp.mailDispatcher.flush();
      const mailLines = lines.filter((line) => line.includes(credentials.email) && line.includes('"mail"'));
      expect(mailLines).toHaveLength(1);
      expect(mailLines[0]).toContain("written to the mail folder");
      expect(mailLines[0]).not.toContain("reset-password");
      const file = (JSON.parse(mailLines[0] ?? "{}") as { mail?: { file?: string } }).mail?.file ?? "";
      expect(await readFile(file, "utf8")).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}/);
      expect(lines.join("\n")).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    });
  });
});
