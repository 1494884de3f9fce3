/**
 * GET /api/quotes/{id}/options (docs/product/rating.md "Quotation options"): the stored quote priced at every
 * cover limit by excess option in one call, each cell the rating the quote would get with that choice.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { auditEntries } from "../support/audit";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import {
  CONTRACTS,
  call,
  createCompleteQuote,
  createQuote,
  FINANCIAL_OVERVIEW,
  patchQuote,
  rateQuote,
} from "./quotes-fixtures";

interface OptionsResponse {
  data: {
    ratingVersionId: string;
    coverLimits: number[];
    excessOptions: string[];
    cells: {
      coverLimit: number;
      excess: "standard" | "2x" | "5x";
      excessAmount: number;
      basePremium: string;
      totalPremium: string;
      refers: boolean;
      referralCodes: string[];
      current: boolean;
    }[];
  };
}

const workDir = mkdtempSync(join(tmpdir(), "pqe-options-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The PDF's text as a reader would copy it (poppler's pdftotext), line breaks flattened. */
function pdfText(pdf: Buffer): string {
  const file = join(workDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describeEachDatabase("quotation options", (ctx) => {
  it("prices five cover limits by three excess options, each cell equal to rating the quote with that choice", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const before = await call<OptionsResponse>(ctx.app, broker, "GET", `/api/quotes/${quote.id}/options`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const grid = before.body.data;
    expect(grid.ratingVersionId).toBe(quote.ratingVersionId);
    expect(grid.coverLimits).toEqual([250_000, 500_000, 1_000_000, 2_000_000, 5_000_000]);
    expect(grid.excessOptions).toEqual(["standard", "2x", "5x"]);
    expect(grid.cells).toHaveLength(15);
    // The quote is rated at £1,000,000 with the standard excess: that cell is marked and holds its premium.
    expect(grid.cells.filter((cell) => cell.current)).toEqual([
      expect.objectContaining({ coverLimit: 1_000_000, excess: "standard", totalPremium: "1173.20" }),
    ]);
    // Only a limit above £2,000,000 refers on this quote.
    expect(grid.cells.filter((cell) => cell.refers).map((cell) => cell.coverLimit)).toEqual([
      5_000_000, 5_000_000, 5_000_000,
    ]);
    expect(grid.cells.find((cell) => cell.refers)?.referralCodes).toEqual(["COVER_LIMIT_ABOVE_2M"]);

    // Reading the options writes nothing: the quote keeps its version and no audit entry is made.
    const unchanged = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(unchanged.body.data.version).toBe(quote.version);

    for (const cell of grid.cells) {
      const rated = await rateQuote(ctx.app, broker, quote.id, {
        turnoverBand: "500k_to_1m",
        risk: { coverLimitAggregate: cell.coverLimit, excessDiscount: cell.excess },
      });
      expect({ cell: [cell.coverLimit, cell.excess], total: rated.breakdown.totalPremium }).toEqual({
        cell: [cell.coverLimit, cell.excess],
        total: cell.totalPremium,
      });
      expect(rated.breakdown.basePremium).toBe(cell.basePremium);
      expect(rated.referralHits.map((hit) => hit.code)).toEqual(cell.referralCodes);
    }
    // After rating the last cell (5,000,000 with 5x), the grid marks that one as the quote's choice.
    const after = await call<OptionsResponse>(ctx.app, broker, "GET", `/api/quotes/${quote.id}/options`);
    expect(after.body.data.cells.filter((cell) => cell.current).map((c) => [c.coverLimit, c.excess])).toEqual([
      [5_000_000, "5x"],
    ]);
    expect((await auditEntries(ctx.db, { action: "rated", entityId: quote.id })).length).toBe(16);
  });

  it("answers 409 naming the answers a quote still needs before it can be priced", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}/options`;
    const empty = await call(ctx.app, broker, "GET", url);
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({
      code: "QUOTE_INCOMPLETE",
      error:
        "Quotation options cannot be priced until the quote can be rated. Missing: turnover, largest single project value, contracts and declaration.",
    });
    await patchQuote(ctx.app, broker, quote.id, { financialOverview: FINANCIAL_OVERVIEW });
    await patchQuote(ctx.app, broker, quote.id, { contracts: CONTRACTS });
    const partial = await call(ctx.app, broker, "GET", url);
    expect(partial.status).toBe(409);
    expect(partial.body).toMatchObject({
      error: "Quotation options cannot be priced until the quote can be rated. Missing: declaration.",
    });
  });

  it("is open to whoever may read the quote: its broker, underwriters and administrators", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}/options`;
    expect((await call(ctx.app, undefined, "GET", url)).status).toBe(401);
    expect((await call(ctx.app, await signIn(ctx.app, "UNDERWRITER"), "GET", url)).status).toBe(200);
    expect((await call(ctx.app, await signIn(ctx.app, "ADMIN"), "GET", url)).status).toBe(200);
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    expect((await call(ctx.app, other.cookie, "GET", url)).status).toBe(403);
    expect(
      (await call(ctx.app, broker, "GET", "/api/quotes/00000000-0000-4000-8000-000000000000/options")).status,
    ).toBe(404);
  });

  it("keeps an active premium override's base in every cell, as a rating does", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await patchQuote(ctx.app, broker, quote.id, { basePremium: "900.00", taxes: "1.00", totalPremium: "2.00" });
    const grid = await call<OptionsResponse>(ctx.app, broker, "GET", `/api/quotes/${quote.id}/options`);
    expect(new Set(grid.body.data.cells.map((cell) => cell.basePremium))).toEqual(new Set(["900.00"]));
  });

  it("prints them in the statement of fact only when asked", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const download = async (query: string) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/quotes/${quote.id}/statement-of-fact${query}`,
        headers: { cookie: broker },
      });
      expect(response.statusCode, response.body).toBe(200);
      return pdfText(response.rawPayload);
    };
    const plain = await download("");
    expect(plain).not.toContain("Quotation options");
    const withOptions = await download("?quotationOptions=true");
    expect(withOptions).toContain("Quotation options");
    expect(withOptions).toContain("£1,173.20 (excess £1,500) requested");
    expect(withOptions).toMatch(/£5,000,000 £[\d,]+\.\d\d \(excess £2,500\) refers/);
    const refused = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${quote.id}/statement-of-fact?quotationOptions=maybe`,
      headers: { cookie: broker },
    });
    expect(refused.statusCode).toBe(400);
  });
});
