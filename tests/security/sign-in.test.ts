/**
 * Sign-in hardening beyond tests/api/auth.test.ts: an unknown address costs the same argon2 work as a known one
 * (timing does not reveal which addresses have accounts); an attacker locking an account neither ends its
 * owner's live sessions nor blocks other accounts; attempted passwords are never written to the audit log; a
 * sign-out or deletion ends the session on every app instance at once.
 */
import { expect, it } from "vitest";
import { MAX_FAILED_SIGN_INS } from "../../src/server/auth/throttle";
import { auditEntries } from "../support/audit";
import { createTestUser, signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

describeEachDatabase("sign-in hardening", (ctx) => {
  const login = (email: string, password: string) =>
    ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  const me = (cookie: string) => ctx.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

  it("spends the same password-hashing work on an unknown address as on a wrong password", async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, each against a fresh address so no lock kicks in, and compared by median.
    for (let i = 0; i < 12; i++) {
      const user = await createTestUser(ctx.db);
      let started = performance.now();
      expect((await login(user.credentials.email, "wrong-password")).statusCode).toBe(401);
      known.push(performance.now() - started);
      started = performance.now();
      expect((await login(`nobody-${i}-${Date.now()}@example.test`, "wrong-password")).statusCode).toBe(401);
      unknown.push(performance.now() - started);
    }
    const ratio = median(unknown) / median(known);
    // Without the dummy hash an unknown address answers several times faster than a known one.
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms vs known ${median(known).toFixed(1)} ms`).toBeGreaterThan(
      0.4,
    );
    expect(ratio).toBeLessThan(2.5);
  });

  it("does not end the owner's live session or lock other accounts when someone locks an account", async () => {
    const victim = await createTestUser(ctx.db);
    const bystander = await createTestUser(ctx.db);
    const session = await signIn(ctx.app, victim.credentials);
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) await login(victim.credentials.email, "guess");
    expect((await login(victim.credentials.email, victim.credentials.password)).statusCode).toBe(429);
    expect((await me(session)).statusCode).toBe(200);
    expect((await login(bystander.credentials.email, bystander.credentials.password)).statusCode).toBe(200);
  });

  it("never writes an attempted password to the audit log", async () => {
    const user = await createTestUser(ctx.db);
    const attempted = `Attempted-Secret-${Date.now()}`;
    await login(user.credentials.email, attempted);
    await signIn(ctx.app, user.credentials);
    const entries = await auditEntries(ctx.db, { entityType: "session" });
    const text = JSON.stringify(entries);
    expect(text).toContain(user.credentials.email);
    expect(text).not.toContain(attempted);
    expect(text).not.toContain(user.credentials.password);
  });

  it("ends a session on every app instance at once when its user signs out or is deleted", async () => {
    const other = await ctx.buildApp();
    const leaving = await createTestUser(ctx.db);
    const cookie = await signIn(ctx.app, leaving.credentials);
    expect((await other.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
    await ctx.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect((await other.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(401);

    const deleted = await createTestUser(ctx.db);
    const sessions = [await signIn(ctx.app, deleted.credentials), await signIn(other, deleted.credentials)];
    const admin = await signIn(ctx.app, "ADMIN");
    const removal = await other.inject({
      method: "DELETE",
      url: `/api/users/${deleted.user.id}`,
      headers: { cookie: admin },
    });
    expect(removal.statusCode).toBe(200);
    for (const session of sessions) {
      expect((await me(session)).statusCode).toBe(401);
      expect((await other.inject({ method: "GET", url: "/api/me", headers: { cookie: session } })).statusCode).toBe(
        401,
      );
    }
    // And the deleted user cannot come back with the right password.
    expect((await login(deleted.credentials.email, deleted.credentials.password)).statusCode).toBe(401);
  });
});
