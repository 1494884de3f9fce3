import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quotes, users } from "../../src/server/db/schema";
import { auditEntries } from "../support/audit";
import { createTestUser, signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("users", (ctx) => {
  const as = async (role: "ADMIN" | "BROKER" | "UNDERWRITER") => ({ cookie: await signIn(ctx.app, role) });
  const register = (cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  describe("GET /api/users", () => {
    it("lists active users for an admin, without password hashes", async () => {
      const { cookie } = await as("ADMIN");
      const response = await ctx.app.inject({ method: "GET", url: "/api/users", headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const list = response.json().data as Record<string, unknown>[];
      expect(list.map((u) => u.email)).toEqual(
        expect.arrayContaining(["admin@example.com", "broker@example.com", "underwriter@example.com"]),
      );
      // Each underwriter with their authority (docs/product/permissions.md), anyone else with none; whether each
      // signs in with a second factor, never its secret.
      for (const user of list) {
        expect(Object.keys(user).sort()).toEqual([
          "authority",
          "createdAt",
          "email",
          "firmId",
          "id",
          "isFirmLead",
          "name",
          "role",
          "twoFactorOn",
        ]);
        expect(user.authority === null).toBe(user.role !== "UNDERWRITER");
      }
    });

    it("answers 401 signed out and 403 'Insufficient permissions' for brokers and underwriters", async () => {
      expect((await ctx.app.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
      for (const role of ["BROKER", "UNDERWRITER"] as const) {
        const { cookie } = await as(role);
        const response = await ctx.app.inject({ method: "GET", url: "/api/users", headers: { cookie } });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: "Insufficient permissions", code: "INSUFFICIENT_PERMISSIONS" });
      }
    });
  });

  describe("POST /api/auth/register", () => {
    it("creates a user who can then sign in, normalising the e-mail, and audits it", async () => {
      const { cookie } = await as("ADMIN");
      const email = `New.Person.${Date.now()}@Example.com`;
      const response = await register(cookie, {
        name: "  New Person ",
        email,
        password: "Str0ng-Passw0rd",
        role: "UNDERWRITER",
      });
      expect(response.statusCode).toBe(201);
      const created = response.json().data;
      expect(created).toMatchObject({ name: "New Person", email: email.toLowerCase(), role: "UNDERWRITER" });
      await signIn(ctx.app, { email, password: "Str0ng-Passw0rd" });
      const entries = await auditEntries(ctx.db, { entityType: "user", action: "created", entityId: created.id });
      expect(entries).toHaveLength(1);
      expect(entries[0]?.details).toEqual({ name: "New Person", email: email.toLowerCase(), role: "UNDERWRITER" });
    });

    it("defaults the role to BROKER", async () => {
      const { cookie } = await as("ADMIN");
      const response = await register(cookie, {
        name: "Default Role",
        email: `d-${Date.now()}@example.com`,
        password: "Quiet-Harbour-2026",
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.role).toBe("BROKER");
    });

    it("answers 400 with every missing field, and refuses unknown fields and unknown roles", async () => {
      const { cookie } = await as("ADMIN");
      const empty = await register(cookie, { name: "", email: "", password: "" });
      expect(empty.statusCode).toBe(400);
      const paths = (empty.json().issues as { path: string }[]).map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(["name", "email", "password"]));
      const extra = await register(cookie, { name: "A", email: "a@example.com", password: "p", isAdmin: true });
      expect(extra.statusCode).toBe(400);
      const role = await register(cookie, {
        name: "A",
        email: "a@example.com",
        password: "Long-Enough-2026",
        role: "ROOT",
      });
      expect(role.statusCode).toBe(400);
      expect(role.json().issues[0].path).toBe("role");
    });

    it("refuses a password shorter than 12 characters, the rule ADMIN_PASSWORD follows, and creates nobody", async () => {
      const { cookie } = await as("ADMIN");
      const email = `short-${Date.now()}@example.com`;
      const short = await register(cookie, { name: "Short Password", email, password: "short" });
      expect(short.statusCode).toBe(400);
      expect(short.json().issues).toEqual([{ path: "password", message: "Password must be at least 12 characters" }]);
      const eleven = await register(cookie, { name: "Short Password", email, password: "elevenchars" });
      expect(eleven.statusCode).toBe(400);
      const listed = (await ctx.app.inject({ method: "GET", url: "/api/users", headers: { cookie } })).json().data;
      expect(listed.map((u: { email: string }) => u.email)).not.toContain(email);
      const twelve = await register(cookie, { name: "Long Password", email, password: "twelve-chars" });
      expect(twelve.statusCode).toBe(201);
      await signIn(ctx.app, { email, password: "twelve-chars" });
    });

    it("answers 409 when the address already has an account", async () => {
      const { cookie } = await as("ADMIN");
      const response = await register(cookie, {
        name: "Dup",
        email: "BROKER@example.com",
        password: "Quiet-Harbour-2026",
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: "A user with this email address already exists", code: "EMAIL_TAKEN" });
    });

    it("is ADMIN-only: 401 signed out, 403 for brokers and underwriters", async () => {
      const payload = { name: "X", email: `x-${Date.now()}@example.com`, password: "Long-Enough-2026" };
      expect((await register(undefined, payload)).statusCode).toBe(401);
      for (const role of ["BROKER", "UNDERWRITER"] as const) {
        expect((await register((await as(role)).cookie, payload)).statusCode).toBe(403);
      }
    });
  });

  describe("DELETE /api/users/:id", () => {
    it("soft-deletes: gone from the list, cannot sign in, sessions revoked, quotes kept, audited", async () => {
      const { cookie } = await as("ADMIN");
      const victim = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Departing Broker" });
      const [quote] = await ctx.db
        .insert(quotes)
        .values({
          productCode: "D/C-PI",
          proposerName: "Kept Ltd",
          brokerId: victim.user.id,
          inceptionDate: "2026-12-01",
        })
        .returning();

      const response = await ctx.app.inject({
        method: "DELETE",
        url: `/api/users/${victim.user.id}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: victim.user.id, name: "Departing Broker" });

      const list = await ctx.app.inject({ method: "GET", url: "/api/users", headers: { cookie } });
      expect((list.json().data as { id: string }[]).some((u) => u.id === victim.user.id)).toBe(false);
      const me = await ctx.app.inject({ method: "GET", url: "/api/me", headers: { cookie: victim.cookie } });
      expect(me.statusCode).toBe(401);
      const again = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: victim.credentials });
      expect(again.statusCode).toBe(401);

      const [row] = await ctx.db.select().from(users).where(eq(users.id, victim.user.id));
      expect(row?.deletedAt).toBeInstanceOf(Date);
      const [kept] = await ctx.db
        .select()
        .from(quotes)
        .where(eq(quotes.id, quote?.id ?? ""));
      expect(kept?.brokerId).toBe(victim.user.id);

      const entries = await auditEntries(ctx.db, { entityType: "user", action: "deleted", entityId: victim.user.id });
      expect(entries).toHaveLength(1);
      expect(entries[0]?.details).toMatchObject({ name: "Departing Broker", sessionsRevoked: 1 });
    });

    it("lets the address be given to a new account after deletion", async () => {
      const { cookie } = await as("ADMIN");
      const old = await createTestUser(ctx.db, { role: "BROKER" });
      await ctx.app.inject({ method: "DELETE", url: `/api/users/${old.user.id}`, headers: { cookie } });
      const response = await register(cookie, {
        name: "Returner",
        email: old.credentials.email,
        password: "Quiet-Harbour-2026",
      });
      expect(response.statusCode).toBe(201);
    });

    it("refuses to delete your own account with 409", async () => {
      const admin = await signInNewUser(ctx.app, ctx.db, "ADMIN");
      const response = await ctx.app.inject({
        method: "DELETE",
        url: `/api/users/${admin.user.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: "You cannot delete your own account", code: "CANNOT_DELETE_SELF" });
    });

    it("answers 404 for an unknown or already deleted user and 400 for a malformed id", async () => {
      const { cookie } = await as("ADMIN");
      const missing = await ctx.app.inject({
        method: "DELETE",
        url: "/api/users/00000000-0000-4000-8000-000000000000",
        headers: { cookie },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: "User not found", code: "NOT_FOUND" });
      const malformed = await ctx.app.inject({ method: "DELETE", url: "/api/users/42", headers: { cookie } });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().issues).toEqual([{ path: "id", message: "Invalid user id" }]);
    });

    it("is ADMIN-only", async () => {
      const target = await createTestUser(ctx.db);
      const url = `/api/users/${target.user.id}`;
      expect((await ctx.app.inject({ method: "DELETE", url })).statusCode).toBe(401);
      const { cookie } = await as("UNDERWRITER");
      expect((await ctx.app.inject({ method: "DELETE", url, headers: { cookie } })).statusCode).toBe(403);
    });
  });
});
