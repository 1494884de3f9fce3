/**
 * Broker firms (docs/product/firms.md, docs/product/permissions.md): administrators keep firms and place brokers
 * in them; a firm's lead sees the firm's quotes and policies and hands them to the firm's other brokers; a
 * deleted broker's quotes stay with the firm; the dashboard search matches the firm's name.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Quote, QuoteListResponse } from "../../src/domain/quote/quote";
import { auditLog } from "../../src/server/db/schema";
import { DEMO_FIRM } from "../../src/server/db/seed";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase, type TestContext } from "../support/harness";
import { policyUrl } from "./policies-fixtures";
import { call, createCompleteQuote, createQuote, patchQuote } from "./quotes-fixtures";

interface FirmBody {
  data: { id: string; name: string; fcaReference: string; commissionRatePercent: number; brokerCount: number };
}

const FIRM = {
  name: "Harbour Brokers LLP",
  fcaReference: "123456",
  address: "2 Quay Road, Bristol",
  commissionRatePercent: 12.5,
};

/** The tests share one database: each firm gets its own FCA number. */
let nextReference = 200_000;

async function createFirm(ctx: TestContext, admin: string, overrides: Record<string, unknown> = {}) {
  nextReference += 1;
  const body = { ...FIRM, fcaReference: String(nextReference), ...overrides };
  const created = await call<FirmBody>(ctx.app, admin, "POST", "/api/firms", body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

async function place(ctx: TestContext, admin: string, userId: string, firmId: string | null, isFirmLead = false) {
  const placed = await call(ctx.app, admin, "PUT", `/api/users/${userId}/firm`, { firmId, isFirmLead });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
}

/** A firm with a lead and two brokers, each signed in after being placed. */
async function firmWithBrokers(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const admin = await signIn(ctx.app, "ADMIN");
  const firm = await createFirm(ctx, admin, overrides);
  const lead = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Lena Lead" });
  const alice = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Alice Member" });
  const bob = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Bob Member" });
  await place(ctx, admin, lead.user.id, firm.id, true);
  await place(ctx, admin, alice.user.id, firm.id);
  await place(ctx, admin, bob.user.id, firm.id);
  return { admin, firm, lead, alice, bob };
}

describeEachDatabase("broker firms", (ctx) => {
  const list = (cookie: string, query = "") => call<QuoteListResponse>(ctx.app, cookie, "GET", `/api/quotes${query}`);
  const names = (body: QuoteListResponse) => body.data.map((item) => item.quote.proposerName).sort();

  it("validates a firm: FCA number of 6 or 7 digits, commission 0-40% in whole basis points, one firm per number", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    for (const [field, value, message] of [
      ["fcaReference", "12345", "FCA firm reference number must be 6 or 7 digits"],
      ["fcaReference", "12345678", "FCA firm reference number must be 6 or 7 digits"],
      ["fcaReference", "12a456", "FCA firm reference number must be 6 or 7 digits"],
      ["commissionRatePercent", 40.01, "Commission rate must be a percentage from 0 to 40"],
      ["commissionRatePercent", -1, "Commission rate must be a percentage from 0 to 40"],
      ["commissionRatePercent", 12.345, "Commission rate must be a percentage from 0 to 40"],
      ["name", " ", "Name is required"],
    ] as const) {
      const refused = await call<{ code: string; issues: { path: string; message: string }[] }>(
        ctx.app,
        admin,
        "POST",
        "/api/firms",
        { ...FIRM, [field]: value },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0]?.path).toBe(field);
      expect(refused.body.issues[0]?.message).toContain(message);
    }
    const firm = await createFirm(ctx, admin, { commissionRatePercent: 40, fcaReference: "123456" });
    expect(firm).toMatchObject({ name: FIRM.name, fcaReference: "123456", commissionRatePercent: 40, brokerCount: 0 });
    const twice = await call<{ code: string; error: string }>(ctx.app, admin, "POST", "/api/firms", {
      ...FIRM,
      fcaReference: "123456",
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("A firm with this FCA firm reference number already exists");
    const changed = await call<FirmBody>(ctx.app, admin, "PUT", `/api/firms/${firm.id}`, {
      ...FIRM,
      fcaReference: "123456",
      commissionRatePercent: 10,
    });
    expect(changed.body.data.commissionRatePercent).toBe(10);
    const listed = await call<{ data: FirmBody["data"][] }>(ctx.app, admin, "GET", "/api/firms");
    expect(listed.body.data.map((f) => f.name)).toContain(FIRM.name);
    // Brokers and underwriters do not keep firms.
    for (const role of ["BROKER", "UNDERWRITER"] as const) {
      expect((await call(ctx.app, await signIn(ctx.app, role), "GET", "/api/firms")).status).toBe(403);
    }
  });

  it("seeds the demo broker as lead of the demo firm", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const me = await call<{ data: { firmId: string | null; isFirmLead: boolean } }>(ctx.app, broker, "GET", "/api/me");
    expect(me.body.data.isFirmLead).toBe(true);
    const admin = await signIn(ctx.app, "ADMIN");
    const firms = await call<{ data: FirmBody["data"][] }>(ctx.app, admin, "GET", "/api/firms");
    const demo = firms.body.data.find((f) => f.id === me.body.data.firmId);
    expect(demo).toMatchObject({ name: DEMO_FIRM.name, fcaReference: DEMO_FIRM.fcaReference, brokerCount: 1 });
  });

  it("places a broker in a firm (audited) but never another role, and a lead needs a firm", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const firm = await createFirm(ctx, admin);
    const broker = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const underwriter = await signInNewUser(ctx.app, ctx.db, "UNDERWRITER");
    const refused = await call<{ error: string }>(ctx.app, admin, "PUT", `/api/users/${underwriter.user.id}/firm`, {
      firmId: firm.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Only brokers belong to firms");
    const noFirm = await call<{ error: string }>(ctx.app, admin, "PUT", `/api/users/${broker.user.id}/firm`, {
      firmId: null,
      isFirmLead: true,
    });
    expect(noFirm.status).toBe(400);
    expect(noFirm.body.error).toBe("A lead broker must belong to a firm");
    await place(ctx, admin, broker.user.id, firm.id, true);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, broker.user.id));
    expect(entries.find((entry) => entry.action === "firm_changed")?.details).toEqual({
      before: { firmId: null, isFirmLead: false },
      after: { firmId: firm.id, isFirmLead: true },
      quotesMoved: 0,
    });
    // Adding a broker may name the firm at once.
    const added = await call<{ data: { firmId: string; isFirmLead: boolean } }>(
      ctx.app,
      admin,
      "POST",
      "/api/auth/register",
      {
        name: "New Broker",
        email: "new.broker@firms.example",
        password: "Quiet-Harbour-Lantern-2026",
        role: "BROKER",
        firmId: firm.id,
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ firmId: firm.id, isFirmLead: false });
    // A firm with brokers cannot be deleted.
    const kept = await call<{ error: string }>(ctx.app, admin, "DELETE" as "PUT", `/api/firms/${firm.id}`);
    expect(kept.status).toBe(409);
    const empty = await createFirm(ctx, admin, {});
    expect((await call(ctx.app, admin, "DELETE" as "PUT", `/api/firms/${empty.id}`)).status).toBe(200);
  });

  it("lets the lead see the firm's quotes and policies; a member sees only their own; no firm sees as before", async () => {
    const { lead, alice, bob } = await firmWithBrokers(ctx);
    const outsider = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Olly Outsider" });
    const aliceQuote = await createQuote(ctx.app, alice.cookie, { proposerName: "Alice Client Ltd" });
    await createQuote(ctx.app, bob.cookie, { proposerName: "Bob Client Ltd" });
    const outsiderQuote = await createQuote(ctx.app, outsider.cookie, { proposerName: "Outsider Client Ltd" });
    expect(aliceQuote.firmId).not.toBeNull();
    expect(outsiderQuote.firmId).toBeNull();

    expect(names((await list(lead.cookie)).body)).toEqual(["Alice Client Ltd", "Bob Client Ltd"]);
    expect((await list(lead.cookie)).body.meta.total).toBe(2);
    expect(names((await list(alice.cookie)).body)).toEqual(["Alice Client Ltd"]);
    expect(names((await list(outsider.cookie)).body)).toEqual(["Outsider Client Ltd"]);
    expect((await call(ctx.app, lead.cookie, "GET", `/api/quotes/${aliceQuote.id}`)).status).toBe(200);
    expect((await call(ctx.app, bob.cookie, "GET", `/api/quotes/${aliceQuote.id}`)).status).toBe(403);
    expect((await call(ctx.app, lead.cookie, "GET", `/api/quotes/${outsiderQuote.id}`)).status).toBe(403);
    const stats = await call<{ data: { total: number; byStatus: { count: number; status: string }[] } }>(
      ctx.app,
      lead.cookie,
      "GET",
      "/api/quotes/stats",
    );
    expect(stats.body.data.byStatus.find((s) => s.status === "DRAFT")?.count).toBe(2);

    // A policy of the firm: its screen and its documents.
    const quote = await createCompleteQuote(ctx.app, alice.cookie);
    await patchQuote(ctx.app, alice.cookie, quote.id, { status: "QUOTED" });
    const issued = await call(ctx.app, alice.cookie, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const policyNumber = issued.body.data.policyNumber ?? "";
    expect((await call(ctx.app, lead.cookie, "GET", policyUrl(policyNumber))).status).toBe(200);
    expect((await call(ctx.app, bob.cookie, "GET", policyUrl(policyNumber))).status).not.toBe(200);
    const documents = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${quote.id}/policy-schedule`,
      headers: { cookie: lead.cookie },
    });
    expect(documents.statusCode, documents.body.slice(0, 200)).toBe(200);
  });

  it("hands a quote to another broker of the firm (audited): the new one sees it, the old one no longer", async () => {
    const { lead, alice, bob } = await firmWithBrokers(ctx);
    const outsider = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const quote = await createQuote(ctx.app, alice.cookie, { proposerName: "Handed Ltd" });
    const url = `/api/quotes/${quote.id}/hand-over`;

    // Only the lead, only to a broker of the quote's firm.
    expect((await call(ctx.app, alice.cookie, "POST", url, { brokerId: bob.user.id })).status).toBe(403);
    expect(
      (await call(ctx.app, await signIn(ctx.app, "UNDERWRITER"), "POST", url, { brokerId: bob.user.id })).status,
    ).toBe(403);
    const stranger = await call<{ error: string }>(ctx.app, lead.cookie, "POST", url, { brokerId: outsider.user.id });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe("The new broker must be a broker of the quote's firm");
    expect((await call(ctx.app, lead.cookie, "POST", url, { brokerId: "nope" })).status).toBe(400);

    const handed = await call<{ data: Quote }>(ctx.app, lead.cookie, "POST", url, { brokerId: bob.user.id });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.data).toMatchObject({ brokerId: bob.user.id, firmId: quote.firmId, version: quote.version + 1 });
    expect(names((await list(bob.cookie)).body)).toEqual(["Handed Ltd"]);
    expect((await list(alice.cookie)).body.meta.total).toBe(0);
    expect((await call(ctx.app, alice.cookie, "GET", `/api/quotes/${quote.id}`)).status).toBe(403);
    expect((await call(ctx.app, lead.cookie, "GET", `/api/quotes/${quote.id}`)).status).toBe(200);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, quote.id));
    expect(entries.find((entry) => entry.action === "handed_over")?.details).toMatchObject({
      fromBrokerId: alice.user.id,
      toBrokerId: bob.user.id,
    });
    // The lead's list of the firm's brokers to hand to; a member has none.
    const brokers = await call<{ data: { name: string }[] }>(ctx.app, lead.cookie, "GET", "/api/firm/brokers");
    expect(brokers.body.data.map((b) => b.name)).toEqual(["Alice Member", "Bob Member", "Lena Lead"]);
    expect((await call(ctx.app, alice.cookie, "GET", "/api/firm/brokers")).status).toBe(403);
  });

  it("keeps a deleted broker's quotes with the firm, and moves a moved broker's quotes with them to the new firm", async () => {
    const { admin, lead, alice, bob } = await firmWithBrokers(ctx);
    const quote = await createQuote(ctx.app, alice.cookie, { proposerName: "Left Behind Ltd" });
    const bobs = await createQuote(ctx.app, bob.cookie, { proposerName: "Moved On Ltd" });
    expect(
      (await ctx.app.inject({ method: "DELETE", url: `/api/users/${alice.user.id}`, headers: { cookie: admin } }))
        .statusCode,
    ).toBe(200);
    expect(names((await list(lead.cookie)).body)).toEqual(["Left Behind Ltd", "Moved On Ltd"]);
    // The lead may hand the departed broker's quote on.
    const handed = await call(ctx.app, lead.cookie, "POST", `/api/quotes/${quote.id}/hand-over`, {
      brokerId: lead.user.id,
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);

    // Bob moves firm: he still holds his quote, it now belongs to his new firm, and the old firm's lead no longer
    // sees it (nor can open it); the new firm's lead does.
    expect(names((await list(lead.cookie)).body)).toContain("Moved On Ltd");
    const other = await createFirm(ctx, admin, { name: "Other Firm Ltd" });
    await place(ctx, admin, bob.user.id, other.id);
    const bobAfter = await signIn(ctx.app, bob.credentials);
    expect(names((await list(lead.cookie)).body)).not.toContain("Moved On Ltd");
    expect((await call(ctx.app, lead.cookie, "GET", `/api/quotes/${bobs.id}`)).status).toBe(403);
    expect(names((await list(bobAfter)).body)).toEqual(["Moved On Ltd"]);
    const moved = await call<{ data: Quote }>(ctx.app, bobAfter, "GET", `/api/quotes/${bobs.id}`);
    expect(moved.body.data.firmId).toBe(other.id);
    const otherLead = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Olga Other Lead" });
    await place(ctx, admin, otherLead.user.id, other.id, true);
    expect(names((await list(await signIn(ctx.app, otherLead.credentials))).body)).toEqual(["Moved On Ltd"]);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, bob.user.id));
    // The move's entry (the broker's entries come back in no particular order: the first placing is among them).
    const move = entries.find(
      (entry) =>
        entry.action === "firm_changed" &&
        (entry.details as { after?: { firmId?: string } }).after?.firmId === other.id,
    );
    expect(move?.details).toMatchObject({ after: { firmId: other.id }, quotesMoved: 1 });
    // What he writes now belongs to the new firm too; the quote handed to the old lead stayed with the old firm.
    const newQuote = await createQuote(ctx.app, bobAfter, { proposerName: "New Firm Client Ltd" });
    expect(newQuote.firmId).toBe(other.id);
    expect(names((await list(lead.cookie)).body)).toEqual(["Left Behind Ltd"]);
  });

  it("matches the firm's name in the dashboard search", async () => {
    const { alice } = await firmWithBrokers(ctx, { name: "Kestrel & Wren Insurance Brokers" });
    await createQuote(ctx.app, alice.cookie, { proposerName: "Searched Ltd" });
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    expect(names((await list(underwriter, "?q=wren INSURANCE")).body)).toEqual(["Searched Ltd"]);
    expect(names((await list(alice.cookie, "?q=kestrel")).body)).toEqual(["Searched Ltd"]);
  });

  it("upgrades a database that holds brokers and quotes: nobody has a firm and every broker sees what they saw", async () => {
    const owner = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Pre-Firm Broker" });
    const before = await createQuote(ctx.app, owner.cookie, { proposerName: "Before Firms Ltd" });
    const seen = (await list(owner.cookie)).body.data.map((item) => item.quote.id);
    // The tables as the release before had them: no firms, no firm on users or quotes.
    for (const statement of [
      `DROP INDEX "quotes_firm_idx"`,
      `ALTER TABLE "quotes" DROP COLUMN "firm_id"`,
      `ALTER TABLE "users" DROP COLUMN "firm_id"`,
      `ALTER TABLE "users" DROP COLUMN "is_firm_lead"`,
      `DROP TABLE "firms"`,
    ]) {
      await ctx.db.execute(sql.raw(statement));
    }
    const migration = readFileSync(
      resolve(import.meta.dirname, "../../src/server/db/migrations/0040_broker_firms.sql"),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint")) await ctx.db.execute(sql.raw(statement));

    const after = await call<{ data: Quote }>(ctx.app, owner.cookie, "GET", `/api/quotes/${before.id}`);
    expect(after.status).toBe(200);
    expect(after.body.data.firmId).toBeNull();
    expect((await list(owner.cookie)).body.data.map((item) => item.quote.id)).toEqual(seen);
    const me = await call<{ data: { firmId: string | null; isFirmLead: boolean } }>(
      ctx.app,
      owner.cookie,
      "GET",
      "/api/me",
    );
    expect(me.body.data).toMatchObject({ firmId: null, isFirmLead: false });
  });
});
