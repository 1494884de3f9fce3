/**
 * Broker commission (docs/product/firms.md "Commission"): every rating carries the firm's rate, kept on the quote;
 * an underwriter may set another rate on one quote within its rating version's limits until issue (audited);
 * the policy screen shows it on what has been paid, and an adjustment's or a cancellation's figures preview it as the
 * policy then counts it; the client's schedule never prints it; migration 0043 gives quotes rated before it their
 * firm's rate.
 */
import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { parseMoneyString } from "../../src/domain/money";
import type {
  AdjustmentFiguresAnswer,
  CancellationFiguresAnswer,
  PolicyView,
} from "../../src/domain/quote/policy-schema";
import type { Quote } from "../../src/domain/quote/quote";
import { addDays } from "../../src/domain/quote/renewal";
import { migrationsFolder } from "../../src/server/db/client";
import { auditLog, firms, quotes } from "../../src/server/db/schema";
import { DEMO_FIRM } from "../../src/server/db/seed";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase, type TestContext } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { issuedPolicy, policyUrl } from "./policies-fixtures";
import { call, createCompleteQuote, patchQuote, rateQuote } from "./quotes-fixtures";

const pence = (money: string | null | undefined) => parseMoneyString(money ?? "") ?? Number.NaN;

/** The demo broker leads the demo firm, whose rate is 15%. */
async function demoFirmId(ctx: TestContext): Promise<string> {
  const [firm] = await ctx.db
    .select({ id: firms.id })
    .from(firms)
    .where(eq(firms.fcaReference, DEMO_FIRM.fcaReference));
  if (!firm) throw new Error("The demo firm is not seeded");
  return firm.id;
}

