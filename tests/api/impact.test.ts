/**
 * Impact analysis of a draft rating version: the job endpoints, who may use them, and the figures
 * on a small generated book, checked against the engine rating each in-scope quote directly.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { ensureLoadBrokers, loadQuotes } from "../../scripts/seed-load";
import { compileRatingConfig } from "../../src/domain/rating/compile";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import { type ImpactJob, rateBothWays, summariseImpact, toImpactReport } from "../../src/domain/rating/impact";
import { defaultRatingInput, type RatingInput } from "../../src/domain/rating/input";
import type { RatingVersionRow } from "../../src/server/db/schema";
import { analyseRatingImpact, countImpactScope, impactWindowStart } from "../../src/server/features/impact/analysis";
import {
  FINISHED_JOB_TTL_MS,
  IMPACT_JOB_NOT_FOUND,
  SERVER_STOPPED,
  STALE_AFTER_MS,
} from "../../src/server/features/impact/jobs";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";

/** The shipped D/C-PI configuration with a 10% higher base rate and no turnover-growth referral. */
const DRAFT_CONFIG = {
  ...DC_PI_RATING_CONFIG,
  version: "2.0.0-draft",
  baseRate: 825,
  referralRules: (DC_PI_RATING_CONFIG.referralRules ?? []).filter((rule) => rule.code !== "TURNOVER_GROWTH"),
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describeEachDatabase("impact analysis", (ctx) => {
  let draftId = "";

  async function startJob(cookie: string | undefined, versionId: string) {
    return ctx.app.inject({
      method: "POST",
      url: `/api/rating/versions/${versionId}/impact`,
      headers: cookie ? { cookie } : {},
    });
  }

  async function pollUntilDone(cookie: string, job: ImpactJob): Promise<ImpactJob> {
    let current = job;
    for (let attempt = 0; attempt < 2_000 && current.status === "running"; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/rating/versions/${job.ratingVersionId}/impact/${job.id}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      current = (response.json() as { data: ImpactJob }).data;
      expect(current.processed).toBeLessThanOrEqual(current.total);
    }
    return current;
  }

  // The book is loaded once for the block; generous time, as the load hashes a password and rates profiles.
  beforeAll(async () => {
    const [underwriter] = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`select id from users where role = 'UNDERWRITER' limit 1`),
    );
    const brokers = await ensureLoadBrokers(ctx.db, 3);
    await loadQuotes(ctx.database, {
      count: 250,
      brokers,
      underwriterId: underwriter?.id ?? "",
      now: ctx.clock.now(),
      batchSize: 100,
      profileCount: 50,
    });
    const admin = await signIn(ctx.app, "ADMIN");
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/rating/versions",
      headers: { cookie: admin },
      payload: { name: "D/C-PI 2.0 draft", notes: "Base rate +10%", json: DRAFT_CONFIG, effectiveFrom: "2027-01-01" },
    });
    expect(created.statusCode).toBe(201);
    draftId = (created.json() as { data: { id: string } }).data.id;
  }, 180_000);

  it("re-rates the last 12 months of quotes with the draft and with each quote's own version", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const started = await startJob(admin, draftId);
    expect(started.statusCode).toBe(202);
    const job = await pollUntilDone(admin, (started.json() as { data: ImpactJob }).data);
    expect(job).toMatchObject({ status: "completed", error: null, ratingVersionId: draftId });
    expect(job.processed).toBe(job.total);

    // What the report must say, worked out here from the rows and the engine directly.
    const since = impactWindowStart(ctx.clock.now());
    const rows = rowsOf<{
      id: string;
      reference: string;
      proposer_name: string;
      input: RatingInput | string;
      json: unknown;
    }>(
      await ctx.db.execute(sql`
        select q.id, q.reference, q.proposer_name, q.rating_result -> 'input' as input, v.json
        from quotes q join rating_versions v on v.id = q.rating_version_id
        where q.product_code = 'D/C-PI' and q.rated_at >= ${since.toISOString()}::timestamptz`),
    );
    expect(rows.length).toBeGreaterThan(50);
    const all = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select cast(count(*) as integer) as n from quotes where product_code = 'D/C-PI'`),
    );
    // The book spans 18 months: some quotes are out of scope, and unrated drafts never count.
    expect(rows.length).toBeLessThan(Number(all[0]?.n));
    const draft = compileRatingConfig(DRAFT_CONFIG);
    if (!draft.ok) throw new Error("draft refused");
    const expected = summariseImpact(
      rows.map((row) => {
        const current = compileRatingConfig(typeof row.json === "string" ? JSON.parse(row.json) : row.json);
        if (!current.ok) throw new Error("stored version refused");
        const input = defaultRatingInput(typeof row.input === "string" ? JSON.parse(row.input) : row.input);
        return {
          quoteId: row.id,
          reference: row.reference,
          proposerName: row.proposer_name,
          ...rateBothWays(input, current.rater, draft.rater),
        };
      }),
    );
    expect(job.total).toBe(rows.length);
    expect(job.report).toEqual(toImpactReport(expected));

    // A 10% higher base rate raises every premium that is not held at the minimum; dropping a rule
    // can only end referrals.
    const report = job.report;
    if (!report) throw new Error("no report");
    expect(report.increasedCount).toBeGreaterThan(0);
    expect(report.decreasedCount).toBe(0);
    expect(report.referral.newlyReferred).toBe(0);
    expect(report.referral.after).toBeLessThanOrEqual(report.referral.before);
    expect(report.topMovers.length).toBeGreaterThan(0);
    expect(Number(report.topMovers[0]?.change)).toBeGreaterThan(0);
  }, 120_000);

  it("gives the same figures whatever the page and slice sizes (keyset paging skips and repeats nothing)", async () => {
    const [version] = rowsOf<Record<string, unknown>>(
      await ctx.db.execute(sql`select id from rating_versions where id = ${draftId}`),
    );
    expect(version).toBeDefined();
    const draft = (await ctx.db.query.ratingVersions.findFirst({
      where: (table, { eq }) => eq(table.id, draftId),
    })) as RatingVersionRow;
    const now = ctx.clock.now();
    const whole = await analyseRatingImpact(ctx.db, { draft, now });
    const progress: number[] = [];
    const paged = await analyseRatingImpact(ctx.db, {
      draft,
      now,
      pageSize: 7,
      sliceSize: 3,
      onProgress: ({ processed }) => progress.push(processed),
    });
    expect(paged).toEqual(whole);
    expect(progress.at(-1)).toBe(whole.quoteCount);
    // Progress only ever moves forward.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // A limit takes the most recently rated quotes only.
    const limited = await analyseRatingImpact(ctx.db, { draft, now, limit: 50, pageSize: 20 });
    expect(limited.quoteCount).toBe(50);
  }, 120_000);

  it("counts the scope in chunks to the same figure as one count, capped at the limit", async () => {
    const now = ctx.clock.now();
    const since = impactWindowStart(now);
    const [direct] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        select cast(count(*) as integer) as n from quotes
        where product_code = 'D/C-PI' and rating_version_id is not null and rating_result is not null
          and rated_at >= ${since.toISOString()}::timestamptz`),
    );
    const inScope = Number(direct?.n);
    expect(inScope).toBeGreaterThan(50);
    // A chunk that divides the scope exactly, one that does not, one larger than it, and a chunk of one.
    const exact = inScope % 5 === 0 ? 5 : inScope % 2 === 0 ? 2 : 1;
    for (const chunk of [exact, 7, inScope + 3, 1]) {
      expect(await countImpactScope(ctx.db, "D/C-PI", since, 100_000, chunk)).toBe(inScope);
      expect(await countImpactScope(ctx.db, "D/C-PI", since, 40, chunk)).toBe(40);
      expect(await countImpactScope(ctx.db, "D/C-PI", since, inScope, chunk)).toBe(inScope);
    }
    expect(await countImpactScope(ctx.db, "NO-SUCH-PRODUCT", since, 100_000, 7)).toBe(0);
  }, 120_000);

  it("joins the analysis already done for the same state of the draft instead of starting another", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const first = (await startJob(admin, draftId)).json() as { data: ImpactJob };
    const second = (await startJob(admin, draftId)).json() as { data: ImpactJob };
    expect(second.data.id).toBe(first.data.id);
  });

  it("refuses published versions, unknown ids, other roles and signed-out callers", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const [published] = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`select id from rating_versions where status = 'PUBLISHED' limit 1`),
    );
    const refused = await startJob(admin, published?.id ?? "");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RATING_VERSION_PUBLISHED" });
    expect((await startJob(admin, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const unknownJob = await ctx.app.inject({
      method: "GET",
      url: `/api/rating/versions/${draftId}/impact/00000000-0000-4000-8000-000000000000`,
      headers: { cookie: admin },
    });
    expect(unknownJob.statusCode).toBe(404);
    expect((await startJob(await signIn(ctx.app, "UNDERWRITER"), draftId)).statusCode).toBe(403);
    expect((await startJob(await signIn(ctx.app, "BROKER"), draftId)).statusCode).toBe(403);
    expect((await startJob(undefined, draftId)).statusCode).toBe(401);
  });
  it("holds the limit over jobs other instances run, fails a job whose server stopped, and forgets finished ones", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const createDraft = async (name: string) => {
      const created = await ctx.app.inject({
        method: "POST",
        url: "/api/rating/versions",
        headers: { cookie: admin },
        payload: { name, notes: "Base rate +10%", json: DRAFT_CONFIG, effectiveFrom: "2027-01-01" },
      });
      expect(created.statusCode).toBe(201);
      return (created.json() as { data: { id: string } }).data.id;
    };
    const elsewhere = [await createDraft("Draft run elsewhere 1"), await createDraft("Draft run elsewhere 2")];
    const mine = await createDraft("Draft run here");
    // Two analyses running on other instances, as their rows say: alive while their heartbeats are fresh.
    const otherJobs = elsewhere.map(() => randomUUID());
    for (const [i, versionId] of elsewhere.entries()) {
      await ctx.db.execute(sql`
        insert into impact_jobs (id, rating_version_id, version_stamp, status, started_at, heartbeat_at, run_by)
        values (${otherJobs[i]}, ${versionId}, now(), 'running', now(), now(), 'elsewhere:1')`);
    }
    const busy = await startJob(admin, mine);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: "IMPACT_ANALYSIS_BUSY" });

    // Their servers die: once the heartbeats are older than the bound, a poll answers failed with the reason.
    await ctx.db.execute(sql`
      update impact_jobs set heartbeat_at = now() - make_interval(secs => ${STALE_AFTER_MS / 1000 + 1})
      where run_by = 'elsewhere:1'`);
    const stopped = await ctx.app.inject({
      method: "GET",
      url: `/api/rating/versions/${elsewhere[0]}/impact/${otherJobs[0]}`,
      headers: { cookie: admin },
    });
    expect(stopped.statusCode).toBe(200);
    expect((stopped.json() as { data: ImpactJob }).data).toMatchObject({ status: "failed", error: SERVER_STOPPED });

    const started = await startJob(admin, mine);
    expect(started.statusCode).toBe(202);
    const done = await pollUntilDone(admin, (started.json() as { data: ImpactJob }).data);
    expect(done.status).toBe("completed");

    ctx.clock.advance(FINISHED_JOB_TTL_MS + 1_000);
    const again = await signIn(ctx.app, "ADMIN");
    const expired = await ctx.app.inject({
      method: "GET",
      url: `/api/rating/versions/${mine}/impact/${done.id}`,
      headers: { cookie: again },
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ error: IMPACT_JOB_NOT_FOUND });
  }, 120_000);
});
