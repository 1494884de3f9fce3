/**
 * Management information (docs/product/mi.md), through the HTTP API on both databases: every figure equals what
 * the book holds (policy transactions, quotes, referrals and decisions), also after an adjustment and a
 * cancellation; the maintained totals equal the totals counted afresh from the book; brokers see the quotes they
 * act for and firm leads their firm's; a reversed range, a malformed month and another firm are refused.
 */
import { sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { decisionBucketOf, decisionBucketUpperMinutes } from "../../src/domain/mi/decision-times";
import type { MiTable } from "../../src/domain/mi/mi";
import { parseMoneyString } from "../../src/domain/money";
import type { PolicyView } from "../../src/domain/quote/policy-schema";
import { addDays } from "../../src/domain/quote/renewal";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { issuedPolicy, policyUrl } from "./policies-fixtures";
import { call, createCompleteQuote, MATERIAL_FACT_DECLARATION, rateQuote } from "./quotes-fixtures";

type MiAnswer = { data: MiTable & { from: string; to: string } };
const MONTH = "2026-11";
const pence = (money: string | null | undefined) => parseMoneyString(money ?? "") ?? Number.NaN;

/** The chart's row for MONTH. */
const monthRow = (table: MiTable) => table.rows.find((row) => row.month === MONTH);

let nextFcaReference = 700_000;

describeEachDatabase("management information", (ctx) => {
  afterEach(() => ctx.clock.reset());

  const chart = async (cookie: string, name: string, query = `from=${MONTH}&to=${MONTH}`) => {
    const answer = await call<MiAnswer>(ctx.app, cookie, "GET", `/api/mi/${name}?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  /** A broker's policy, adjusted (a higher excess returns premium) and then cancelled. */
  async function adjustedAndCancelledPolicy() {
    const issued = await issuedPolicy(ctx);
    const { broker, policyNumber, inceptionDate } = issued;
    const view = async () =>
      (await call<{ data: PolicyView }>(ctx.app, broker.cookie, "GET", policyUrl(policyNumber))).body.data;
    const adjusted = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/adjustments"), {
      effectiveDate: addDays(inceptionDate, 100),
      changes: { excessDiscount: "2x" },
      expectedVersion: (await view()).version,
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
    const cancelled = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/cancellation"), {
      effectiveDate: addDays(inceptionDate, 150),
      reason: "The insured has sold the business",
      expectedVersion: (await view()).version,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
    return { ...issued, transactions: (await view()).transactions };
  }

  /** Sums of the book's policy transactions in MONTH, by kind, straight from the table. */
  async function bookPremium(): Promise<Record<string, number>> {
    const answer = await ctx.db.execute(sql`
      select kind::text as kind, sum(total_premium)::text as premium from policy_transactions
      where to_char(created_at at time zone 'Europe/London', 'YYYY-MM') = ${MONTH} group by kind`);
    const rows = (answer as unknown as { rows: { kind: string; premium: string }[] }).rows;
    return Object.fromEntries(rows.map((row) => [row.kind, Number(row.premium)]));
  }

  it("splits premium by month into new business, adjustments and cancellations exactly as the transactions hold it", async () => {
    const { broker, transactions } = await adjustedAndCancelledPolicy();
    const byKind = Object.fromEntries(transactions.map((row) => [row.kind, pence(row.totalPremium)]));
    expect(byKind.ADJUSTMENT).toBeLessThan(0);
    expect(byKind.CANCELLATION).toBeLessThan(0);

    const own = monthRow(await chart(broker.cookie, "premium"));
    expect(own).toEqual({
      month: MONTH,
      newBusiness: byKind.NEW_BUSINESS,
      renewals: 0,
      adjustments: byKind.ADJUSTMENT,
      cancellations: byKind.CANCELLATION,
      total: Object.values(byKind).reduce((sum, n) => sum + (n ?? 0), 0),
    });

    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const book = await bookPremium();
    const whole = await chart(underwriter, "premium");
    expect(monthRow(whole)).toMatchObject({
      newBusiness: book.NEW_BUSINESS ?? 0,
      renewals: book.RENEWAL ?? 0,
      adjustments: book.ADJUSTMENT ?? 0,
      cancellations: book.CANCELLATION ?? 0,
    });
    expect(whole.totals.total).toBe(Object.values(book).reduce((sum, n) => sum + n, 0));

    // The CSV is the same table: the month's line in pounds, and the totals line.
    const csv = await ctx.app.inject({
      method: "GET",
      url: `/api/mi/premium/csv?from=${MONTH}&to=${MONTH}`,
      headers: { cookie: broker.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toContain(`mi-premium-${MONTH}-to-${MONTH}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe('"Month","New business","Renewals","Adjustments","Cancellations","Gross written premium"');
    const money = (n: unknown) => (Number(n) / 100).toFixed(2);
    expect(lines[1]).toBe(
      `"${MONTH}",${money(own?.newBusiness)},0.00,${money(own?.adjustments)},${money(own?.cancellations)},${money(own?.total)}`,
    );
    expect(lines[2]?.startsWith('"Total",')).toBe(true);
  });

  it("counts quotes, referrals, decisions and the time to decide, in the month each happened", async () => {
    const broker = await signInNewUser(ctx.app, ctx.db, "BROKER");
    // Hours pass between a referral and its decision: each is made in a session of its own.
    const referredAfter = async (minutes: number, decision: Record<string, unknown>) => {
      const cookie = await signIn(ctx.app, broker.credentials);
      const quote = await createCompleteQuote(ctx.app, cookie, { declaration: MATERIAL_FACT_DECLARATION });
      await rateQuote(ctx.app, cookie, quote.id);
      expect((await call(ctx.app, cookie, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);
      ctx.clock.advance(minutes * 60_000);
      const underwriter = await signIn(ctx.app, "UNDERWRITER");
      const decided = await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, decision);
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    };
    await referredAfter(30, { decision: "APPROVED", uwNote: "Fine" });
    await referredAfter(180, { decision: "COUNTER", adjustmentMultiplier: 1.1 });
    await referredAfter(600, { decision: "DECLINED", uwNote: "Outside appetite" });
    const cookie = await signIn(ctx.app, broker.credentials);
    await createCompleteQuote(ctx.app, cookie);

    const quotes = monthRow(await chart(cookie, "quotes"));
    expect(quotes).toEqual({ month: MONTH, created: 4, bound: 0, referred: 3, quoteToBind: 0, referralRate: 0.75 });
    const decisions = await chart(cookie, "decisions");
    const upper = (minutes: number) => decisionBucketUpperMinutes(decisionBucketOf(minutes));
    expect(monthRow(decisions)).toEqual({
      month: MONTH,
      approved: 1,
      declined: 1,
      counter: 1,
      medianMinutes: upper(180),
      p90Minutes: upper(600),
    });
    // The bucket holds the wait to within 10%.
    expect(upper(600)).toBeGreaterThanOrEqual(600);
    expect(upper(600)).toBeLessThanOrEqual(660);
  });

  it("keeps the totals equal to the totals counted afresh from the book", async () => {
    await adjustedAndCancelledPolicy();
    const snapshot = async () =>
      (
        (await ctx.db.execute(sql`
          select 'totals' as t, month::text, coalesce(firm_id::text, '') as firm, broker_id::text as broker,
            coalesce(turnover_band, '') as band, measure as key, events::text as n, premium::text as amount
          from mi_totals where events <> 0 or premium <> 0
          union all
          select 'times', month::text, coalesce(firm_id::text, ''), broker_id::text, '', bucket::text,
            decisions::text, '0' from mi_decision_times where decisions <> 0
          order by 1, 2, 3, 4, 5, 6`)) as unknown as { rows: unknown[] }
      ).rows;
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(0);
    await ctx.db.execute(sql`select mi_rebuild()`);
    expect(await snapshot()).toEqual(kept);
  });

  it("shows a broker the quotes they act for: their own, and a firm lead the firm's; underwriters filter by firm", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    nextFcaReference += 1;
    const firm = await call<{ data: { id: string; name: string } }>(ctx.app, admin, "POST", "/api/firms", {
      name: `Meridian Brokers ${nextFcaReference}`,
      fcaReference: String(nextFcaReference),
      address: "1 Dock Street, Hull",
      commissionRatePercent: 10,
    });
    expect(firm.status).toBe(201);
    const firmId = firm.body.data.id;
    const [lead, member] = [
      await signInNewUser(ctx.app, ctx.db, "BROKER"),
      await signInNewUser(ctx.app, ctx.db, "BROKER"),
    ];
    for (const [user, isFirmLead] of [
      [lead, true],
      [member, false],
    ] as const) {
      const placed = await call(ctx.app, admin, "PUT", `/api/users/${user.user.id}/firm`, { firmId, isFirmLead });
      expect(placed.status).toBe(200);
    }
    const [leadCookie, memberCookie] = [
      await signIn(ctx.app, lead.credentials),
      await signIn(ctx.app, member.credentials),
    ];
    await createCompleteQuote(ctx.app, leadCookie);
    await createCompleteQuote(ctx.app, memberCookie);
    await createCompleteQuote(ctx.app, memberCookie);

    const created = async (cookie: string, query?: string) => monthRow(await chart(cookie, "quotes", query))?.created;
    expect(await created(memberCookie)).toBe(2);
    expect(await created(leadCookie)).toBe(3);
    expect(await created(memberCookie, `from=${MONTH}&to=${MONTH}&firmId=${firmId}`)).toBe(2);
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    expect(await created(underwriter, `from=${MONTH}&to=${MONTH}&firmId=${firmId}`)).toBe(3);
    const firms = await chart(underwriter, "firms");
    expect(firms.rows.find((row) => row.firm === firm.body.data.name)).toMatchObject({ created: 3, policies: 0 });

    // Another firm's figures are not a broker's to see, whether they lead a firm or not.
    const elsewhere = "00000000-0000-4000-8000-000000000000";
    for (const cookie of [leadCookie, memberCookie]) {
      const refused = await call(ctx.app, cookie, "GET", `/api/mi/quotes?firmId=${elsewhere}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "INSUFFICIENT_PERMISSIONS" });
    }
  });

  it("refuses a reversed or too long range and a malformed month, naming the field", async () => {
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    for (const [query, path, message] of [
      ["from=2026-11&to=2026-10", "to", "The range must not end before it starts"],
      ["from=2030-01", "to", "The range must not end before it starts"],
      ["from=2020-01&to=2026-11", "to", "The range must be at most 60 months"],
      ["from=2026-13", "from", "Month must be written YYYY-MM"],
      ["to=26-11", "to", "Month must be written YYYY-MM"],
      ["firmId=nope", "firmId", "Invalid firm id"],
    ] as const) {
      const refused = await call<{ code: string; issues: { path: string; message: string }[] }>(
        ctx.app,
        underwriter,
        "GET",
        `/api/mi/premium?${query}`,
      );
      expect(refused.status, query).toBe(400);
      expect(refused.body.code).toBe("VALIDATION_FAILED");
      expect(refused.body.issues[0]).toMatchObject({ path, message });
    }
    expect((await call(ctx.app, underwriter, "GET", "/api/mi/nothing")).status).toBe(400);
  });

  it("answers a default range of the twelve months to this one, every month present", async () => {
    const table = await chart(await signIn(ctx.app, "ADMIN"), "quotes", "");
    expect(table.from).toBe("2025-12");
    expect(table.to).toBe(MONTH);
    expect(table.rows.map((row) => row.month)).toHaveLength(12);
    expect(await chart(await signIn(ctx.app, "ADMIN"), "turnover-bands", "")).toMatchObject({
      chart: "turnover-bands",
      columns: [{ key: "band" }, { key: "policies" }, { key: "premium" }],
    });
  });
});
