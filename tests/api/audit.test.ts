import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { type AuditEntry, auditDetailLines } from "../../src/domain/audit";
import { recordAudit } from "../../src/server/audit/record";
import { auditLog } from "../../src/server/db/schema";
import { createTestUser, signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { createCompleteQuote, FINANCIAL_OVERVIEW, patchQuote, rateQuote, STEP_SEVEN } from "./quotes-fixtures";

describeEachDatabase("audit", (ctx) => {
  it("lists entries newest first with the actor, paginated with meta", async () => {
    const cookie = await signIn(ctx.app, "ADMIN");
    for (let i = 0; i < 3; i++) {
      await recordAudit(ctx.db, {
        at: ctx.clock.now(),
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

  const list = async (cookie: string, query: string) => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/audit?${query}`, headers: { cookie } });
    return response;
  };

  it("filters by actor, naming who did it", async () => {
    const cookie = await signIn(ctx.app, "ADMIN");
    const { user } = await createTestUser(ctx.db, { email: `actor-${Date.now()}@example.com` });
    const other = await createTestUser(ctx.db, { email: `other-${Date.now()}@example.com` });
    for (const actorId of [user.id, other.user.id, user.id]) {
      await recordAudit(ctx.db, {
        at: ctx.clock.now(),
        entityType: "quote",
        action: "rated",
        entityId: "actor-filter",
        actorId,
      });
    }
    const response = await list(cookie, `actorId=${user.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta.total).toBe(2);
    for (const entry of body.data) {
      expect(entry.actor).toEqual({ id: user.id, name: user.name, email: user.email });
    }
    const combined = await list(cookie, `actorId=${other.user.id}&entityType=quote&action=rated`);
    expect(combined.json().meta.total).toBe(1);
    expect((await list(cookie, `actorId=${other.user.id}&action=published`)).json().meta.total).toBe(0);
  });

  it("filters by a range of London days, both inclusive, and pages through it", async () => {
    const cookie = await signIn(ctx.app, "ADMIN");
    const at = (iso: string, entityId: string) => ({
      entityType: "rating_version",
      action: "updated",
      entityId,
      createdAt: new Date(iso),
    });
    await ctx.db.insert(auditLog).values([
      // 23:30 on 30 June in London (BST): before the range.
      at("2011-06-30T22:30:00Z", "june-30"),
      // 00:30 on 1 July in London, though still 30 June in UTC: inside.
      at("2011-06-30T23:30:00Z", "july-1"),
      at("2011-07-02T12:00:00Z", "july-2"),
      // 01:00 on 3 July in London: after.
      at("2011-07-03T00:00:00Z", "july-3"),
    ]);
    const range = await list(cookie, "from=2011-07-01&to=2011-07-02");
    expect(range.statusCode).toBe(200);
    expect(range.json().data.map((e: { entityId: string }) => e.entityId)).toEqual(["july-2", "july-1"]);
    const second = await list(cookie, "from=2011-07-01&to=2011-07-02&page=2&pageSize=1");
    expect(second.json()).toMatchObject({ meta: { total: 2, page: 2, pageSize: 1 } });
    expect(second.json().data.map((e: { entityId: string }) => e.entityId)).toEqual(["july-1"]);
    const oneDay = await list(cookie, "from=2011-06-30&to=2011-06-30&entityType=rating_version");
    expect(oneDay.json().data.map((e: { entityId: string }) => e.entityId)).toEqual(["june-30"]);
  });

  it("says what a quote's changes were in words: answers as the catalogue names them, money as money, no ids", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 900_000, turnoverIncrease20Percent: true },
    });
    const rated = await rateQuote(ctx.app, broker, quote.id, {
      ...STEP_SEVEN,
      risk: { ...STEP_SEVEN.risk, coverLimitAggregate: 2_000_000 },
    });
    const admin = await signIn(ctx.app, "ADMIN");
    const entries = ((await list(admin, "entityType=quote&pageSize=100")).json().data as AuditEntry[]).filter(
      (entry) => entry.entityId === quote.id,
    );
    const lines = entries.flatMap((entry) => auditDetailLines(entry));
    expect(lines).toContain("Section: Financial overview");
    expect(lines).toContain(
      "Changed: Annual turnover (revenue); Will turnover increase by 20% or more in the next 12 months?",
    );
    expect(lines).toContain("Rating version: D/C-PI 1.0.0");
    const total = Number(rated.quote.totalPremium);
    expect(lines).toContain(
      `Premium (inclusive): £${total.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    const text = lines.join("\n");
    expect(text).not.toContain(rated.quote.ratingVersionId ?? "no version");
    expect(text).not.toMatch(/ratingVersionId|totalPremium|financialOverview|turnoverIncrease20Percent|[{}"]/);
  });

  it("answers 400 naming each bad filter", async () => {
    const cookie = await signIn(ctx.app, "ADMIN");
    const response = await list(cookie, "entityType=planet&action=flew&actorId=someone&from=2026-13-01");
    expect(response.statusCode).toBe(400);
    const paths = (response.json().issues as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["entityType", "action", "actorId", "from"]));
    const backwards = await list(cookie, "from=2026-02-01&to=2026-01-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues).toEqual([{ path: "to", message: "To must be on or after From" }]);
    expect((await list(cookie, "unknown=1")).statusCode).toBe(400);
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
    await recordAudit(ctx.db, {
      at: ctx.clock.now(),
      entityType: "user",
      action: "created",
      entityId: "x",
      actorId: null,
    });
    await expect(ctx.db.update(auditLog).set({ action: "tampered" })).rejects.toThrow();
    await expect(ctx.db.delete(auditLog)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(sql`action = 'tampered'`);
    expect(row?.n).toBe(0);
  });

  it("rolls an entry back with the change it belongs to", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, {
          at: ctx.clock.now(),
          entityType: "quote",
          action: "rated",
          entityId: "rolled-back",
          actorId: null,
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await ctx.db.select().from(auditLog).where(sql`entity_id = 'rolled-back'`);
    expect(rows).toHaveLength(0);
  });
});
