/**
 * The dashboard search's index (ADR 0024): the database keeps each quote's lower-cased search_text in step
 * with its fields and its broker's name and e-mail, and the search query is answered from the one trigram
 * index. (The search semantics themselves are pinned in quotes-search.test.ts.)
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { QuoteListResponse } from "../../src/domain/quote/quote";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { call, createQuote, patchQuote, STEP_ONE } from "./quotes-fixtures";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describeEachDatabase("quote search index", (ctx) => {
  const search = async (cookie: string, q: string) =>
    (await call<QuoteListResponse>(ctx.app, cookie, "GET", `/api/quotes?q=${encodeURIComponent(q)}`)).body;

  it("finds a quote by its broker's new name once the broker is renamed", async () => {
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const broker = await signInNewUser(ctx.app, ctx.db, "BROKER", {
      name: "Rowena Fairclough",
      email: "rowena@brokers.example",
    });
    const quote = await createQuote(ctx.app, broker.cookie, { proposerName: "Kestrel Roofing Ltd" });
    expect((await search(underwriter, "fairclough")).data.map((item) => item.quote.id)).toEqual([quote.id]);

    await ctx.db.execute(
      sql`update users set name = 'Rowena Blackwood', email = 'rowena.b@brokers.example' where id = ${broker.user.id}`,
    );
    expect((await search(underwriter, "fairclough")).meta.total).toBe(0);
    expect((await search(underwriter, "BLACKWOOD")).data.map((item) => item.quote.id)).toEqual([quote.id]);
    expect((await search(underwriter, "rowena.b@")).data.map((item) => item.quote.id)).toEqual([quote.id]);
  });

  it("follows a changed company name, and recomputes a search_text written directly", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker, { proposerName: "Osprey Joinery Ltd" });
    const { basePremium, taxes, fees, totalPremium, ...stepOne } = STEP_ONE;
    await patchQuote(ctx.app, broker, quote.id, { ...stepOne, proposerName: "Merlin Joinery Ltd" });
    expect((await search(broker, "osprey")).meta.total).toBe(0);
    expect((await search(broker, "merlin joinery")).data.map((item) => item.quote.id)).toEqual([quote.id]);

    await ctx.db.execute(sql`update quotes set search_text = 'forged' where id = ${quote.id}`);
    const [row] = rowsOf<{ search_text: string }>(
      await ctx.db.execute(sql`select search_text from quotes where id = ${quote.id}`),
    );
    expect(row?.search_text).toContain("merlin joinery ltd");
    expect(row?.search_text).not.toContain("forged");
  });

  it("keeps one field per line, so a match never spans two fields", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker, { proposerName: "Heron Build Ltd" });
    const [row] = rowsOf<{ search_text: string }>(
      await ctx.db.execute(sql`select search_text from quotes where id = ${quote.id}`),
    );
    expect(row?.search_text.split("\n")).toEqual([
      quote.reference.toLowerCase(),
      "heron build ltd",
      "broker@example.com",
      "d/c-pi",
      "design and construct professional indemnity",
      "ben broker",
      "broker@example.com",
    ]);
    // "ltd" + line break + the e-mail would only match across fields.
    expect((await search(broker, "ltd broker@")).meta.total).toBe(0);
  });

  it("answers a search from the trigram index and a first page from the page-order index", async () => {
    const plan = async (query: string) => {
      // With sequential scans priced out, the plan shows which index can serve the query at all.
      const lines = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain ${query}`)));
      });
      return lines.map((line) => Object.values(line)[0]).join("\n");
    };
    expect(await plan("select id from quotes where search_text like '%joinery%' or status in ('QUOTED')")).toContain(
      "quotes_search_text_trgm_idx",
    );
    expect(await plan("select id from quotes order by updated_at desc, id desc limit 25")).toContain(
      "quotes_updated_at_id_idx",
    );
  });
});
