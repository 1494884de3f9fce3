/**
 * Per-user limits on business writes (docs/product/permissions.md "Limits on business writes"): quotes created,
 * documents prepared and referrals sent per minute, answered 429 RATE_LIMITED with Retry-After beyond the limit,
 * counted in the database so every instance on one PostgreSQL shares the count.
 */
import type { FastifyInstance } from "fastify";
import { afterEach, expect, it } from "vitest";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase, testConfig } from "../support/harness";
import { call, createCompleteQuote, MATERIAL_FACT_DECLARATION, rateQuote, STEP_ONE } from "./quotes-fixtures";

type Refusal = { error: string; code: string };

describeEachDatabase("limits on business writes", (ctx) => {
  afterEach(() => ctx.clock.reset());

  /** Another instance on the same database, with small limits. */
  const limited = () =>
    ctx.buildApp({
      config: testConfig({
        QUOTES_CREATED_PER_MINUTE: "3",
        DOCUMENTS_RENDERED_PER_MINUTE: "2",
        REFERRALS_SENT_PER_MINUTE: "1",
      }),
    });

  const create = (app: FastifyInstance, cookie: string) => call<Refusal>(app, cookie, "POST", "/api/quotes", STEP_ONE);

  it("refuses the fourth quote a broker creates in a minute with 429 and Retry-After, and only that broker", async () => {
    const app = await limited();
    const broker = await signInNewUser(app, ctx.db, "BROKER");
    for (let i = 0; i < 3; i += 1) expect((await create(app, broker.cookie)).status).toBe(201);
    // A request the schema refuses does nothing, so it is not counted either way.
    expect((await call(app, broker.cookie, "POST", "/api/quotes", {})).status).toBe(400);
    const refused = await app.inject({
      method: "POST",
      url: "/api/quotes",
      headers: { cookie: broker.cookie },
      payload: STEP_ONE,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: "RATE_LIMITED",
      error: expect.stringMatching(
        /^Too many quotes created: at most 3 a minute\. Try again in (1 minute|\d+ seconds)\.$/,
      ),
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another broker has their own allowance.
    const other = await signInNewUser(app, ctx.db, "BROKER");
    expect((await create(app, other.cookie)).status).toBe(201);

    // A minute later the broker creates quotes again.
    ctx.clock.advance(61_000);
    expect((await create(app, broker.cookie)).status).toBe(201);
  });

  it("counts one user's writes across instances on the same database", async () => {
    const first = await limited();
    const second = await limited();
    const broker = await signInNewUser(first, ctx.db, "BROKER");
    expect((await create(first, broker.cookie)).status).toBe(201);
    expect((await create(second, broker.cookie)).status).toBe(201);
    expect((await create(first, broker.cookie)).status).toBe(201);
    expect((await create(second, broker.cookie)).status).toBe(429);
    expect((await create(first, broker.cookie)).status).toBe(429);
  });

  it("limits documents prepared and referrals sent per user per minute", async () => {
    const app = await limited();
    const broker = await signInNewUser(app, ctx.db, "BROKER");
    // The quotes are built on the suite's own instance: only what the limited one is asked counts here.
    const quotes = [];
    for (let i = 0; i < 2; i += 1) {
      const quote = await createCompleteQuote(ctx.app, broker.cookie, { declaration: MATERIAL_FACT_DECLARATION });
      await rateQuote(ctx.app, broker.cookie, quote.id);
      quotes.push(quote);
    }
    const [one, two] = quotes as [(typeof quotes)[0], (typeof quotes)[0]];

    const document = (id: string) =>
      app.inject({ method: "POST", url: `/api/quotes/${id}/statement-of-fact`, headers: { cookie: broker.cookie } });
    expect((await document(one.id)).statusCode).toBe(200);
    expect((await document(two.id)).statusCode).toBe(200);
    const third = await document(one.id);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      code: "RATE_LIMITED",
      error: expect.stringMatching(/^Too many documents prepared: at most 2 a minute\./),
    });
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);

    const refer = (id: string) => call<Refusal>(app, broker.cookie, "POST", `/api/quotes/${id}/refer`, {});
    expect((await refer(one.id)).status).toBe(200);
    const refused = await refer(two.id);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many referrals sent: at most 1 a minute\./);
    // Nothing was sent for the refused referral: the quote is still a draft.
    const stillDraft = await call<{ data: { status: string } }>(ctx.app, broker.cookie, "GET", `/api/quotes/${two.id}`);
    expect(stillDraft.body.data.status).toBe("DRAFT");
  });

  it("lets a working day's pace through with the defaults", async () => {
    const app = await ctx.buildApp({ config: testConfig({ QUOTES_CREATED_PER_MINUTE: "" }) });
    expect(app.config.businessWriteLimitsPerMinute).toEqual({
      quotesCreated: 30,
      documentsRendered: 100_000,
      referralsSent: 100_000,
    });
    const broker = await signIn(app, "UNDERWRITER");
    // An underwriter keying quotes in one after another, far faster than by hand: every one is taken.
    for (let i = 0; i < 10; i += 1) expect((await create(app, broker)).status).toBe(201);
  });
});
