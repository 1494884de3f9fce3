/**
 * The underwriters' queue (GET /api/uw/queue), who decided a quote (decidedBy on every quote answer), the
 * review's history from the audit trail, and the underwriter's terms printed on the documents.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, expect, it } from "vitest";
import type { Quote, QuoteListResponse } from "../../src/domain/quote/quote";
import type { QuoteHistoryEvent } from "../../src/domain/underwriting/history";
import type { UnderwriterQueueResponse } from "../../src/domain/underwriting/queue";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { CLEAN_DECLARATION, call, createCompleteQuote, MATERIAL_FACT_DECLARATION, patchQuote } from "./quotes-fixtures";

const HOUR_MS = 60 * 60 * 1000;
const workDir = mkdtempSync(join(tmpdir(), "pqe-uw-queue-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
let fileCount = 0;

/** The text a reader would copy out of the PDF (poppler's pdftotext), line breaks flattened. */
function pdfText(pdf: Buffer): string {
  fileCount += 1;
  const path = join(workDir, `document-${fileCount}.pdf`);
  writeFileSync(path, pdf);
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

describeEachDatabase("underwriters' queue", (ctx) => {
  afterEach(() => ctx.clock.reset());

  async function referred(broker: string, declaration: Record<string, unknown> = MATERIAL_FACT_DECLARATION) {
    const quote = await createCompleteQuote(ctx.app, broker, { declaration });
    const response = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }

  async function queue(cookie: string, query = "pageSize=100"): Promise<UnderwriterQueueResponse> {
    const answer = await call<UnderwriterQueueResponse>(ctx.app, cookie, "GET", `/api/uw/queue?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  it("marks a referral overdue once it has waited its target of working hours, and shows only those on asking", async () => {
    // Sessions end when idle for long, so each moment signs in afresh.
    const at = async (iso: string) => {
      ctx.clock.reset();
      ctx.clock.advance(Date.parse(iso) - ctx.clock.now().getTime());
      return { broker: await signIn(ctx.app, "BROKER"), underwriter: await signIn(ctx.app, "UNDERWRITER") };
    };
    // Friday 27 November 2026, 15:00 UK time: two working hours on Friday, two more on Monday morning.
    const friday = await referred((await at("2026-11-27T15:00:00Z")).broker);
    // Monday 09:30: Friday's is due at 11:00, Monday's at 13:30.
    const moment = await at("2026-11-30T09:30:00Z");
    const broker = moment.broker;
    let underwriter = moment.underwriter;
    const monday = await referred(broker);
    const before = await queue(underwriter);
    expect(before.data.find((item) => item.id === friday.id)).toMatchObject({
      respondBy: expect.stringMatching(/^2026-11-30T11:00/),
      overdue: false,
    });
    expect(before.data.find((item) => item.id === monday.id)).toMatchObject({
      respondBy: expect.stringMatching(/^2026-11-30T13:30/),
      overdue: false,
    });

    ctx.clock.advance(2 * HOUR_MS);
    // Two hours on, the underwriter's earlier session has ended (30 minutes idle): they sign in again.
    underwriter = await signIn(ctx.app, "UNDERWRITER");
    const after = await queue(underwriter);
    expect(after.data.find((item) => item.id === friday.id)).toMatchObject({ overdue: true });
    expect(after.data.find((item) => item.id === monday.id)).toMatchObject({ overdue: false });
    const overdueOnly = await queue(underwriter, "show=overdue&pageSize=100");
    const overdueIds = overdueOnly.data.map((item) => item.id);
    expect(overdueIds).toContain(friday.id);
    expect(overdueIds).not.toContain(monday.id);
    expect(overdueOnly.data.every((item) => item.overdue)).toBe(true);
    // The counts are the whole queue's whatever the view: the view's own count is its total.
    expect(overdueOnly.meta).toMatchObject({
      total: overdueOnly.data.length,
      overdue: overdueOnly.data.length,
      waiting: after.meta.waiting,
    });
    expect(after.meta.overdue).toBe(overdueOnly.data.length);

    const refused = await call(ctx.app, underwriter, "GET", "/api/uw/queue?show=late");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "Show must be one of all, overdue", issues: [{ path: "show" }] });
  });

  it("takes its response target from the installation's setting", async () => {
    const app = await ctx.buildApp({ config: { ...ctx.config, referralTargetWorkingHours: 1.5 } });
    const underwriter = await signIn(app, "UNDERWRITER");
    const answer = await call<UnderwriterQueueResponse>(app, underwriter, "GET", "/api/uw/queue");
    expect(answer.body.meta.targetWorkingHours).toBe(1.5);
  });

  it("lists what awaits a decision, the longest waiting first, with the referral reasons", async () => {
    let broker = await signIn(ctx.app, "BROKER");
    const draft = await createCompleteQuote(ctx.app, broker, { rate: false });
    const first = await referred(broker);
    // An hour apart each time: sessions end after 30 idle minutes, so each moment signs in again.
    ctx.clock.advance(HOUR_MS);
    broker = await signIn(ctx.app, "BROKER");
    const voluntary = await referred(broker, CLEAN_DECLARATION);
    ctx.clock.advance(HOUR_MS);
    broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const decided = await referred(broker);
    const approved = await call(ctx.app, underwriter, "POST", `/api/quotes/${decided.id}/uw/decision`, {
      decision: "APPROVED",
    });
    expect(approved.status).toBe(200);

    const body = await queue(underwriter);
    const ids = body.data.map((item) => item.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(decided.id);
    const ours = body.data.filter((item) => item.id === first.id || item.id === voluntary.id);
    expect(ours.map((item) => item.id)).toEqual([first.id, voluntary.id]);
    expect(ours[0]).toMatchObject({
      reference: first.reference,
      status: "REFERRED",
      referralReasons: ["A material fact was answered Yes in the declaration"],
      totalPremium: first.totalPremium,
      broker: { email: "broker@example.com" },
      referredAt: first.referredAt,
    });
    expect(ours[1]).toMatchObject({ status: "UW_REQUESTED", referralReasons: [] });
    expect(body.meta).toMatchObject({ total: body.data.length, page: 1, pageSize: 100, targetWorkingHours: 4 });
    expect(body.meta.waiting).toBe(body.data.length);
    // Oldest referral first over the whole list, not just ours.
    const times = body.data.map((item) => item.referredAt ?? "");
    expect([...times].sort()).toEqual(times);
    expect(body.data.every((item) => item.status === "REFERRED" || item.status === "UW_REQUESTED")).toBe(true);
  });

  it("pages the queue and refuses a bad page", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    await referred(broker);
    await referred(broker);
    const whole = await queue(underwriter);
    const second = await queue(underwriter, "page=2&pageSize=1");
    expect(second.meta).toMatchObject({ total: whole.meta.total, page: 2, pageSize: 1 });
    expect(second.data.map((item) => item.id)).toEqual([whole.data[1]?.id]);
    const refused = await call(ctx.app, underwriter, "GET", "/api/uw/queue?page=0");
    expect(refused.status).toBe(400);
  });

  it("is for underwriters and admins only", async () => {
    expect((await call(ctx.app, undefined, "GET", "/api/uw/queue")).status).toBe(401);
    expect((await call(ctx.app, await signIn(ctx.app, "BROKER"), "GET", "/api/uw/queue")).status).toBe(403);
    expect((await call(ctx.app, await signIn(ctx.app, "ADMIN"), "GET", "/api/uw/queue")).status).toBe(200);
  });
});

describeEachDatabase("the underwriter's decision carries through", (ctx) => {
  it("names who decided on the quote, the list row and the review, and builds the history from the audit", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signInNewUser(ctx.app, ctx.db, "UNDERWRITER", { name: "Una Decider" });
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    expect(quote.decidedBy).toBeNull();
    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);

    const decided = await call(ctx.app, underwriter.cookie, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "COUNTER",
      adjustmentMultiplier: 1.1,
      uwNote: "Loaded for the terminated contract",
      fileNote: "Broker pushed hard; claims ratio poor on the Leeds job",
    });
    expect(decided.status).toBe(200);
    const who = { name: "Una Decider", email: underwriter.user.email };
    expect(decided.body.data).toMatchObject({ decision: "COUNTER", adjustmentMultiplier: 1.1, decidedBy: who });

    const read = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(read.body.data.decidedBy).toEqual(who);
    const list = await call<QuoteListResponse>(ctx.app, broker, "GET", `/api/quotes?q=${quote.reference}`);
    expect(list.body.data.map((row) => row.quote.decidedBy)).toEqual([who]);

    const completed = await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    expect(completed.decidedBy).toEqual(who);

    const review = await call<{ data: { quote: Quote; timeline: QuoteHistoryEvent[] } }>(
      ctx.app,
      underwriter.cookie,
      "GET",
      `/api/uw/review/${quote.id}`,
    );
    expect(review.status).toBe(200);
    expect(review.body.data.quote.decidedBy).toEqual(who);
    const timeline = review.body.data.timeline;
    // Section saves are not history; the life of the quote is.
    expect(timeline.map((event) => event.action)).toEqual([
      "created",
      "rated",
      "referred",
      "decision_recorded",
      "completed",
    ]);
    const brokerWho = { name: expect.any(String), email: "broker@example.com" };
    expect(timeline[0]).toMatchObject({ actor: brokerWho, decision: null });
    expect(timeline[3]).toMatchObject({ actor: who, decision: "COUNTER", adjustmentMultiplier: 1.1 });
    expect(timeline[4]).toMatchObject({ actor: brokerWho });
    const times = timeline.map((event) => event.at);
    expect([...times].sort()).toEqual(times);
  });

  it("answers no decider once a changed risk reopens the quote", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);
    await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, { decision: "APPROVED" });
    const reopened = await patchQuote(ctx.app, broker, quote.id, { declaration: CLEAN_DECLARATION });
    expect(reopened).toMatchObject({ decision: null, decidedBy: null });
  });

  it("prints the underwriter's terms on the statement of fact and the schedule, and nothing of their working", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signInNewUser(ctx.app, ctx.db, "UNDERWRITER", { name: "Una Decider" });
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);
    const decided = await call(ctx.app, underwriter.cookie, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "COUNTER",
      adjustmentMultiplier: 1.1,
      uwNote: "Loaded for the terminated contract",
      fileNote: "Broker pushed hard; claims ratio poor on the Leeds job",
    });
    expect(decided.status).toBe(200);

    for (const document of ["statement-of-fact", "policy-schedule"]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/quotes/${quote.id}/${document}`,
        headers: { cookie: broker },
      });
      expect(response.statusCode, document).toBe(200);
      const text = pdfText(response.rawPayload);
      expect(text, document).toContain("Underwriter's terms");
      expect(text, document).toContain("Decision Counter offer");
      expect(text, document).toContain("Underwriter's note Loaded for the terminated contract");
      expect(text, document).toContain("Decided by Una Decider,");
      // The client's documents carry the terms, never the underwriter's working.
      const joined = text.replace(/\s+/g, "");
      expect(joined, document).not.toContain(underwriter.user.email.replace(/\s+/g, ""));
      expect(text, document).not.toContain("Adjustment to the base premium");
      expect(text, document).not.toContain("+10%");
      expect(text, document).not.toContain("1.10x");
      expect(joined, document).not.toContain("Brokerpushedhard");
    }
  });

  it("prints no underwriter's terms on a quote no underwriter decided", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${quote.id}/policy-schedule`,
      headers: { cookie: broker },
    });
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).not.toContain("Underwriter's terms");
  });
});