async function setFirmRate(ctx: TestContext, percent: number) {
  const admin = await signIn(ctx.app, "ADMIN");
  const { name, fcaReference, address } = DEMO_FIRM;
  const body = { name, fcaReference, address, commissionRatePercent: percent };
  const saved = await call(ctx.app, admin, "PUT", `/api/firms/${await demoFirmId(ctx)}`, body);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describeEachDatabase("broker commission", (ctx) => {
  const setCommission = (cookie: string, id: string, body: unknown) =>
    call<{ data: Quote; issues?: { path: string; message: string }[] }>(
      ctx.app,
      cookie,
      "PUT",
      `/api/quotes/${id}/uw/commission`,
      body,
    );

  it("shows every rating's commission at the firm's rate on the premium before IPT, and the net premium due", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const { commission, basePremium, fees, totalPremium } = quote;
    expect(commission).toMatchObject({ ratePercent: 15, overridden: false });
    const beforeIpt = pence(basePremium) + fees.reduce((sum, fee) => sum + pence(fee.amount), 0);
    expect(pence(commission?.amount)).toBe(Math.round(beforeIpt * 0.15));
    expect(pence(commission?.amount) + pence(commission?.netPremium)).toBe(pence(totalPremium));
  });

  it("shows no commission for a broker with no firm", async () => {
    const loner = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const quote = await createCompleteQuote(ctx.app, loner.cookie);
    expect(quote.totalPremium).not.toBeNull();
    expect(quote.commission).toBeNull();
  });

  it("keeps the firm's rate of the last rating: a later change of the firm's rate waits for the next rating", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await setFirmRate(ctx, 20);
    try {
      const read = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
      expect(read.body.data.commission?.ratePercent).toBe(15);
      const rerated = await rateQuote(ctx.app, broker, quote.id);
      expect(rerated.quote.commission?.ratePercent).toBe(20);
    } finally {
      await setFirmRate(ctx, 15);
    }
  });

  it("lets an underwriter set one quote's rate within 0-100 and the version's limits, audited, and ratings keep it", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await createCompleteQuote(ctx.app, broker);
    for (const [ratePercent, message] of [
      [101, "Commission rate must be a percentage from 0 to 100, with at most two decimal places"],
      [-1, "Commission rate must be a percentage from 0 to 100, with at most two decimal places"],
      [12.345, "Commission rate must be a percentage from 0 to 100, with at most two decimal places"],
      ["10", "Commission rate must be a percentage from 0 to 100, with at most two decimal places"],
      [40.5, "Commission rate must be from 0% to 40% under this quote's rating version"],
    ] as const) {
      const refused = await setCommission(underwriter, quote.id, { ratePercent });
      expect(refused.status, String(ratePercent)).toBe(400);
      expect(refused.body.issues?.[0]).toEqual({ path: "ratePercent", message });
    }
    expect((await setCommission(broker, quote.id, { ratePercent: 10 })).status).toBe(403);
    expect((await setCommission(await signIn(ctx.app, "ADMIN"), quote.id, { ratePercent: 10 })).status).toBe(403);
    expect((await setCommission(underwriter, quote.id, { ratePercent: 10, expectedVersion: 1 })).status).toBe(409);

    const set = await setCommission(underwriter, quote.id, { ratePercent: 7.5 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ status: quote.status, totalPremium: quote.totalPremium });
    expect(set.body.data.commission).toMatchObject({ ratePercent: 7.5, overridden: true });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, quote.id), eq(auditLog.action, "commission_changed")));
    expect(entry?.details).toMatchObject({ fromPercent: 15, toPercent: 7.5 });
    // The review's history names the change with who made it.
    const review = await call<{ data: { timeline: { action: string; actor: { name: string } | null }[] } }>(
      ctx.app,
      underwriter,
      "GET",
      `/api/uw/review/${quote.id}`,
    );
    expect(review.body.data.timeline.map((event) => event.action)).toContain("commission_changed");
    const rerated = await rateQuote(ctx.app, broker, quote.id);
    expect(rerated.quote.commission).toMatchObject({ ratePercent: 7.5, overridden: true });
  });

  it("refuses a change once the quote is issued, and the policy screen shows commission on what has been paid", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    const issued = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status).toBe(200);
    expect((await setCommission(underwriter, quote.id, { ratePercent: 10 })).status).toBe(409);

    const view = await call<{ data: PolicyView }>(
      ctx.app,
      broker,
      "GET",
      policyUrl(issued.body.data.policyNumber ?? ""),
    );
    expect(view.body.data.commission).toMatchObject({
      ratePercent: 15,
      amount: issued.body.data.commission?.amount,
      netPremium: issued.body.data.commission?.netPremium,
    });
    // The client's schedule names the premium but never the broker's share of it.
    const schedule = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${quote.id}/policy-schedule`,
      headers: { cookie: broker },
    });
    expect(schedule.statusCode).toBe(200);
    const text = pdfText(schedule.rawPayload);
    expect(text).toContain("Policy Schedule");
    expect(text.toLowerCase()).not.toContain("commission");
    expect(text).not.toContain(issued.body.data.commission?.netPremium ?? "unset");
  });

  it("previews an adjustment's and a cancellation's commission exactly as the policy counts it once each is made", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const inceptionDate = addDays(todayInLondon(ctx.clock.now()), 10);
    const quote = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate } });
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    const issued = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status).toBe(200);
    const policyNumber = issued.body.data.policyNumber ?? "";
    const read = async () =>
      (await call<{ data: PolicyView }>(ctx.app, broker, "GET", policyUrl(policyNumber))).body.data;
    const post = <T>(tail: string, body: Record<string, unknown>) =>
      call<{ data: T }>(ctx.app, broker, "POST", policyUrl(policyNumber, tail), body);

    // A higher excess returns premium from 30 days in: the broker returns commission on it.
    const issuedView = await read();
    const adjustment = { effectiveDate: addDays(inceptionDate, 30), changes: { excessDiscount: "2x" } };
    const charge = (await post<AdjustmentFiguresAnswer>("/adjustments/figures", adjustment)).body.data;
    expect(pence(charge.total)).toBeLessThan(0);
    expect(charge.commission).toMatchObject({ ratePercent: 15, overridden: false });
    expect(pence(charge.commission?.amount)).toBe(-Math.round((-pence(charge.premium) * 15) / 100));
    expect(pence(charge.commission?.netPremium)).toBe(pence(charge.total) - pence(charge.commission?.amount));
    const adjusted = await post<PolicyView>("/adjustments", { ...adjustment, expectedVersion: issuedView.version });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
    const afterAdjustment = adjusted.body.data.commission;
    expect(pence(afterAdjustment?.amount)).toBe(
      pence(issuedView.commission?.amount) + pence(charge.commission?.amount),
    );
    expect(pence(afterAdjustment?.netPremium)).toBe(
      pence(issuedView.commission?.netPremium) + pence(charge.commission?.netPremium),
    );

    // Cancelled from inception: what comes back is shown positive, and the policy's commission falls by exactly it.
    const returned = (await post<CancellationFiguresAnswer>("/cancellation/figures", { effectiveDate: inceptionDate }))
      .body.data;
    expect(returned.commission).toMatchObject({ ratePercent: 15, overridden: false });
    expect(pence(returned.commission?.amount)).toBe(Math.round((pence(returned.returnPremium) * 15) / 100));
    expect(pence(returned.commission?.netPremium)).toBe(
      pence(returned.returnTotal) - pence(returned.commission?.amount),
    );
    const cancelled = await post<PolicyView>("/cancellation", {
      effectiveDate: inceptionDate,
      reason: "The insured has sold the business",
      expectedVersion: adjusted.body.data.version,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
    expect(pence(cancelled.body.data.commission?.amount)).toBe(
      pence(afterAdjustment?.amount) - pence(returned.commission?.amount),
    );
    expect(pence(cancelled.body.data.commission?.netPremium)).toBe(
      pence(afterAdjustment?.netPremium) - pence(returned.commission?.netPremium),
    );
  });

  it("previews no commission on a change to a policy with none", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const shown = await call<{ data: AdjustmentFiguresAnswer }>(
      ctx.app,
      broker.cookie,
      "POST",
      policyUrl(policyNumber, "/adjustments/figures"),
      { effectiveDate: inceptionDate, changes: { excessDiscount: "2x" } },
    );
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.commission).toBeNull();
    const cancellation = await call<{ data: CancellationFiguresAnswer }>(
      ctx.app,
      broker.cookie,
      "POST",
      policyUrl(policyNumber, "/cancellation/figures"),
      { effectiveDate: inceptionDate },
    );
    expect(cancellation.status, JSON.stringify(cancellation.body)).toBe(200);
    expect(cancellation.body.data.commission).toBeNull();
  });

  it("upgrades a database holding rated quotes: a firm's quotes take its rate, others none", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const loner = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const ofFirm = await createCompleteQuote(ctx.app, broker);
    const unrated = await createCompleteQuote(ctx.app, broker, { rate: false });
    const ofNoFirm = await createCompleteQuote(ctx.app, loner.cookie);
    await ctx.db.execute(sql.raw(`ALTER TABLE "quotes" DROP COLUMN "commission_rate_basis_points"`));
    await ctx.db.execute(sql.raw(`ALTER TABLE "quotes" DROP COLUMN "commission_overridden"`));
    const migration = readFileSync(`${migrationsFolder()}/0043_broker_commission.sql`, "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await ctx.db.execute(sql.raw(statement));

    const rate = async (id: string) =>
      (await ctx.db.select({ rate: quotes.commissionRateBasisPoints }).from(quotes).where(eq(quotes.id, id)))[0]?.rate;
    expect(await rate(ofFirm.id)).toBe(1500);
    expect(await rate(unrated.id)).toBeNull();
    expect(await rate(ofNoFirm.id)).toBeNull();
    const read = await call(ctx.app, broker, "GET", `/api/quotes/${ofFirm.id}`);
    expect(read.body.data.commission).toEqual(ofFirm.commission);
  });
});
