/**
 * GET /api/uw/review/{id} (session or review token) and POST /api/quotes/{id}/uw/decision.
 */
import { desc, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import type { Quote } from "../../src/domain/quote/quote";
import type { Database } from "../../src/server/db/client";
import { outbox, quotes } from "../../src/server/db/schema";
import { issueReviewToken } from "../../src/server/mail/review-tokens";
import { auditEntries } from "../support/audit";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import {
  call,
  createCompleteQuote,
  FINANCIAL_OVERVIEW,
  MATERIAL_FACT_DECLARATION,
  patchQuote,
  rateQuote,
  STEP_SEVEN,
} from "./quotes-fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The underwriter the referrals name: referral e-mails go only to active underwriters. */
const REVIEWER = "underwriter@example.com";

interface ReviewBody {
  data: {
    quote: Quote;
    referralHits: { code: string; description: string }[];
    referralReasons: string[];
    riskAssessment: Record<string, unknown>;
    history: unknown[];
    access: "session" | "token";
  };
}

/**
 * A review token as the referral e-mail carries it. The outbox copy of a delivered e-mail has its token
 * redacted, so the test issues one the same way the referral does.
 */
async function reviewToken(db: Database, quoteId: string, now: Date): Promise<string> {
  const mail = await db.select().from(outbox).where(eq(outbox.to, REVIEWER)).orderBy(desc(outbox.id));
  expect(mail.some((message) => message.body.includes(`/uw/review/${quoteId}?token=`))).toBe(true);
  const [quote] = await db.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, quoteId));
  return (await issueReviewToken(db, { quoteId, quoteVersion: quote?.version ?? 0, recipient: REVIEWER, now })).token;
}

