/**
 * Review links end with the review (docs/product/permissions.md "Review links"): the e-mailed link reads its review
 * only while the quote awaits the decision it was referred for and is unchanged since; referral e-mails go only to
 * active underwriters; no review link, however its token is spelt, reaches the log.
 */
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "../../src/domain/api/errors";
import type { Quote } from "../../src/domain/quote/quote";
import { outbox, quotes, users } from "../../src/server/db/schema";
import { serverLoggerOptions } from "../../src/server/logging";
import { mailFolder } from "../../src/server/mail/dispatcher";
import { createTestUser, signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import {
  call,
  createCompleteQuote,
  FINANCIAL_OVERVIEW,
  MATERIAL_FACT_DECLARATION,
  patchQuote,
  rateQuote,
  STEP_ONE,
} from "./quotes-fixtures";

const UNDERWRITER = "underwriter@example.com";
const ENDED = ERROR_CATALOGUE.REVIEW_LINK_ENDED.message;

describeEachDatabase("review links", (ctx) => {
  afterEach(() => ctx.clock.reset());

  async function referred(broker: string, app = ctx.app): Promise<Quote> {
    const quote = await createCompleteQuote(app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    await rateQuote(app, broker, quote.id);
    const done = await call(app, broker, "POST", `/api/quotes/${quote.id}/refer`, { underwriterEmails: [UNDERWRITER] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body.data;
  }

  /** The newest review link for `quoteId` in the underwriter's mail, as the e-mail written without SMTP carries it. */
  async function emailedLink(quoteId: string, app = ctx.app): Promise<string> {
    await app.mailDispatcher.flush();
    const folder = mailFolder(ctx.config);
    const found: { at: number; path: string }[] = [];
    for (const name of await readdir(folder)) {
      const text = await readFile(join(folder, name), "utf8");
      const match = new RegExp(`/uw/review/${quoteId}\\?token=[A-Za-z0-9_-]{43}`).exec(text);
      if (match && text.includes(`To: ${UNDERWRITER}`)) found.push({ at: Number.parseInt(name, 10), path: match[0] });
    }
    const newest = found.sort((a, b) => b.at - a.at)[0];
    if (!newest) throw new Error(`No review link for ${quoteId} was written to the mail folder`);
    return `/api${newest.path}`;
  }

  const read = (url: string, cookie?: string) => call<{ data: { access: string } }>(ctx.app, cookie, "GET", url);

  it("reads the review while the quote awaits the decision, through a question and its answer", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const link = await emailedLink(quote.id);
    expect((await read(link)).body.data).toMatchObject({ access: "token" });

    const asked = await call<{ data: { id: string } }>(
      ctx.app,
      underwriter,
      "POST",
      `/api/quotes/${quote.id}/uw/questions`,
      { question: "Who removes the asbestos?" },
    );
    expect(asked.status).toBe(201);
    const answered = await call(
      ctx.app,
      broker,
      "POST",
      `/api/quotes/${quote.id}/questions/${asked.body.data.id}/answer`,
      { answer: "A licensed contractor" },
    );
    expect(answered.status).toBe(200);
    expect((await read(link)).status).toBe(200);
  });

  it("ends with the decision: 410 with the product's words, while signed-in readers still read the review", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const link = await emailedLink(quote.id);
    const decided = await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
    });
    expect(decided.status).toBe(200);
    const ended = await read(link);
    expect(ended.status).toBe(410);
    expect(ended.body).toEqual({ code: "REVIEW_LINK_ENDED", error: ENDED });
    // The approved quote, completed and issued: the link stays ended.
    expect((await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" })).status).toBe("QUOTED");
    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {})).status).toBe(200);
    expect((await read(link)).status).toBe(410);
    expect((await read(`/api/uw/review/${quote.id}`, underwriter)).status).toBe(200);
    expect((await read(`/api/uw/review/${quote.id}`, broker)).status).toBe(200);
  });

  it("ends when the quote changes after the referral, even by a correction that keeps it referred", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referred(broker);
    const link = await emailedLink(quote.id);
    // A trading name cannot move the price: the quote stays REFERRED, but the reader would see other facts.
    const { basePremium, taxes, fees, totalPremium, ...details } = STEP_ONE;
    const corrected = await patchQuote(ctx.app, broker, quote.id, { ...details, tradingName: "Acme Renamed" });
    expect(corrected.status).toBe("REFERRED");
    expect((await read(link)).status).toBe(410);
  });

  it("ends when the quote is reopened or withdrawn; a fresh referral sends a fresh link that works", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referred(broker);
    const first = await emailedLink(quote.id);
    const reopened = await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 1_200_000 },
    });
    expect(reopened.status).toBe("DRAFT");
    expect((await read(first)).status).toBe(410);

    await rateQuote(ctx.app, broker, quote.id, {
      turnoverBand: "1m_to_1_5m",
      risk: { coverLimitAggregate: 1_000_000 },
    });
    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);
    const second = await emailedLink(quote.id);
    expect(second).not.toBe(first);
    expect((await read(second)).status).toBe(200);
    expect((await read(first)).status).toBe(410);

    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/withdraw`, {})).status).toBe(200);
    expect((await read(second)).status).toBe(410);
  });

  it("ends after 14 days; a token never issued, or another quote's, is 401 and not 410", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referred(broker);
    const other = await referred(broker);
    const link = await emailedLink(quote.id);
    const token = new URL(link, "http://x").searchParams.get("token");
    const foreign = await read(`/api/uw/review/${other.id}?token=${token}`);
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ code: "INVALID_REVIEW_TOKEN" });
    ctx.clock.advance(14 * 24 * 60 * 60 * 1000);
    expect((await read(link)).status).toBe(410);
  });

  it("reads the token only from the query parameter token, nowhere else", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referred(broker);
    const link = await emailedLink(quote.id);
    const token = new URL(link, "http://x").searchParams.get("token") ?? "";
    const path = `/api/uw/review/${quote.id}`;
    for (const attempt of [
      { url: path, headers: { authorization: `Bearer ${token}` } },
      { url: path, headers: { "x-review-token": token } },
      { url: path, headers: { cookie: `token=${token}` } },
      { url: `${path}?token[]=${token}`, headers: {} },
      { url: `${path}?review_token=${token}`, headers: {} },
      { url: `${path}/${token}`, headers: {} },
    ]) {
      const refused = await ctx.app.inject({ method: "GET", ...attempt });
      expect(refused.statusCode, JSON.stringify(attempt)).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.body).not.toContain(quote.reference);
    }
    expect((await read(link)).status).toBe(200);
  });

  it("sends referral e-mails only to active underwriters, naming any other address with 400 and writing nothing", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const departed = await createTestUser(ctx.db, { role: "UNDERWRITER" });
    await ctx.db.update(users).set({ deletedAt: ctx.clock.now() }).where(eq(users.id, departed.user.id));
    const otherBroker = await createTestUser(ctx.db, { role: "BROKER" });
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    await rateQuote(ctx.app, broker, quote.id);
    for (const address of [
      otherBroker.user.email,
      "outsider@elsewhere.example",
      departed.user.email,
      "admin@example.com",
    ]) {
      const refused = await call<{ error: string; code: string; issues: { path: string; message: string }[] }>(
        ctx.app,
        broker,
        "POST",
        `/api/quotes/${quote.id}/refer`,
        { underwriterEmails: [UNDERWRITER, address.toUpperCase()] },
      );
      const message = `${address} is not an active underwriter: a review link is sent only to underwriters`;
      expect(refused.status, address).toBe(400);
      expect(refused.body).toEqual({
        code: "VALIDATION_FAILED",
        error: message,
        issues: [{ path: "underwriterEmails.1", message }],
      });
    }
    const [stored] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(stored?.status).toBe("DRAFT");
    const mail = await ctx.db.select().from(outbox);
    expect(mail.filter((message) => message.body.includes(quote.id))).toHaveLength(0);
  });

  it("logs no review link and no spelling of its token, and says an e-mail was written without its link", async () => {
    const lines: string[] = [];
    const app = await ctx.buildApp({
      logger: serverLoggerOptions("info", { write: (line: string) => lines.push(line) }),
    });
    try {
      const broker = await signIn(app, "BROKER");
      const quote = await referred(broker, app);
      const link = await emailedLink(quote.id, app);
      const token = new URL(link, "http://x").searchParams.get("token") ?? "";
      const path = `/api/uw/review/${quote.id}`;
      for (const url of [
        link,
        `${path}?%74oken=${token}`,
        `${path}?x=1&token[]=${token}`,
        `${path}?x=1;token=${token}`,
        `/uw/review/${quote.id}?token=${token}`,
        `/api/quotes?page=1;token=${token}`,
        `/api/quotes?%2574oken=${token}`,
        `/api/quotes?token%5B%5D=${token}`,
      ]) {
        await app.inject({ method: "GET", url });
      }
      const log = lines.join("");
      expect(log).toContain(`${path}?[redacted]`);
      expect(log).toContain("written to the mail folder");
      expect(log).not.toContain(token);
      // Every spelling of the parameter is there, each with its value replaced.
      expect(log).not.toMatch(/token(%5B%5D|\[\])?=(?!\[redacted\])/i);
      expect(log).toContain("/api/quotes?page=1;token=[redacted]");
    } finally {
      await app.close();
    }
  });

  it("keeps working, once upgraded, the links sent before for quotes still referred and unchanged, and no others", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const waiting = await referred(broker);
    const waitingLink = await emailedLink(waiting.id);
    const decided = await referred(broker);
    const decidedLink = await emailedLink(decided.id);
    const declined = await call(ctx.app, underwriter, "POST", `/api/quotes/${decided.id}/uw/decision`, {
      decision: "DECLINED",
      uwNote: "Outside appetite",
    });
    expect(declined.status).toBe(200);
    const changed = await referred(broker);
    const changedLink = await emailedLink(changed.id);
    const { basePremium, taxes, fees, totalPremium, ...details } = STEP_ONE;
    await patchQuote(ctx.app, broker, changed.id, { ...details, tradingName: "Changed Since" });

    // The tokens as the release before stored them: without the version the referral left the quote at.
    await ctx.db.execute(sql.raw(`ALTER TABLE "review_tokens" DROP COLUMN "quote_version"`));
    const migration = readFileSync(
      resolve(import.meta.dirname, "../../src/server/db/migrations/0037_review_links_end_with_the_review.sql"),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint")) await ctx.db.execute(sql.raw(statement));

    expect((await read(waitingLink)).status).toBe(200);
    expect((await read(decidedLink)).status).toBe(410);
    expect((await read(changedLink)).status).toBe(410);
  });
});
