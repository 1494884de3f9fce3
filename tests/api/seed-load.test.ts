/**
 * The load generator's book must be one the product can serve: every generated quote listed and opened
 * through the API as a stored quote is, and counted in the management information, or the dashboard and its
 * scale measurements fail on it.
 */
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { ensureLoadBrokers, loadQuotes } from "../../scripts/seed-load";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";

const LOADED = 60;

describeEachDatabase("generated book", (ctx) => {
  beforeAll(async () => {
    const result = await ctx.db.execute(sql`select id from users where role = 'UNDERWRITER' limit 1`);
    const [underwriter] = (result as unknown as { rows: { id: string }[] }).rows;
    const brokers = await ensureLoadBrokers(ctx.db, 2);
    await loadQuotes(ctx.database, {
      count: LOADED,
      brokers,
      underwriterId: underwriter?.id ?? "",
      now: ctx.clock.now(),
      batchSize: 25,
      profileCount: 20,
    });
  }, 180_000);

  it("lists and opens every generated quote", async () => {
    const cookie = await signIn(ctx.app, "UNDERWRITER");
    const list = await ctx.app.inject({ method: "GET", url: "/api/quotes?pageSize=100", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const { data, meta } = list.json() as { data: { quote: { id: string } }[]; meta: { total: number } };
    expect(meta.total).toBeGreaterThanOrEqual(LOADED);
    for (const item of data) {
      const opened = await ctx.app.inject({ method: "GET", url: `/api/quotes/${item.quote.id}`, headers: { cookie } });
      expect(opened.statusCode).toBe(200);
    }
  });

  it("counts every generated quote and policy in the management information totals as it writes them", async () => {
    const counted = await ctx.db.execute(sql`
      select
        (select count(*)::int from quotes) as quotes,
        (select coalesce(sum(events), 0)::int from mi_totals where measure = 'CREATED') as created,
        (select count(*)::int from policy_transactions) as transactions,
        (select coalesce(sum(events), 0)::int from mi_totals
          where measure in ('NEW_BUSINESS', 'RENEWAL', 'ADJUSTMENT', 'CANCELLATION')) as counted_transactions`);
    const [row] = (counted as unknown as { rows: Record<string, number>[] }).rows;
    expect(row?.created).toBe(row?.quotes);
    expect(row?.counted_transactions).toBe(row?.transactions);
    expect(row?.quotes).toBeGreaterThanOrEqual(LOADED);
  });
});
