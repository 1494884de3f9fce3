/**
 * An underwriter's authority (docs/product/permissions.md "Authority"), through the HTTP API on both databases:
 * an administrator sets it, a decision beyond it is refused naming what exceeds it and nothing is stored, a
 * decline needs none, and the review and the queue say so before the underwriter tries.
 */
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import type { PolicyView } from "../../src/domain/quote/policy-schema";
import type { Quote } from "../../src/domain/quote/quote";
import { addDays } from "../../src/domain/quote/renewal";
import type { AuthorityInput, UserWithAuthority } from "../../src/domain/underwriting/authority-schema";
import type { UnderwriterQueueResponse } from "../../src/domain/underwriting/queue";
import { underwriterDecisions } from "../../src/server/db/schema";
import { auditEntries } from "../support/audit";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { issuedPolicy, policyUrl } from "./policies-fixtures";
import { call, createCompleteQuote, MATERIAL_FACT_DECLARATION, rateQuote } from "./quotes-fixtures";

const FULL: AuthorityInput = {
  maxCoverLimit: null,
  maxGrossPremium: null,
  clearableReferralCodes: null,
  counterMin: 0.85,
  counterMax: 1.15,
};

describeEachDatabase("underwriting authority", (ctx) => {
  afterEach(() => ctx.clock.reset());

  const putAuthority = async (cookie: string, userId: string, body: unknown) => {
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/users/${userId}/authority`,
      headers: { cookie },
      payload: body as Record<string, unknown>,
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** A new underwriter signed in, with `authority` given by the administrator. */
  async function underwriterWith(authority: Partial<AuthorityInput>) {
    const underwriter = await signInNewUser(ctx.app, ctx.db, "UNDERWRITER");
    const set = await putAuthority(await signIn(ctx.app, "ADMIN"), underwriter.user.id, { ...FULL, ...authority });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return underwriter;
  }

  /** A quote referred for a material fact: £1,000,000 limit (or `coverLimit`), £1,173.20 gross at £1m. */
  async function referredQuote(coverLimit = 1_000_000): Promise<Quote> {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    await rateQuote(ctx.app, broker, quote.id, {
      turnoverBand: "500k_to_1m",
      risk: { coverLimitAggregate: coverLimit },
    });
    const referred = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {
      underwriterEmails: ["underwriter@example.com"],
    });
    expect(referred.status).toBe(200);
    return referred.body.data;
  }

  const decide = (cookie: string, quote: Quote, body: Record<string, unknown>) =>
    call(ctx.app, cookie, "POST", `/api/quotes/${quote.id}/uw/decision`, body);

  /** The refusal names the excess, and the quote is as it was: still referred, no decision kept. */
  async function expectRefused(cookie: string, quote: Quote, body: Record<string, unknown>, message: string) {
    const refused = await decide(cookie, quote, body);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "AUTHORITY_EXCEEDED", error: message });
    const after = await call(ctx.app, cookie, "GET", `/api/quotes/${quote.id}`);
    expect(after.body.data).toMatchObject({ status: "REFERRED", version: quote.version, decision: null });
    expect(await ctx.db.select().from(underwriterDecisions).where(eq(underwriterDecisions.quoteId, quote.id))).toEqual(
      [],
    );
  }

  it("refuses an approval above the cover limit, naming it, and stores nothing", async () => {
    const underwriter = await underwriterWith({ maxCoverLimit: 500_000 });
    await expectRefused(
      underwriter.cookie,
      await referredQuote(),
      { decision: "APPROVED" },
      "The cover limit £1,000,000 is above your authority of £500,000",
    );
  });

  it("refuses a premium above the authority, and judges a counter offer by its counter-priced premium", async () => {
    const underwriter = await underwriterWith({ maxGrossPremium: "1100.00" });
    const quote = await referredQuote();
    const message = "The premium £1,173.20 is above your authority of £1,100.00";
    await expectRefused(underwriter.cookie, quote, { decision: "APPROVED" }, message);
    await expectRefused(underwriter.cookie, quote, { decision: "COUNTER", adjustmentMultiplier: 1 }, message);
    // 0.90: base £911.25 + fee £35.00 + IPT £113.55 = £1,059.80, within £1,100.00.
    const countered = await decide(underwriter.cookie, quote, { decision: "COUNTER", adjustmentMultiplier: 0.9 });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    expect(countered.body.data).toMatchObject({ status: "UW_APPROVED", totalPremium: "1059.80" });
  });

  it("refuses a referral the authority may not clear, and a counter outside its range", async () => {
    const quote = await referredQuote();
    const noFacts = await underwriterWith({ clearableReferralCodes: ["NON_UK_WORK"] });
    await expectRefused(
      noFacts.cookie,
      quote,
      { decision: "APPROVED" },
      'The referral "A material fact was answered Yes in the declaration" (MATERIAL_FACTS) is not one your authority may clear',
    );
    const narrow = await underwriterWith({ counterMin: 0.95, counterMax: 1.05 });
    await expectRefused(
      narrow.cookie,
      quote,
      { decision: "COUNTER", adjustmentMultiplier: 1.1 },
      "The adjustment 1.10x is outside your counter-offer range of 0.95x to 1.05x",
    );
    const within = await decide(narrow.cookie, quote, { decision: "COUNTER", adjustmentMultiplier: 1.05 });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
  });

  it("lets an underwriter decline beyond their authority: declining needs none", async () => {
    const underwriter = await underwriterWith({
      maxCoverLimit: 100_000,
      maxGrossPremium: "1.00",
      clearableReferralCodes: [],
    });
    const declined = await decide(underwriter.cookie, await referredQuote(), { decision: "DECLINED", uwNote: "No" });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.data.status).toBe("UW_DECLINED");
  });

  it("tells the underwriter on the review what is beyond their authority, and their counter range", async () => {
    const quote = await referredQuote();
    const junior = await underwriterWith({ maxGrossPremium: "1000.00", counterMin: 0.95, counterMax: 1.05 });
    const review = await call<{ data: { authority: unknown } }>(
      ctx.app,
      junior.cookie,
      "GET",
      `/api/uw/review/${quote.id}`,
    );
    expect(review.body.data.authority).toEqual({
      beyond: ["The premium £1,173.20 is above your authority of £1,000.00"],
      counterMin: 0.95,
      counterMax: 1.05,
    });
    const full = await signIn(ctx.app, "UNDERWRITER");
    const fullReview = await call<{ data: { authority: unknown } }>(ctx.app, full, "GET", `/api/uw/review/${quote.id}`);
    expect(fullReview.body.data.authority).toEqual({ beyond: [], counterMin: 0.85, counterMax: 1.15 });
    const broker = await call<{ data: { authority: unknown } }>(
      ctx.app,
      await signIn(ctx.app, "BROKER"),
      "GET",
      `/api/uw/review/${quote.id}`,
    );
    expect(broker.body.data.authority).toBeNull();
  });

  it("marks the queue's referrals that need a higher authority and filters by it, the total counting the filtered rows", async () => {
    const small = await referredQuote(1_000_000);
    const large = await referredQuote(2_000_000);
    const junior = await underwriterWith({ maxCoverLimit: 1_500_000 });
    const queue = async (cookie: string, filter = "") => {
      const answer = await call<UnderwriterQueueResponse>(
        ctx.app,
        cookie,
        "GET",
        `/api/uw/queue?pageSize=100${filter}`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const all = await queue(junior.cookie);
    const mark = (id: string) => all.data.find((row) => row.id === id)?.needsHigherAuthority;
    expect([mark(small.id), mark(large.id)]).toEqual([false, true]);
    const within = await queue(junior.cookie, "&authority=within");
    const beyond = await queue(junior.cookie, "&authority=beyond");
    expect(within.data.every((row) => !row.needsHigherAuthority)).toBe(true);
    expect(beyond.data.every((row) => row.needsHigherAuthority)).toBe(true);
    expect(within.data.map((row) => row.id)).toContain(small.id);
    expect(beyond.data.map((row) => row.id)).toContain(large.id);
    expect(within.meta.total + beyond.meta.total).toBe(all.meta.total);
    expect(beyond.meta.total).toBe(beyond.data.length);
    // The demo underwriter has full authority: nothing needs a higher one.
    const full = await queue(await signIn(ctx.app, "UNDERWRITER"), "&authority=beyond");
    expect(full.meta.total).toBe(0);
    const wrong = await call(ctx.app, junior.cookie, "GET", "/api/uw/queue?authority=mine");
    expect(wrong.status).toBe(400);
  });

  it("lets an administrator set an underwriter's authority, shown in the users list and audited", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const underwriter = await signInNewUser(ctx.app, ctx.db, "UNDERWRITER");
    const body = {
      maxCoverLimit: 1_000_000,
      maxGrossPremium: "5000.00",
      clearableReferralCodes: ["MATERIAL_FACTS"],
      counterMin: 0.95,
      counterMax: 1.05,
    };
    const set = await putAuthority(admin, underwriter.user.id, body);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ id: underwriter.user.id, role: "UNDERWRITER", authority: body });
    const list = await call<{ data: UserWithAuthority[] }>(ctx.app, admin, "GET", "/api/users");
    const listed = (email: string) => list.body.data.find((user) => user.email === email)?.authority;
    expect(listed(underwriter.user.email)).toEqual(body);
    expect(listed("underwriter@example.com")).toEqual({ ...FULL });
    expect(listed("broker@example.com")).toBeNull();
    const [audit] = await auditEntries(ctx.db, { action: "authority_changed", entityId: underwriter.user.id });
    expect(audit).toMatchObject({ entityType: "user", details: { before: FULL, after: body } });
  });

  it("refuses anyone but an administrator, bad values with the schema's words, an unknown user and a broker", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const underwriter = await signInNewUser(ctx.app, ctx.db, "UNDERWRITER");
    for (const role of ["BROKER", "UNDERWRITER"] as const) {
      expect((await putAuthority(await signIn(ctx.app, role), underwriter.user.id, FULL)).status).toBe(403);
    }
    const bad = await putAuthority(admin, underwriter.user.id, { ...FULL, maxCoverLimit: -5, counterMax: 1.2 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: "VALIDATION_FAILED",
      issues: [
        { path: "maxCoverLimit", message: "Highest cover limit must be a whole number of pounds above zero" },
        { path: "counterMax", message: "Counter-offer multipliers must be between 0.85 and 1.15 in steps of 0.01" },
      ],
    });
    expect((await putAuthority(admin, "00000000-0000-4000-8000-000000000000", FULL)).status).toBe(404);
    const broker = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const notUnderwriter = await putAuthority(admin, broker.user.id, FULL);
    expect(notUnderwriter.status).toBe(400);
    expect(notUnderwriter.body).toMatchObject({ error: "Only an underwriter has an authority" });
    expect(await auditEntries(ctx.db, { action: "authority_changed", entityId: underwriter.user.id })).toEqual([]);
  });

  it("refuses a policy change beyond the authority, approved from a broker's request or made directly", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const body = { effectiveDate: addDays(inceptionDate, 20), changes: { coverLimitAggregate: 2_000_000 } };
    const policy = async () =>
      (await call<{ data: PolicyView }>(ctx.app, broker.cookie, "GET", policyUrl(policyNumber))).body.data;
    const { version } = await policy();
    const referred = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/change-requests"), {
      ...body,
      expectedVersion: version,
    });
    expect(referred.status, JSON.stringify(referred.body)).toBe(201);
    const junior = await underwriterWith({ maxCoverLimit: 1_000_000 });
    const waiting = await call<{ data: { id: string; policyNumber: string }[] }>(
      ctx.app,
      junior.cookie,
      "GET",
      "/api/uw/policy-changes",
    );
    const requestId = waiting.body.data.find((row) => row.policyNumber === policyNumber)?.id ?? "";
    const message = "The cover limit £2,000,000 is above your authority of £1,000,000";
    const approve = await call(
      ctx.app,
      junior.cookie,
      "POST",
      policyUrl(policyNumber, `/change-requests/${requestId}/decision`),
      { decision: "APPROVED" },
    );
    expect(approve.status).toBe(403);
    expect(approve.body).toMatchObject({ code: "AUTHORITY_EXCEEDED", error: message });
    const direct = await call(ctx.app, junior.cookie, "POST", policyUrl(policyNumber, "/adjustments"), {
      ...body,
      expectedVersion: version,
    });
    expect(direct.status).toBe(403);
    expect(direct.body).toMatchObject({ code: "AUTHORITY_EXCEEDED", error: message });
    // Nothing changed: the policy keeps its limit and version, and the request still waits.
    const after = await policy();
    expect(after).toMatchObject({ version, cover: { coverLimit: "1000000.00" } });
    expect(after.pendingChange).not.toBeNull();
    // The demo underwriter, with full authority, approves it.
    const full = await call(
      ctx.app,
      await signIn(ctx.app, "UNDERWRITER"),
      "POST",
      policyUrl(policyNumber, `/change-requests/${requestId}/decision`),
      { decision: "APPROVED" },
    );
    expect(full.status, JSON.stringify(full.body)).toBe(200);
  });
});