describeEachDatabase("underwriter review", (ctx) => {
  afterEach(() => ctx.clock.reset());

  async function referredQuote(broker: string): Promise<Quote> {
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    await rateQuote(ctx.app, broker, quote.id);
    const referred = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {
      underwriterEmails: [REVIEWER],
    });
    expect(referred.status).toBe(200);
    return referred.body.data;
  }

  it("shows the underwriter what docs/product/screens.md's review screen needs", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referredQuote(broker);
    const review = await call<ReviewBody>(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "GET",
      `/api/uw/review/${quote.id}`,
    );
    expect(review.status).toBe(200);
    expect(review.body.data).toMatchObject({
      access: "session",
      quote: { id: quote.id, reference: quote.reference, status: "REFERRED", totalPremium: "1173.20" },
      referralHits: [{ code: "MATERIAL_FACTS", description: "A material fact was answered Yes in the declaration" }],
      referralReasons: ["A material fact was answered Yes in the declaration"],
      riskAssessment: {
        annualTurnover: 750_000,
        declaredTurnover: 750_000,
        ratedTurnover: 750_000,
        turnoverBandUsed: "500k_to_1m",
        turnoverBandNote: null,
        industry: "Design and Build Contractor",
        ratingIndustry: "construction",
        employees: 5,
        publicLiabilityLimit: 1_000_000,
        previousClaims: false,
        exportBusiness: false,
        hazardousActivities: true,
        operates24_7: false,
      },
      history: [],
    });
  });

  it("lets the owning broker read it, not another broker or an administrator, and nobody signed out", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referredQuote(broker);
    const url = `/api/uw/review/${quote.id}`;
    expect((await call(ctx.app, broker, "GET", url)).status).toBe(200);
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    expect((await call(ctx.app, other.cookie, "GET", url)).status).toBe(403);
    expect((await call(ctx.app, await signIn(ctx.app, "ADMIN"), "GET", url)).status).toBe(403);
    const signedOut = await call(ctx.app, undefined, "GET", url);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ error: "Authentication required" });
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    expect(
      (await call(ctx.app, underwriter, "GET", "/api/uw/review/00000000-0000-4000-8000-000000000000")).status,
    ).toBe(404);
  });

  it("lets the holder of the e-mailed token read that one review for 14 days", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referredQuote(broker);
    const otherQuote = await referredQuote(broker);
    const token = await reviewToken(ctx.db, quote.id, ctx.clock.now());

    const byToken = await call<ReviewBody>(ctx.app, undefined, "GET", `/api/uw/review/${quote.id}?token=${token}`);
    expect(byToken.status).toBe(200);
    expect(byToken.body.data).toMatchObject({ access: "token", quote: { id: quote.id } });

    // Another broker holding the link may read it too: the token is the permission.
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    expect((await call(ctx.app, other.cookie, "GET", `/api/uw/review/${quote.id}?token=${token}`)).status).toBe(200);

    for (const url of [
      `/api/uw/review/${otherQuote.id}?token=${token}`,
      `/api/uw/review/${quote.id}?token=${"x".repeat(43)}`,
      `/api/uw/review/${quote.id}?token=short`,
    ]) {
      const refused = await call(ctx.app, undefined, "GET", url);
      expect(refused.status, url).toBe(401);
      expect(refused.body).toMatchObject({ code: "INVALID_REVIEW_TOKEN", error: "This review link is not valid" });
    }

    ctx.clock.advance(15 * DAY_MS);
    const expired = await call(ctx.app, undefined, "GET", `/api/uw/review/${quote.id}?token=${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: "REVIEW_LINK_ENDED" });
  });

  it("does not let a review token record a decision", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referredQuote(broker);
    const token = await reviewToken(ctx.db, quote.id, ctx.clock.now());
    const refused = await call(ctx.app, undefined, "POST", `/api/quotes/${quote.id}/uw/decision?token=${token}`, {
      decision: "APPROVED",
    });
    expect(refused.status).toBe(401);
  });
});

describeEachDatabase("underwriter decisions", (ctx) => {
  async function referred(broker: string, declaration = MATERIAL_FACT_DECLARATION): Promise<Quote> {
    const quote = await createCompleteQuote(ctx.app, broker, { declaration });
    const response = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {});
    expect(response.status).toBe(200);
    return response.body.data;
  }

  it("approves at the rated premium; the broker then completes at that premium", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const approved = await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
      uwNote: "Asbestos work is subcontracted to licensed firms",
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: "UW_APPROVED",
      decision: "APPROVED",
      adjustmentMultiplier: null,
      totalPremium: "1173.20",
      uwNote: "Asbestos work is subcontracted to licensed firms",
    });
    expect(approved.body.data.decidedAt).toEqual(expect.any(String));
    // Completing an approved quote does not re-rate: the material fact would otherwise refuse it.
    const completed = await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    expect(completed).toMatchObject({ status: "QUOTED", totalPremium: "1173.20" });
  });

  it("counters at 0.85 with docs/product/rating.md's formula, rounding each line half-up", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referred(broker);
    const countered = await call(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "POST",
      `/api/quotes/${quote.id}/uw/decision`,
      {
        decision: "COUNTER",
        adjustmentMultiplier: 0.85,
      },
    );
    // 1,012.50 x 0.85 = 860.625 -> 860.63; tax (860.63 + 35.00) x 125.70 / 1,047.50 = 107.4756 -> 107.48.
    expect(countered.body.data).toMatchObject({
      status: "UW_APPROVED",
      basePremium: "860.63",
      taxes: "107.48",
      totalPremium: "1003.11",
      adjustmentMultiplier: 0.85,
    });
  });

  it("declines with a reason for the client, after which the quote is read-only", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const url = `/api/quotes/${quote.id}/uw/decision`;
    for (const body of [
      { decision: "DECLINED" },
      { decision: "DECLINED", uwNote: "   ", fileNote: "Outside appetite" },
    ]) {
      const refused = await call(ctx.app, underwriter, "POST", url, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: "VALIDATION_FAILED",
        error: "Say why the quote is declined: the broker and the client read it",
        issues: [{ path: "uwNote" }],
      });
    }
    expect(await auditEntries(ctx.db, { action: "decision_recorded", entityId: quote.id })).toHaveLength(0);
    const declined = await call(ctx.app, underwriter, "POST", url, {
      decision: "DECLINED",
      uwNote: "Design of temporary works is outside what we insure",
    });
    expect(declined.body.data).toMatchObject({
      status: "UW_DECLINED",
      decision: "DECLINED",
      uwNote: "Design of temporary works is outside what we insure",
    });
    const [entry] = await auditEntries(ctx.db, { action: "decision_recorded", entityId: quote.id });
    expect(entry?.details).toMatchObject({ reference: quote.reference, decision: "DECLINED", to: "UW_DECLINED" });
    expect((await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, { status: "QUOTED" })).status).toBe(409);
  });

  it("decides a voluntary request (UW_REQUESTED) like a referral", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await referred(broker, { subcontractorInsuranceConfirmed: true } as never);
    expect(quote.status).toBe("UW_REQUESTED");
    const approved = await call(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "POST",
      `/api/quotes/${quote.id}/uw/decision`,
      {
        decision: "APPROVED",
      },
    );
    expect(approved.body.data.status).toBe("UW_APPROVED");
  });

  it("refuses bad decisions with clear messages", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const url = `/api/quotes/${quote.id}/uw/decision`;
    const cases: [unknown, { path: string; message: string }][] = [
      [{ decision: "MAYBE" }, { path: "decision", message: "Decision must be APPROVED, DECLINED or COUNTER" }],
      [
        { decision: "COUNTER" },
        { path: "adjustmentMultiplier", message: "A counter offer needs an adjustment multiplier" },
      ],
      [
        { decision: "COUNTER", adjustmentMultiplier: 1.2 },
        {
          path: "adjustmentMultiplier",
          message: "Adjustment multiplier must be between 0.85 and 1.15 in steps of 0.01",
        },
      ],
      [
        { decision: "COUNTER", adjustmentMultiplier: 1.005 },
        {
          path: "adjustmentMultiplier",
          message: "Adjustment multiplier must be between 0.85 and 1.15 in steps of 0.01",
        },
      ],
      [
        { decision: "APPROVED", adjustmentMultiplier: 1.1 },
        { path: "adjustmentMultiplier", message: "An adjustment multiplier is sent only with a counter offer" },
      ],
    ];
    for (const [body, issue] of cases) {
      const refused = await call(ctx.app, underwriter, "POST", url, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.body as unknown as { issues: unknown[] }).issues).toContainEqual(issue);
    }
  });

  it("lets only a signed-in underwriter decide, once, on a quote awaiting a decision", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const url = `/api/quotes/${quote.id}/uw/decision`;
    expect((await call(ctx.app, undefined, "POST", url, { decision: "APPROVED" })).status).toBe(401);
    expect((await call(ctx.app, broker, "POST", url, { decision: "APPROVED" })).status).toBe(403);
    expect((await call(ctx.app, await signIn(ctx.app, "ADMIN"), "POST", url, { decision: "APPROVED" })).status).toBe(
      403,
    );
    expect(
      (
        await call(ctx.app, underwriter, "POST", "/api/quotes/00000000-0000-4000-8000-000000000000/uw/decision", {
          decision: "APPROVED",
        })
      ).status,
    ).toBe(404);
    expect((await call(ctx.app, underwriter, "POST", url, { decision: "APPROVED" })).status).toBe(200);
    const again = await call(ctx.app, underwriter, "POST", url, { decision: "DECLINED", uwNote: "Too late" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: "Only a referred quote awaits an underwriter decision" });

    const draft = await createCompleteQuote(ctx.app, broker);
    const notReferred = await call(ctx.app, underwriter, "POST", `/api/quotes/${draft.id}/uw/decision`, {
      decision: "APPROVED",
    });
    expect(notReferred.status).toBe(409);
  });

  it("keeps the note for the file from the broker, from a review link and from the quote itself", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const admin = await signIn(ctx.app, "ADMIN");
    const quote = await referred(broker);
    const decided = await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "COUNTER",
      adjustmentMultiplier: 1.1,
      uwNote: "Accepted with a loading for the claims history",
      fileNote: "Second claim in three years; watch at renewal",
    });
    expect(decided.status).toBe(200);
    expect(JSON.stringify(decided.body)).not.toContain("watch at renewal");

    const url = `/api/uw/review/${quote.id}`;
    const noteOf = async (cookie: string | undefined, query = "") => {
      const review = await call<{ data: { history: { uwNote: string | null; fileNote: string | null }[] } }>(
        ctx.app,
        cookie,
        "GET",
        `${url}${query}`,
      );
      expect(review.status).toBe(200);
      return review.body.data.history.at(-1);
    };
    const fileNote = "Second claim in three years; watch at renewal";
    expect(await noteOf(underwriter)).toMatchObject({ fileNote });
    // An administrator reads it in the audit trail, the review being for underwriters and the broker.
    const audit = await call<{ data: { entityId: string | null; details: Record<string, unknown> }[] }>(
      ctx.app,
      admin,
      "GET",
      "/api/audit?action=decision_recorded&pageSize=100",
    );
    expect(audit.body.data.find((entry) => entry.entityId === quote.id)?.details).toMatchObject({ fileNote });
    expect(await noteOf(broker)).toMatchObject({
      uwNote: "Accepted with a loading for the claims history",
      fileNote: null,
    });
    // A review link reads only a review in progress: the broker reopens the quote and refers it again, and the
    // new link shows the earlier decision without its note for the file.
    await patchQuote(ctx.app, broker, quote.id, { financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 1_200_000 } });
    await rateQuote(ctx.app, broker, quote.id, { ...STEP_SEVEN, turnoverBand: "1m_to_1_5m" });
    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);
    const token = await reviewToken(ctx.db, quote.id, ctx.clock.now());
    expect(await noteOf(undefined, `?token=${token}`)).toMatchObject({ fileNote: null });
    for (const cookie of [broker, underwriter]) {
      const read = await call(ctx.app, cookie, "GET", `/api/quotes/${quote.id}`);
      expect(JSON.stringify(read.body)).not.toContain("watch at renewal");
    }
  });

  it("withdraws an approval when the broker changes a rating input afterwards", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "COUNTER",
      adjustmentMultiplier: 1.05,
    });
    // £900,000 stays in the chosen £500k-£1m band: the price cannot change, so the approval stands.
    const sameBand = await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 900_000 },
    });
    expect(sameBand).toMatchObject({ status: "UW_APPROVED", decision: "COUNTER" });
    // £1,200,000 lifts the rating into the £1m-£1.5m band.
    const changed = await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 1_200_000 },
    });
    expect(changed).toMatchObject({ status: "DRAFT", decision: null, adjustmentMultiplier: null });
    const [entry] = await auditEntries(ctx.db, { action: "reopened", entityId: quote.id });
    expect(entry?.details).toMatchObject({ from: "UW_APPROVED" });
    // The history still shows the decision that was made.
    const review = await call<ReviewBody>(ctx.app, underwriter, "GET", `/api/uw/review/${quote.id}`);
    expect(review.body.data.history).toHaveLength(1);
  });
});
