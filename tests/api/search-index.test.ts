/**
 * The dashboard search's index (ADR 0024): the database keeps each quote's lower-cased search_text in step
 * with its fields and its broker's name and e-mail, a narrow quote_search row per quote carries it with the
 * broker, status and last change (ADR 0043), and the search query is answered from the one trigram index
 * on those rows. (The search semantics themselves are pinned in quotes-search.test.ts.)
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { QuoteListResponse } from "../../src/domain/quote/quote";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { call, createCompleteQuote, createQuote, patchQuote, rateQuote, STEP_ONE, STEP_SEVEN } from "./quotes-fixtures";

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

  it("keeps one narrow search row per quote in step on insert, update, broker rename and delete", async () => {
    // Every quote has exactly one row, and it agrees with the quote on everything the list reads from it.
    const outOfStep = async () =>
      rowsOf<{ n: number }>(
        await ctx.db.execute(sql`
          select cast(count(*) as integer) as n
          from quotes q full join quote_search s on s.quote_id = q.id
          where s.quote_id is null or q.id is null or s.search_text <> q.search_text or s.status <> q.status
            or s.broker_id <> q.broker_id or s.updated_at <> q.updated_at`),
      )[0]?.n;
    const searchRow = async (id: string) =>
      rowsOf<{ search_text: string; status: string }>(
        await ctx.db.execute(sql`select search_text, status from quote_search where quote_id = ${id}`),
      );

    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const broker = await signInNewUser(ctx.app, ctx.db, "BROKER", {
      name: "Tamsin Ellery",
      email: "tamsin@brokers.example",
    });
    const quote = await createQuote(ctx.app, broker.cookie, { proposerName: "Plover Glazing Ltd" });
    expect((await searchRow(quote.id))[0]?.search_text).toContain("plover glazing ltd");
    expect(await outOfStep()).toBe(0);

    const { basePremium, taxes, fees, totalPremium, ...stepOne } = STEP_ONE;
    await patchQuote(ctx.app, broker.cookie, quote.id, { ...stepOne, proposerName: "Dunlin Glazing Ltd" });
    expect((await searchRow(quote.id))[0]?.search_text).toContain("dunlin glazing ltd");
    expect((await search(underwriter, "plover glazing")).meta.total).toBe(0);
    expect((await search(underwriter, "dunlin glazing")).data.map((item) => item.quote.id)).toEqual([quote.id]);
    expect(await outOfStep()).toBe(0);

    await ctx.db.execute(sql`update quotes set status = 'REFERRED' where id = ${quote.id}`);
    expect((await searchRow(quote.id))[0]?.status).toBe("REFERRED");
    await ctx.db.execute(sql`update users set name = 'Tamsin Fairweather' where id = ${broker.user.id}`);
    expect((await searchRow(quote.id))[0]?.search_text).toContain("tamsin fairweather");
    expect((await search(underwriter, "fairweather")).data.map((item) => item.quote.id)).toEqual([quote.id]);
    expect(await outOfStep()).toBe(0);

    await ctx.db.execute(sql`delete from quotes where id = ${quote.id}`);
    expect(await searchRow(quote.id)).toEqual([]);
    expect((await search(underwriter, "dunlin glazing")).meta.total).toBe(0);
    expect(await outOfStep()).toBe(0);
  });

  it("keeps the per-broker, per-status counts and premiums exact on insert, rating, status and broker change, delete", async () => {
    // The counters agree with a count over the quotes for every broker and status.
    const countsDisagree = async () =>
      rowsOf<{ n: number }>(
        await ctx.db.execute(sql`
          select cast(count(*) as integer) as n
          from (
            select broker_id, status, cast(count(*) as integer) as quotes,
              cast(coalesce(sum(total_premium), 0) as bigint) as total_premium
            from quotes group by 1, 2
          ) counted
          full join (select * from quote_counts where quotes <> 0 or total_premium <> 0) kept using (broker_id, status)
          where counted.quotes is distinct from kept.quotes or counted.total_premium is distinct from kept.total_premium`),
      )[0]?.n;
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const broker = await signInNewUser(ctx.app, ctx.db, "BROKER", {
      name: "Idris Penhale",
      email: "idris@brokers.example",
    });
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER", {
      name: "Nia Trevelyan",
      email: "nia@brokers.example",
    });
    const list = async (cookie: string, query: string) =>
      (await call<QuoteListResponse>(ctx.app, cookie, "GET", `/api/quotes${query}`)).body.meta.total;

    const first = await createQuote(ctx.app, broker.cookie, { proposerName: "Curlew Masonry Ltd" });
    const second = await createQuote(ctx.app, broker.cookie, { proposerName: "Whimbrel Masonry Ltd" });
    expect(await list(broker.cookie, "")).toBe(2);
    expect(await list(broker.cookie, "?status=DRAFT")).toBe(2);
    expect(await countsDisagree()).toBe(0);

    // A rating changes a quote's premium: made by a broker of its own, as the rated quote stays (its receipts do).
    const rater = await signInNewUser(ctx.app, ctx.db, "BROKER", { name: "Rhea Rater" });
    const rated = await createCompleteQuote(ctx.app, rater.cookie);
    expect(await countsDisagree()).toBe(0);
    await rateQuote(ctx.app, rater.cookie, rated.id, { ...STEP_SEVEN, turnoverBand: "1m_to_1_5m" });
    expect(await countsDisagree()).toBe(0);
    // A quote with a premium deleted (the product deletes none, and a rated one keeps its receipts for good): a
    // premium set on an unrated quote stands in for a rating here.
    const priced = await createQuote(ctx.app, broker.cookie, { proposerName: "Dunlin Masonry Ltd" });
    await ctx.db.execute(sql`update quotes set total_premium = 123456, status = 'QUOTED' where id = ${priced.id}`);
    expect(await countsDisagree()).toBe(0);
    await ctx.db.execute(sql`delete from quotes where id = ${priced.id}`);
    expect(await countsDisagree()).toBe(0);

    await ctx.db.execute(sql`update quotes set status = 'REFERRED' where id = ${first.id}`);
    expect(await list(broker.cookie, "?status=DRAFT")).toBe(1);
    expect(await list(broker.cookie, "?status=REFERRED")).toBe(1);
    await ctx.db.execute(sql`update quotes set broker_id = ${other.user.id} where id = ${second.id}`);
    expect(await list(broker.cookie, "")).toBe(1);
    expect(await list(other.cookie, "")).toBe(1);
    expect(await countsDisagree()).toBe(0);

    const everyone = await list(underwriter, "");
    await ctx.db.execute(sql`delete from quotes where id in (${first.id}, ${second.id})`);
    expect(await list(underwriter, "")).toBe(everyone - 2);
    expect(await list(broker.cookie, "")).toBe(0);
    expect(await countsDisagree()).toBe(0);
  });

  it("answers a search from the narrow rows' trigram index and a page from their page-order indexes", async () => {
    const plan = async (query: string) => {
      // With sequential scans priced out, the plan shows which index can serve the query at all.
      const lines = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain ${query}`)));
      });
      return lines.map((line) => Object.values(line)[0]).join("\n");
    };
    expect(
      await plan("select quote_id from quote_search where search_text like '%joinery%' or status in ('QUOTED')"),
    ).toContain("quote_search_text_trgm_idx");
    expect(await plan("select quote_id from quote_search order by updated_at desc, quote_id desc limit 25")).toContain(
      "quote_search_updated_at_idx",
    );
    expect(
      await plan(
        "select quote_id from quote_search where broker_id = '00000000-0000-0000-0000-000000000000' order by updated_at desc, quote_id desc limit 25",
      ),
    ).toContain("quote_search_broker_updated_at_idx");
  });
});
