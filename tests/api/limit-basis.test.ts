/**
 * The limit basis (in the aggregate, or each and every claim) and defence costs (within the limit, or in addition)
 * through the HTTP API on both databases (docs/product/rating.md "Limit basis and defence costs"): chosen with a
 * rating, priced by the version's factors, refused when unknown, carried by the options grid, the documents, the
 * policy screen, the bordereau, renewals and adjustments; a version published before they existed rates as before.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterEach, expect, it } from "vitest";
import { BORDEREAU_COLUMN_ORDER } from "../../src/domain/bordereau/bordereau";
import { todayInLondon } from "../../src/domain/format/dates";
import { DEFENCE_COSTS_MESSAGE, LIMIT_BASIS_MESSAGE } from "../../src/domain/format/limit-basis";
import type { AdjustmentFiguresAnswer, PolicyView } from "../../src/domain/quote/policy-schema";
import type { QuotationOptionsResponse } from "../../src/domain/quote/quotation-options";
import type { Quote } from "../../src/domain/quote/quote";
import { addDays } from "../../src/domain/quote/renewal";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import { ratingInputFromStoredValues } from "../../src/domain/rating/input";
import { quoteRatingInputs, ratingVersions } from "../../src/server/db/schema";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { policyUrl } from "./policies-fixtures";
import { CLEAN_PREMIUM, call, createCompleteQuote, patchQuote, rateQuote, STEP_SEVEN } from "./quotes-fixtures";

type Issues = { issues: { path: string; message: string }[] };

/**
 * The clean quote (CLEAN_PREMIUM: base £1,012.50, fee £35, IPT 12%) on each basis, by hand with the seeded
 * D/C-PI factors each-and-every 1.25 and defence costs in addition 1.15, each rounded half-up to the penny:
 *   each and every:            1,012.50 x 1.25 = 1,265.63; + 35 = 1,300.63; IPT 156.08; total 1,456.71
 *   defence costs in addition: 1,012.50 x 1.15 = 1,164.38; + 35 = 1,199.38; IPT 143.93; total 1,343.31
 *   both:                      1,265.63 x 1.15 = 1,455.47; + 35 = 1,490.47; IPT 178.86; total 1,669.33
 */
const EACH_AND_EVERY_TOTAL = "1456.71";
const IN_ADDITION_TOTAL = "1343.31";
const BOTH_TOTAL = "1669.33";
const BOTH_BASE = "1455.47";

