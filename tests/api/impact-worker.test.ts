/**
 * The impact analysis's rating on a worker thread (ADR 0045): an aborted analysis stops with the signal's
 * reason and frees its worker for the next one, and a draft that does not compile fails with the worker's
 * message, as the job records it.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { ensureLoadBrokers, loadQuotes } from "../../scripts/seed-load";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import { type RatingVersionRow, ratingVersions } from "../../src/server/db/schema";
import { analyseRatingImpact } from "../../src/server/features/impact/analysis";
import { describeEachDatabase } from "../support/harness";

describeEachDatabase("impact analysis on a worker thread", (ctx) => {
  let draft: RatingVersionRow;

  beforeAll(async () => {
    const underwriter = (
      (await ctx.db.execute(sql`select id from users where role = 'UNDERWRITER' limit 1`)) as {
        rows: { id: string }[];
      }
    ).rows[0];
    const brokers = await ensureLoadBrokers(ctx.db, 2);
    await loadQuotes(ctx.database, {
      count: 120,
      brokers,
      underwriterId: underwriter?.id ?? "",
      now: ctx.clock.now(),
      batchSize: 60,
      profileCount: 30,
    });
    const [published] = await ctx.db
      .select()
      .from(ratingVersions)
      .where(and(eq(ratingVersions.productCode, "D/C-PI"), eq(ratingVersions.status, "PUBLISHED")));
    if (!published) throw new Error("No published D/C-PI version");
    // The analysis compares a draft it is given; it never reads the draft's row back.
    draft = {
      ...published,
      id: randomUUID(),
      status: "DRAFT",
      json: { ...DC_PI_RATING_CONFIG, version: "worker-draft", baseRate: 825 },
    } as RatingVersionRow;
  }, 120_000);

  it("stops an aborted analysis with the signal's reason, and the next one gives the whole answer", async () => {
    const now = ctx.clock.now();
    const whole = await analyseRatingImpact(ctx.db, { draft, now });
    expect(whole.quoteCount).toBeGreaterThan(20);

    const controller = new AbortController();
    const reason = new Error("The server is closing");
    const progress: number[] = [];
    const aborted = analyseRatingImpact(ctx.db, {
      draft,
      now,
      pageSize: 20,
      sliceSize: 5,
      signal: controller.signal,
      onProgress: ({ processed }) => {
        progress.push(processed);
        if (processed > 0) controller.abort(reason);
      },
    });
    await expect(aborted).rejects.toBe(reason);
    expect(Math.max(...progress)).toBeLessThan(whole.quoteCount);

    const signal = AbortSignal.abort(reason);
    await expect(analyseRatingImpact(ctx.db, { draft, now, signal })).rejects.toBe(reason);

    expect(await analyseRatingImpact(ctx.db, { draft, now, pageSize: 20, sliceSize: 5 })).toEqual(whole);
  }, 120_000);

  it("fails with the worker's message when the draft does not compile", async () => {
    const broken = { ...draft, id: randomUUID(), json: { version: "broken" } } as RatingVersionRow;
    await expect(analyseRatingImpact(ctx.db, { draft: broken, now: ctx.clock.now() })).rejects.toThrow(broken.id);
  }, 60_000);
});
