/**
 * One truth about the risk (docs/product/rating.md "Turnover band" and "Backdated inception"): the review shows what
 * the broker declared beside what was rated, a band below the declared turnover's is refused and a higher one is
 * recorded as the broker's choice, and an inception too far in the past refers the quote and is never bound
 * without an underwriter.
 */
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import { quotes } from "../../src/server/db/schema";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { setToday } from "./policies-fixtures";
import {
  call,
  createCompleteQuote,
  FINANCIAL_OVERVIEW,
  patchQuote,
  type RateResponse,
  rateQuote,
} from "./quotes-fixtures";

const DECLARED_850K = { ...FINANCIAL_OVERVIEW, turnover: 850_000 };
const STRUCTURAL = { insuredsDetails: { businessActivity: "Structural Engineer" } };

interface ReviewRisk {
  data: { riskAssessment: Record<string, unknown>; referralReasons: string[] };
}

describeEachDatabase("one truth about the risk", (ctx) => {
  afterEach(() => ctx.clock.reset());

  it("refuses a band below the declared turnover's with 400 on turnoverBand, and changes nothing", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { financialOverview: DECLARED_850K });
    const refused = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/rate`, {
      turnoverBand: "up_to_500k",
      expectedVersion: quote.version,
    });
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as { issues: unknown[] }).issues).toEqual([
      {
        path: "turnoverBand",
        message: "The declared turnover of £850,000 falls in £500k – £1m: choose that band or a higher one",
      },
    ]);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row?.turnoverBand).toBe("500k_to_1m");
    expect(row?.version).toBe(quote.version);
  });

  it("records a higher band as the broker's choice: rated on it, and the review says so beside the declared facts", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { financialOverview: DECLARED_850K, stepOne: STRUCTURAL });
    // £1m-£1.5m rates on £1,250,000 (factor 1.7): 750 x 1.7 = 1,275.00; + 35 = 1,310.00; IPT 157.20.
    const rated = await rateQuote(ctx.app, broker, quote.id, { turnoverBand: "1m_to_1_5m" });
    expect(rated.quote).toMatchObject({ turnoverBand: "1m_to_1_5m", basePremium: "1275.00", totalPremium: "1467.20" });
    const review = await call<ReviewRisk>(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "GET",
      `/api/uw/review/${quote.id}`,
    );
    expect(review.status).toBe(200);
    expect(review.body.data.riskAssessment).toMatchObject({
      annualTurnover: 850_000,
      declaredTurnover: 850_000,
      ratedTurnover: 1_250_000,
      turnoverBandUsed: "1m_to_1_5m",
      turnoverBandUsedLabel: "£1m – £1.5m",
      turnoverBandNote: "Rated on £1m – £1.5m, chosen by the broker (declared turnover £850,000)",
      industry: "Structural Engineer",
      ratingIndustry: "construction",
      publicLiabilityLimit: 1_000_000,
    });
  });

  it("re-rates a quote saved with a band below its declared turnover's on the declared band", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { financialOverview: DECLARED_850K });
    // As a quote saved before the refusal holds it.
    await ctx.db.update(quotes).set({ turnoverBand: "up_to_500k" }).where(eq(quotes.id, quote.id));
    const rated = await call<RateResponse>(ctx.app, broker, "POST", `/api/quotes/${quote.id}/rate`, {});
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    // £500k-£1m rates on £750,000 (factor 1.35): 1,012.50.
    expect(rated.body.data.breakdown.basePremium).toBe("1012.50");
    const review = await call<ReviewRisk>(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "GET",
      `/api/uw/review/${quote.id}`,
    );
    expect(review.body.data.riskAssessment).toMatchObject({
      ratedTurnover: 750_000,
      turnoverBandUsed: "500k_to_1m",
      turnoverBandNote: null,
    });
  });

  it("refers an inception more than 14 days before the server's today, with the date in the reason", async () => {
    setToday(ctx, "2026-12-16");
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate: "2026-12-01" } });
    const rated = await rateQuote(ctx.app, broker, quote.id);
    expect(rated.referralHits).toEqual([
      { code: "BACKDATED_INCEPTION", description: "Inception date 01/12/2026 is more than 14 days in the past" },
    ]);
    const referred = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {
      underwriterEmails: ["underwriter@example.com"],
    });
    expect(referred.status).toBe(200);
    expect(referred.body.data.referralReason).toBe("Inception date 01/12/2026 is more than 14 days in the past");
    const review = await call<ReviewRisk>(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "GET",
      `/api/uw/review/${quote.id}`,
    );
    expect(review.body.data.referralReasons).toEqual(["Inception date 01/12/2026 is more than 14 days in the past"]);

    // Fourteen days back is not yet backdated.
    setToday(ctx, "2026-12-15");
    const recent = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate: "2026-12-01" } });
    expect(recent.referralHits).toEqual([]);
  });

  it("marks every cell of the options grid as referring for a backdated inception, as rating any of them would", async () => {
    setToday(ctx, "2026-12-15");
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate: "2026-12-01" } });
    type Grid = { data: { cells: { refers: boolean; referralCodes: string[]; totalPremium: string }[] } };
    const inTime = await call<Grid>(ctx.app, broker, "GET", `/api/quotes/${quote.id}/options`);
    expect(inTime.body.data.cells.some((cell) => cell.referralCodes.includes("BACKDATED_INCEPTION"))).toBe(false);

    // A day later (and a new sign-in, the last one having idled out).
    setToday(ctx, "2026-12-16");
    const nextDay = await signIn(ctx.app, "BROKER");
    const backdated = await call<Grid>(ctx.app, nextDay, "GET", `/api/quotes/${quote.id}/options`);
    expect(backdated.status).toBe(200);
    expect(backdated.body.data.cells).toHaveLength(inTime.body.data.cells.length);
    backdated.body.data.cells.forEach((cell, index) => {
      expect(cell.refers).toBe(true);
      expect(cell.referralCodes).toContain("BACKDATED_INCEPTION");
      // The price is the same; only whether it needs an underwriter changes.
      expect(cell.totalPremium).toBe(inTime.body.data.cells[index]?.totalPremium);
    });
  });

  it("refuses with 409 to complete or issue, without an underwriter, a quote whose inception has since gone too far back", async () => {
    setToday(ctx, "2026-12-01");
    const broker = await signIn(ctx.app, "BROKER");
    const reason = "Inception date 01/12/2026 is more than 14 days in the past";
    const toComplete = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate: "2026-12-01" } });
    const toIssue = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate: "2026-12-01" } });
    expect(await patchQuote(ctx.app, broker, toIssue.id, { status: "QUOTED" })).toMatchObject({ status: "QUOTED" });

    setToday(ctx, "2026-12-20");
    const later = await signIn(ctx.app, "BROKER");
    const completed = await call(ctx.app, later, "PATCH", `/api/quotes/${toComplete.id}`, { status: "QUOTED" });
    expect(completed.status).toBe(409);
    expect(completed.body).toEqual({ code: "QUOTE_STATE_CONFLICT", error: reason });
    const issued = await call(ctx.app, later, "POST", `/api/quotes/${toIssue.id}/issue`, {});
    expect(issued.status).toBe(409);
    expect(issued.body).toEqual({ code: "QUOTE_STATE_CONFLICT", error: reason });
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, toIssue.id));
    expect(row).toMatchObject({ status: "QUOTED", policyNumber: null });
  });

  it("binds a backdated quote an underwriter approved", async () => {
    setToday(ctx, "2026-12-20");
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate: "2026-12-01" } });
    const referred = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {
      underwriterEmails: ["underwriter@example.com"],
    });
    expect(referred.status).toBe(200);
    const approved = await call(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "POST",
      `/api/quotes/${quote.id}/uw/decision`,
      {
        decision: "APPROVED",
      },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" })).toMatchObject({ status: "QUOTED" });
    const issued = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  });
});

describeEachDatabase("the backdating limit a quote is bound under", (ctx) => {
  afterEach(() => ctx.clock.reset());

  it("is the one of the rating version that priced it, not of a version published since", async () => {
    setToday(ctx, "2026-12-01");
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate: "2026-12-01" } });
    expect(await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" })).toMatchObject({ status: "QUOTED" });

    // A later version allows sixty days back for the quotes it rates; this quote was priced under fourteen.
    const admin = await signIn(ctx.app, "ADMIN");
    const created = await call<{ data: { id: string } }>(ctx.app, admin, "POST", "/api/rating/versions", {
      name: "D/C-PI with sixty days of backdating",
      json: { ...structuredClone(DC_PI_RATING_CONFIG), backdating: { maxDaysPast: 60 } },
      effectiveFrom: "2026-11-01",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const published = await call(ctx.app, admin, "POST", `/api/rating/versions/${created.body.data.id}/publish`, {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    setToday(ctx, "2026-12-20");
    const later = await signIn(ctx.app, "BROKER");
    const issued = await call(ctx.app, later, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status).toBe(409);
    expect(issued.body).toEqual({
      code: "QUOTE_STATE_CONFLICT",
      error: "Inception date 01/12/2026 is more than 14 days in the past",
    });
  });
});
