/**
 * GET /api/quotes/stats: count and premium total per status over what the caller may see.
 */
import { expect, it } from "vitest";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { call, createCompleteQuote, createQuote, patchQuote } from "./quotes-fixtures";

interface StatsBody {
  data: { total: number; byStatus: { status: string; count: number; totalPremium: string }[] };
}

describeEachDatabase("quote stats", (ctx) => {
  it("counts and totals premiums by status: a broker their own quotes, an underwriter or admin all", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    await createQuote(ctx.app, broker);
    for (let i = 0; i < 2; i++) {
      const quote = await createCompleteQuote(ctx.app, broker);
      await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    }
    const theirs = await createCompleteQuote(ctx.app, other.cookie);
    await patchQuote(ctx.app, other.cookie, theirs.id, { status: "QUOTED" });

    const own = await call<StatsBody>(ctx.app, broker, "GET", "/api/quotes/stats");
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBe(3);
    expect(own.body.data.byStatus).toHaveLength(7);
    expect(own.body.data.byStatus).toContainEqual({ status: "DRAFT", count: 1, totalPremium: "0.00" });
    // Two completed quotes at £1,173.20 each.
    expect(own.body.data.byStatus).toContainEqual({ status: "QUOTED", count: 2, totalPremium: "2346.40" });
    expect(own.body.data.byStatus).toContainEqual({ status: "ISSUED", count: 0, totalPremium: "0.00" });

    for (const role of ["UNDERWRITER", "ADMIN"] as const) {
      const all = await call<StatsBody>(ctx.app, await signIn(ctx.app, role), "GET", "/api/quotes/stats");
      expect(all.body.data.total).toBe(4);
      expect(all.body.data.byStatus).toContainEqual({ status: "QUOTED", count: 3, totalPremium: "3519.60" });
    }
  });

  it("answers 401 signed out", async () => {
    expect((await call(ctx.app, undefined, "GET", "/api/quotes/stats")).status).toBe(401);
  });
});