describeEachDatabase("limit basis and defence costs", (ctx) => {
  afterEach(() => ctx.clock.reset());

  const options = async (cookie: string, id: string, query = "") => {
    const answer = await call<{ data: QuotationOptionsResponse }>(
      ctx.app,
      cookie,
      "GET",
      `/api/quotes/${id}/options${query}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const cellAt = (grid: QuotationOptionsResponse, coverLimit: number) =>
    grid.cells.find((cell) => cell.coverLimit === coverLimit && cell.excess === "standard");

  it("prices each choice with the configured factor, keeps it when a rating leaves it out, and shows its line", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    expect(quote).toMatchObject({ limitBasis: "AGGREGATE", defenceCosts: "INCLUSIVE", totalPremium: "1173.20" });

    const each = await rateQuote(ctx.app, broker, quote.id, { ...STEP_SEVEN, limitBasis: "EACH_AND_EVERY" });
    expect(each.breakdown.totalPremium).toBe(EACH_AND_EVERY_TOTAL);
    expect(each.quote).toMatchObject({ limitBasis: "EACH_AND_EVERY", defenceCosts: "INCLUSIVE" });
    expect(each.trace).toContainEqual({
      kind: "limitBasis",
      name: "limitBasis",
      matched: "EACH_AND_EVERY",
      multiplier: 1.25,
    });

    const both = await rateQuote(ctx.app, broker, quote.id, { defenceCosts: "IN_ADDITION" });
    expect(both.breakdown).toMatchObject({ basePremium: BOTH_BASE, totalPremium: BOTH_TOTAL });
    // A rating that names neither keeps the quote's own.
    const kept = await rateQuote(ctx.app, broker, quote.id, STEP_SEVEN);
    expect(kept.breakdown.totalPremium).toBe(BOTH_TOTAL);
    expect(kept.quote).toMatchObject({ limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" });

    const inAddition = await rateQuote(ctx.app, broker, quote.id, { limitBasis: "AGGREGATE" });
    expect(inAddition.breakdown.totalPremium).toBe(IN_ADDITION_TOTAL);
    const back = await rateQuote(ctx.app, broker, quote.id, { defenceCosts: "INCLUSIVE" });
    expect(back.breakdown).toEqual(CLEAN_PREMIUM);
    expect(back.trace.map((line) => line.kind)).not.toContain("limitBasis");

    const read = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(read.body.data).toMatchObject({ limitBasis: "AGGREGATE", defenceCosts: "INCLUSIVE" });

    // The impact analysis's compact inputs (kept by the database) carry the choice, so a draft is measured on it.
    await rateQuote(ctx.app, broker, quote.id, { limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" });
    const [stored] = await ctx.db.select().from(quoteRatingInputs).where(eq(quoteRatingInputs.quoteId, quote.id));
    expect(ratingInputFromStoredValues(JSON.parse(stored?.inputs ?? "[]"))).toMatchObject({
      limitBasis: "EACH_AND_EVERY",
      defenceCosts: "IN_ADDITION",
    });
  });

  it("refuses an unknown basis or defence costs with the field and the domain's message", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const basis = await call<Issues>(ctx.app, broker, "POST", `/api/quotes/${quote.id}/rate`, {
      limitBasis: "PER_YEAR",
    });
    expect(basis.status).toBe(400);
    expect(basis.body.issues).toContainEqual({ path: "limitBasis", message: LIMIT_BASIS_MESSAGE });
    const costs = await call<Issues>(ctx.app, broker, "POST", `/api/quotes/${quote.id}/rate`, {
      defenceCosts: "inclusive",
    });
    expect(costs.status).toBe(400);
    expect(costs.body.issues).toContainEqual({ path: "defenceCosts", message: DEFENCE_COSTS_MESSAGE });
    const grid = await call<Issues>(ctx.app, broker, "GET", `/api/quotes/${quote.id}/options?limitBasis=SOMETIMES`);
    expect(grid.status).toBe(400);
    expect(grid.body.issues).toContainEqual({ path: "limitBasis", message: LIMIT_BASIS_MESSAGE });
    // Nothing was changed by the refused requests.
    const read = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(read.body.data).toMatchObject({ limitBasis: "AGGREGATE", version: quote.version });
  });

  it("prices the options grid on the quote's basis, or on another the broker switches to without changing the quote", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await rateQuote(ctx.app, broker, quote.id, { limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" });

    const own = await options(broker, quote.id);
    expect(own).toMatchObject({ limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" });
    expect(cellAt(own, 1_000_000)).toMatchObject({ totalPremium: BOTH_TOTAL, current: true });

    const switched = await options(broker, quote.id, "?limitBasis=AGGREGATE&defenceCosts=INCLUSIVE");
    expect(switched).toMatchObject({ limitBasis: "AGGREGATE", defenceCosts: "INCLUSIVE" });
    expect(cellAt(switched, 1_000_000)).toMatchObject({ totalPremium: CLEAN_PREMIUM.totalPremium, current: false });
    const eachOnly = await options(broker, quote.id, "?defenceCosts=INCLUSIVE");
    expect(cellAt(eachOnly, 1_000_000)?.totalPremium).toBe(EACH_AND_EVERY_TOTAL);

    const read = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(read.body.data).toMatchObject({ limitBasis: "EACH_AND_EVERY", totalPremium: BOTH_TOTAL });
  });

  it("prints them on the documents, the policy screen and the bordereau; a renewal and an adjustment keep them", async () => {
    const broker = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const inceptionDate = addDays(todayInLondon(ctx.clock.now()), 10);
    const quote = await createCompleteQuote(ctx.app, broker.cookie, { stepOne: { inceptionDate } });
    await rateQuote(ctx.app, broker.cookie, quote.id, { limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" });
    await patchQuote(ctx.app, broker.cookie, quote.id, { status: "QUOTED" });

    const statement = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${quote.id}/statement-of-fact?quotationOptions=true`,
      headers: { cookie: broker.cookie },
    });
    expect(statement.statusCode).toBe(200);
    const stated = pdfText(statement.rawPayload);
    expect(stated).toContain("Limit of indemnity £1,000,000 each and every claim, defence costs in addition");
    expect(stated).toContain("each limit each and every claim, defence costs in addition");

    const issued = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const policy = issued.body.data;
    expect(policy).toMatchObject({
      limitBasis: "EACH_AND_EVERY",
      defenceCosts: "IN_ADDITION",
      totalPremium: BOTH_TOTAL,
    });
    const policyNumber = policy.policyNumber ?? "";

    const schedule = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${quote.id}/policy-schedule`,
      headers: { cookie: broker.cookie },
    });
    expect(schedule.statusCode).toBe(200);
    const printed = pdfText(schedule.rawPayload);
    expect(printed).toContain("Limit of indemnity £1,000,000 each and every claim, defence costs in addition");
    expect(printed).not.toContain("in the aggregate, including defence costs");

    const view = await call<{ data: PolicyView }>(ctx.app, broker.cookie, "GET", policyUrl(policyNumber));
    expect(view.body.data.cover).toMatchObject({ limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" });

    // The bordereau of this month: the CRS columns as they were, and the two new ones.
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const month = todayInLondon(ctx.clock.now()).slice(0, 7);
    const csv = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau?month=${month}`,
      headers: { cookie: underwriter },
    });
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(
      rows[0]?.slice(BORDEREAU_COLUMN_ORDER.indexOf("excess"), BORDEREAU_COLUMN_ORDER.indexOf("excess") + 3),
    ).toEqual(["Excess", "Limit Basis", "Defence Costs"]);
    const line = rows.find((row) => row[BORDEREAU_COLUMN_ORDER.indexOf("quoteReference")] === policy.reference);
    expect(line?.[BORDEREAU_COLUMN_ORDER.indexOf("limitBasis")]).toBe("Each and every claim");
    expect(line?.[BORDEREAU_COLUMN_ORDER.indexOf("defenceCosts")]).toBe("In addition");
    const xlsx = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau?month=${month}&format=xlsx`,
      headers: { cookie: underwriter },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as Parameters<ExcelJS.Xlsx["load"]>[0]);
    const sheet = workbook.worksheets[0];
    const sheetRows = (sheet?.getSheetValues() ?? []).filter(Array.isArray) as unknown[][];
    const sheetLine = sheetRows.find(
      (row) => row[BORDEREAU_COLUMN_ORDER.indexOf("quoteReference") + 1] === policy.reference,
    );
    expect(sheetLine?.[BORDEREAU_COLUMN_ORDER.indexOf("limitBasis") + 1]).toBe("Each and every claim");
    expect(sheetLine?.[BORDEREAU_COLUMN_ORDER.indexOf("defenceCosts") + 1]).toBe("In addition");

    // An adjustment rates the policy on its own basis: the premium before is the one it was issued at.
    const figures = await call<{ data: AdjustmentFiguresAnswer }>(
      ctx.app,
      broker.cookie,
      "POST",
      policyUrl(policyNumber, "/adjustments/figures"),
      { effectiveDate: addDays(inceptionDate, 30), changes: { excessDiscount: "2x" } },
    );
    expect(figures.status, JSON.stringify(figures.body)).toBe(200);
    expect(figures.body.data.annualBefore).toBe(policy.basePremium);
    const adjusted = await call<{ data: PolicyView }>(
      ctx.app,
      broker.cookie,
      "POST",
      policyUrl(policyNumber, "/adjustments"),
      {
        effectiveDate: addDays(inceptionDate, 30),
        changes: { excessDiscount: "2x" },
        expectedVersion: view.body.data.version,
      },
    );
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
    expect(adjusted.body.data.cover).toMatchObject({
      excessOption: "2x",
      limitBasis: "EACH_AND_EVERY",
      defenceCosts: "IN_ADDITION",
    });

    const renewed = await call<{ data: Quote }>(ctx.app, underwriter, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    expect(renewed.body.data).toMatchObject({ limitBasis: "EACH_AND_EVERY", defenceCosts: "IN_ADDITION" });
    expect(renewed.body.data.ratingTrace.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(["limitBasis", "defenceCosts"]),
    );
  });
});

describeEachDatabase("a rating version published before the limit basis could be chosen", (ctx) => {
  it("rates every basis and defence costs exactly as before: its configuration is left as it was", async () => {
    // The D/C-PI version as a database seeded before this change holds it: neither factor key.
    const { limitBasisFactors: _basis, defenceCostsFactors: _costs, ...before } = DC_PI_RATING_CONFIG;
    await ctx.db.update(ratingVersions).set({ json: before }).where(eq(ratingVersions.productCode, "D/C-PI"));
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    expect(quote.totalPremium).toBe(CLEAN_PREMIUM.totalPremium);
    const both = await rateQuote(ctx.app, broker, quote.id, {
      limitBasis: "EACH_AND_EVERY",
      defenceCosts: "IN_ADDITION",
    });
    expect(both.breakdown).toEqual(CLEAN_PREMIUM);
    expect(both.trace.filter((line) => line.kind === "limitBasis" || line.kind === "defenceCosts")).toEqual([
      { kind: "limitBasis", name: "limitBasis", matched: "EACH_AND_EVERY", multiplier: 1 },
      { kind: "defenceCosts", name: "defenceCosts", matched: "IN_ADDITION", multiplier: 1 },
    ]);
    const [stored] = await ctx.db.select().from(ratingVersions).where(eq(ratingVersions.productCode, "D/C-PI"));
    expect(stored?.json).toEqual(before);
  });
});
