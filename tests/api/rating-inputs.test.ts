/**
 * The narrow table of rating inputs the impact analysis reads (ADR 0037): the database writes each quote's row
 * with its rating, and the row must always say what the quote's stored rating input says, through rating,
 * re-rating, reopening and a cleared rating.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  defaultRatingInput,
  RATING_INPUT_FIELDS,
  RATING_INPUT_STORED_ORDER,
  ratingInputFromStoredValues,
} from "../../src/domain/rating/input";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { createCompleteQuote, MATERIAL_FACT_DECLARATION, patchQuote, rateQuote } from "./quotes-fixtures";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function parsed<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

describeEachDatabase("rating inputs kept beside each rated quote", (ctx) => {
  /** The quote's stored rating and its narrow row, read together. */
  async function readBoth(quoteId: string) {
    const [quote] = rowsOf<{
      input: Record<string, unknown> | string | null;
      rating_version_id: string | null;
      rated_at: string | null;
      reference: string;
      product_code: string;
      status: string;
    }>(
      await ctx.db.execute(sql`
        select rating_result -> 'input' as input, rating_version_id, rated_at::text as rated_at, reference,
               product_code, status
        from quotes where id = ${quoteId}`),
    );
    const narrow = rowsOf<{
      rating_version_id: string;
      rated_at: string;
      reference: string;
      product_code: string;
      inputs: string;
    }>(
      await ctx.db.execute(sql`
        select rating_version_id, rated_at::text as rated_at, reference, product_code, inputs
        from quote_rating_inputs where quote_id = ${quoteId}`),
    );
    if (!quote) throw new Error("quote missing");
    return { quote, narrow };
  }

  async function expectRowMatchesRating(quoteId: string) {
    const { quote, narrow } = await readBoth(quoteId);
    expect(quote.input).not.toBeNull();
    expect(narrow).toHaveLength(1);
    const [row] = narrow;
    expect(row).toMatchObject({
      rating_version_id: quote.rating_version_id,
      rated_at: quote.rated_at,
      reference: quote.reference,
      product_code: quote.product_code,
    });
    const stored = parsed(quote.input) as Record<string, unknown>;
    // The stored input is complete, so the compact array decodes to exactly it.
    expect(Object.keys(stored).sort()).toEqual(Object.keys(RATING_INPUT_FIELDS).sort());
    expect(ratingInputFromStoredValues(JSON.parse(row?.inputs ?? "[]") as unknown[])).toEqual(stored);
    return { quote, row };
  }

  it("holds each field at the position the domain gives it, every field once", async () => {
    expect([...RATING_INPUT_STORED_ORDER].sort()).toEqual(Object.keys(RATING_INPUT_FIELDS).sort());
    // Each field's value is its own name: the array the database builds must read like the domain's order.
    const named = Object.fromEntries(RATING_INPUT_STORED_ORDER.map((field) => [field, field]));
    const [built] = rowsOf<{ values: string }>(
      await ctx.db.execute(sql`select quote_rating_input_values(${JSON.stringify(named)}::jsonb) as values`),
    );
    expect(JSON.parse(built?.values ?? "[]")).toEqual([...RATING_INPUT_STORED_ORDER]);
    // A field missing from a stored input (added to the engine since) takes its default.
    const [partial] = rowsOf<{ values: string }>(
      await ctx.db.execute(sql`select quote_rating_input_values('{"turnover": 750000}'::jsonb) as values`),
    );
    expect(ratingInputFromStoredValues(JSON.parse(partial?.values ?? "[]") as unknown[])).toEqual(
      defaultRatingInput({ turnover: 750_000 }),
    );
  });

  it("follows a quote through rating, re-rating, reopening and a cleared rating", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const unrated = await createCompleteQuote(ctx.app, broker, { rate: false });
    expect((await readBoth(unrated.id)).narrow).toEqual([]);

    const quote = await createCompleteQuote(ctx.app, broker);
    const first = await expectRowMatchesRating(quote.id);

    // Re-rated on other selections a moment later: the row follows, in the same statement as the rating.
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    ctx.clock.advance(60_000);
    const rerated = await rateQuote(ctx.app, broker, quote.id, { turnoverBand: "1m_to_1_5m" });
    expect(rerated.quote.status).toBe("DRAFT");
    const second = await expectRowMatchesRating(quote.id);
    expect(second.row?.inputs).not.toBe(first.row?.inputs);
    expect(second.row?.rated_at).not.toBe(first.row?.rated_at);

    // Completed, then reopened by an answer that prices it differently, then rated again.
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    const reopened = await patchQuote(ctx.app, broker, quote.id, { declaration: MATERIAL_FACT_DECLARATION });
    expect(reopened.status).toBe("DRAFT");
    await expectRowMatchesRating(quote.id);
    ctx.clock.advance(60_000);
    await rateQuote(ctx.app, broker, quote.id);
    const third = await expectRowMatchesRating(quote.id);
    expect(JSON.parse(third.row?.inputs ?? "[]")).toContain(true);
    expect(third.row?.inputs).not.toBe(second.row?.inputs);

    // A rating cleared from the quote takes the row with it; a rating written back brings it back.
    await ctx.db.execute(sql`update quotes set rating_result = null where id = ${quote.id}`);
    expect((await readBoth(quote.id)).narrow).toEqual([]);
    await ctx.db.execute(sql`update quotes set rating_result = ${JSON.stringify({ input: { turnover: 1 } })}::jsonb
      where id = ${quote.id}`);
    expect((await readBoth(quote.id)).narrow).toHaveLength(1);
  });
});
