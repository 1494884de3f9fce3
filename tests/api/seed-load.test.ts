/**
 * The load generator's book must be one the product can serve: every generated quote listed and opened
 * through the API as a stored quote is, or the dashboard and its scale measurements fail on it.
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
});
