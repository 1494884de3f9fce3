import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog } from "../../src/server/db/schema";
import { recordAudit } from "../../src/server/features/audit/record";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("audit", (ctx) => {
  it("lists entries newest first with the actor, paginated with meta", async () => {
    const cookie = await signIn(ctx.app, "ADMIN");
    for (let i = 0; i < 3; i++) {
      await recordAudit(ctx.db, {
        entityType: "quote",
        action: "updated",
        entityId: `q-${i}`,
        actorId: null,
        details: { step: i },
      });
    }
    const page1 = await ctx.app.inject({
      method: "GET",
      url: "/api/audit?entityType=quote&action=updated&page=1&pageSize=2",
      headers: { cookie },
    });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.meta).toEqual({ total: 3, page: 1, pageSize: 2 });
    expect(body.data.map((e: { entityId: string }) => e.entityId)).toEqual(["q-2", "q-1"]);
    expect(body.data[0]).toMatchObject({ entityType: "quote", action: "updated", details: { step: 2 }, actor: null });
    const page2 = await ctx.app.inject({
      method: "GET",
      url: "/api/audit?entityType=quote&action=updated&page=2&pageSize=2",
      headers: { cookie },
    });
    expect(page2.json().data.map((e: { entityId: string }) => e.entityId)).toEqual(["q-0"]);
  });

  it("names the actor of a sign-in", async () => {
    const cookie = await signIn(ctx.app, "ADMIN");
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/audit?entityType=session&action=login",
      headers: { cookie },
    });
    expect(response.json().data[0].actor).toMatchObject({ name: "Ada Admin", email: "admin@example.com" });
  });

  it("validates the page parameters", async () => {
    const cookie = await signIn(ctx.app, "ADMIN");
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/audit?page=0&pageSize=500",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: "page", message: "Page must be 1 or more" },
        { path: "pageSize", message: "Page size must be at most 100" },
      ]),
    );
  });

  it("is ADMIN-only", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/audit" })).statusCode).toBe(401);
    for (const role of ["BROKER", "UNDERWRITER"] as const) {
      const cookie = await signIn(ctx.app, role);
      const response = await ctx.app.inject({ method: "GET", url: "/api/audit", headers: { cookie } });
      expect(response.statusCode).toBe(403);
    }
  });

  it("is append-only: the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    await recordAudit(ctx.db, { entityType: "user", action: "created", entityId: "x", actorId: null });
    await expect(ctx.db.update(auditLog).set({ action: "tampered" })).rejects.toThrow();
    await expect(ctx.db.delete(auditLog)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(sql`action = 'tampered'`);
    expect(row?.n).toBe(0);
  });

  it("rolls an entry back with the change it belongs to", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, { entityType: "quote", action: "rated", entityId: "rolled-back", actorId: null });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await ctx.db.select().from(auditLog).where(sql`entity_id = 'rolled-back'`);
    expect(rows).toHaveLength(0);
  });
});
