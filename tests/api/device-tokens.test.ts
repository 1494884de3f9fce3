import { expect, it } from "vitest";
import { issueDeviceToken, readDeviceToken } from "../../src/server/auth/device-tokens";
import {
  MAX_FAILED_SIGN_INS,
  MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES,
  SIGN_IN_LOCK_MS,
} from "../../src/server/auth/throttle";
import { auditEntries } from "../support/audit";
import { createTestUser } from "../support/auth";
import { describeEachDatabase, TEST_SESSION_SECRET } from "../support/harness";

type App = Awaited<ReturnType<Parameters<Parameters<typeof describeEachDatabase>[1]>[0]["buildApp"]>>;

/** The `name=value` of the named cookie a response set, or undefined. */
function cookieSet(setCookie: string | string[] | undefined, name: string): string | undefined {
  const header = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return header.find((c) => c.startsWith(`${name}=`))?.split(";")[0];
}

describeEachDatabase("device tokens", (ctx) => {
  const attempt = (
    app: App,
    address: string,
    credentials: { email: string; password: string },
    deviceCookie?: string,
  ) =>
    app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: credentials,
      remoteAddress: address,
      headers: deviceCookie ? { cookie: deviceCookie } : {},
    });

  /** Signs the owner in once from their own browser, which then holds a device cookie for the account. */
  async function ownersBrowser(credentials: { email: string; password: string }): Promise<string> {
    const response = await attempt(ctx.app, "192.0.2.77", credentials);
    expect(response.statusCode).toBe(200);
    const device = cookieSet(response.headers["set-cookie"], "pqe_device");
    if (!device) throw new Error("No device cookie was set");
    return device;
  }

  it("sets a long-lived httpOnly device cookie on a successful sign-in, and none on a failed one", async () => {
    const { credentials } = await createTestUser(ctx.db);
    const failed = await attempt(ctx.app, "192.0.2.78", { ...credentials, password: "Wrong-Guess-1" });
    expect(cookieSet(failed.headers["set-cookie"], "pqe_device")).toBeUndefined();
    const response = await attempt(ctx.app, "192.0.2.78", credentials);
    const header = (response.headers["set-cookie"] as string[]).find((c) => c.startsWith("pqe_device="));
    expect(header).toContain("HttpOnly");
    expect(header).toContain("Path=/");
    const expires = new Date(/Expires=([^;]+)/.exec(header ?? "")?.[1] ?? "");
    expect(expires.getTime() - ctx.clock.now().getTime()).toBeGreaterThan(150 * 24 * 60 * 60 * 1000);
  });

  it("bounds guessing spread over 100 addresses, while the owner's known browser still signs in", {
    timeout: 120_000,
  }, async () => {
    const { credentials } = await createTestUser(ctx.db);
    const device = await ownersBrowser(credentials);
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) {
      const response = await attempt(ctx.app, `198.18.1.${i}`, { ...credentials, password: `Guess-${i}` });
      answers.push(response.statusCode);
    }
    // Only so many guesses were even checked; every later one was refused unread.
    expect(answers.filter((status) => status === 401)).toHaveLength(MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES);
    expect(answers.slice(MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES).every((status) => status === 429)).toBe(true);
    // The right password from one more unknown address is refused too: the attacker cannot tell it was right.
    const lucky = await attempt(ctx.app, "198.18.2.1", credentials);
    expect(lucky.statusCode).toBe(429);
    // The owner, on the browser they signed in on before, is not refused, from any address.
    const owner = await attempt(ctx.app, "203.0.113.9", credentials, device);
    expect(owner.statusCode, owner.body).toBe(200);
    const locked = (await auditEntries(ctx.db, { entityType: "session", action: "login_failed" })).filter(
      (entry) =>
        (entry.details as { email?: string }).email === credentials.email &&
        (entry.details as { reason?: string }).reason === "account_locked_everywhere",
    );
    expect(locked).toHaveLength(1);
  });

  it("refuses the owner's unknown browser while the account is under attack, saying how to get in", async () => {
    const { credentials } = await createTestUser(ctx.db);
    for (let i = 0; i < MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES; i++) {
      await attempt(ctx.app, `198.18.3.${i}`, { ...credentials, password: `Guess-${i}` });
    }
    const newLaptop = await attempt(ctx.app, "192.0.2.90", credentials);
    expect(newLaptop.statusCode).toBe(429);
    expect(newLaptop.json()).toEqual({
      code: "ACCOUNT_LOCKED",
      error: `Too many failed sign-in attempts for this account from browsers it has not signed in on. Sign in from a browser you have used before, or try again in ${SIGN_IN_LOCK_MS / 60_000} minutes.`,
    });
    expect(Number(newLaptop.headers["retry-after"])).toBeGreaterThan(0);
    // When the lock ends, the new laptop signs in (and becomes known).
    try {
      ctx.clock.advance(SIGN_IN_LOCK_MS + 1000);
      expect((await attempt(ctx.app, "192.0.2.90", credentials)).statusCode).toBe(200);
    } finally {
      ctx.clock.reset();
    }
  });

  it("limits a known browser on its own: a stolen device cookie gets no more guesses than an address", async () => {
    const { credentials } = await createTestUser(ctx.db);
    const device = await ownersBrowser(credentials);
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      const address = `198.18.4.${i}`;
      expect((await attempt(ctx.app, address, { ...credentials, password: "x" }, device)).statusCode).toBe(401);
    }
    const withDevice = await attempt(ctx.app, "198.18.4.200", credentials, device);
    expect(withDevice.statusCode).toBe(429);
    expect(withDevice.json().error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    // That lock is the device's alone: the account's unknown devices were never counted, so a fresh browser works.
    expect((await attempt(ctx.app, "192.0.2.91", credentials)).statusCode).toBe(200);
  });

  it("treats a forged, expired or other account's token as an unknown device", async () => {
    const victim = await createTestUser(ctx.db);
    const other = await createTestUser(ctx.db);
    const othersDevice = await ownersBrowser(other.credentials);
    for (let i = 0; i < MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES; i++) {
      await attempt(ctx.app, `198.18.5.${i}`, { ...victim.credentials, password: `Guess-${i}` });
    }
    const now = ctx.clock.now();
    const forged = issueDeviceToken("another-secret-of-at-least-32-characters!", victim.credentials.email, now);
    const expired = issueDeviceToken(
      TEST_SESSION_SECRET,
      victim.credentials.email,
      new Date(now.getTime() - 200 * 86_400_000),
    );
    for (const cookie of [othersDevice, `pqe_device=${forged.value}`, `pqe_device=${expired.value}`]) {
      expect((await attempt(ctx.app, "192.0.2.92", victim.credentials, cookie)).statusCode).toBe(429);
    }
    const genuine = issueDeviceToken(TEST_SESSION_SECRET, victim.credentials.email, now);
    expect((await attempt(ctx.app, "192.0.2.92", victim.credentials, `pqe_device=${genuine.value}`)).statusCode).toBe(
      200,
    );
    // Reading checks the signature, the account and the time.
    expect(readDeviceToken(TEST_SESSION_SECRET, genuine.value, victim.credentials.email, now)).toBeDefined();
    expect(readDeviceToken(TEST_SESSION_SECRET, `${genuine.value}x`, victim.credentials.email, now)).toBeUndefined();
    expect(readDeviceToken(TEST_SESSION_SECRET, genuine.value, other.credentials.email, now)).toBeUndefined();
  });

  it("counts an attack spread over instances sharing the database as one", { timeout: 120_000 }, async () => {
    const second = await ctx.buildApp();
    const { credentials } = await createTestUser(ctx.db);
    const device = await ownersBrowser(credentials);
    for (let i = 0; i < MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES; i++) {
      const app = i % 2 === 0 ? ctx.app : second;
      expect((await attempt(app, `198.18.6.${i}`, { ...credentials, password: `Guess-${i}` })).statusCode).toBe(401);
    }
    expect((await attempt(ctx.app, "198.18.6.250", credentials)).statusCode).toBe(429);
    expect((await attempt(second, "198.18.6.251", credentials)).statusCode).toBe(429);
    expect((await attempt(second, "198.18.6.252", credentials, device)).statusCode).toBe(200);
  });
});
