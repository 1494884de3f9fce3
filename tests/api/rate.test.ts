/**
 * POST /api/quotes/{id}/rate, the premium override and its removal, completion, refer and issue rules:
 * figures worked by hand from the seeded D/C-PI 1.0.0 configuration (docs/product/rating.md).
 */
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { addDays } from "../../src/domain/quote/renewal";
import { outbox, ratingVersions } from "../../src/server/db/schema";
import { auditEntries } from "../support/audit";
import { createTestUser, signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import {
  CLEAN_PREMIUM,
  call,
  createCompleteQuote,
  createQuote,
  FINANCIAL_OVERVIEW,
  MATERIAL_FACT_DECLARATION,
  patchQuote,
  type RateResponse,
  rateQuote,
  STEP_SEVEN,
} from "./quotes-fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase("rating a quote", (ctx) => {
  it("rates the stored quote with the version effective on its inception date and audits it", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const rated = await rateQuote(ctx.app, broker, quote.id);
    expect(rated.breakdown).toEqual(CLEAN_PREMIUM);
    expect(rated.referralHits).toEqual([]);
    const [dcPi] = await ctx.db.select().from(ratingVersions).where(eq(ratingVersions.productCode, "D/C-PI"));
    expect(rated.quote).toMatchObject({
      ratingVersionId: dcPi?.id,
      basePremium: "1012.50",
      taxes: "125.70",
      totalPremium: "1173.20",
      fees: CLEAN_PREMIUM.fees,
      turnoverBand: "500k_to_1m",
      premiumOverridden: false,
      version: quote.version + 1,
    });
    expect(rated.quote.ratedAt).toEqual(expect.any(String));
    expect(rated.trace).toContainEqual({
      kind: "factor",
      name: "turnover",
      matched: expect.any(String),
      multiplier: 1.35,
    });
    expect(rated.quote.ratingTrace).toEqual(rated.trace);
    const [entry] = await auditEntries(ctx.db, { action: "rated", entityId: quote.id });
    expect(entry?.details).toMatchObject({ ratingVersionId: dcPi?.id, totalPremium: "1173.20", referralHits: [] });
  });

  it("prices the step-7 selections: band, excess option and additional covers", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    // Band £1m-£1.5m rates on £1,250,000 (factor 1.7): 750 x 1.7 = 1,275.00; + 35 = 1,310.00; IPT 157.20.
    const band = await rateQuote(ctx.app, broker, quote.id, { turnoverBand: "1m_to_1_5m" });
    expect(band.breakdown).toMatchObject({ basePremium: "1275.00", taxes: "157.20", totalPremium: "1467.20" });
    // 5x excess: 1,012.50 x 0.75 = 759.375 -> 759.38; + 35 = 794.38; IPT 95.3256 -> 95.33; total 889.71.
    const excess = await rateQuote(ctx.app, broker, quote.id, {
      turnoverBand: "500k_to_1m",
      risk: { excessDiscount: "5x" },
    });
    expect(excess.breakdown).toMatchObject({ basePremium: "759.38", taxes: "95.33", totalPremium: "889.71" });
    // Contents £10,000 costs £60: fees 95.00; subtotal 854.38 with the 5x excess kept from the last rating.
    const covered = await rateQuote(ctx.app, broker, quote.id, {
      risk: { hasContentsInsurance: true, contentsLimit: 10_000 },
    });
    expect(covered.breakdown.fees).toEqual([
      { code: "POLICY_FEE", label: "Policy fee", amount: "35.00" },
      { code: "CONTENTS", label: "Contents Insurance", amount: "60.00" },
    ]);
    expect(covered.breakdown).toMatchObject({ basePremium: "759.38", subtotal: "854.38" });
    expect(covered.quote.risk).toMatchObject({
      excessDiscount: "5x",
      hasContentsInsurance: true,
      contentsLimit: 10_000,
    });
  });

  it("takes nothing referral-relevant from the client: claims, exports or turnover in risk change nothing", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const rated = await rateQuote(ctx.app, broker, quote.id, {
      turnoverBand: "500k_to_1m",
      risk: {
        coverLimitAggregate: 1_000_000,
        turnover: 9_000_000,
        claimsLast3Yrs: 4,
        hasClaims: true,
        hasExports: true,
        isAllTurnoverUK: false,
        turnoverIncrease20Percent: true,
        employees: 500,
      },
    });
    expect(rated.breakdown).toEqual(CLEAN_PREMIUM);
    expect(rated.referralHits).toEqual([]);
  });

  it("refers on the stored facts even when the client says nothing about them", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, {
      financialOverview: { ...FINANCIAL_OVERVIEW, isAllTurnoverUK: false, overseasWorkSplit: "Ireland 20%" },
    });
    const rated = await rateQuote(ctx.app, broker, quote.id, { risk: { isAllTurnoverUK: true } });
    expect(rated.referralHits.map((hit) => hit.code)).toEqual(["NON_UK_WORK"]);
  });

  it("refuses fields outside Risk, an unknown band and a cover limit under £250,000", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}/rate`;
    expect((await call(ctx.app, broker, "POST", url, { risk: { basePremium: 1 } })).status).toBe(400);
    const band = await call(ctx.app, broker, "POST", url, { turnoverBand: "huge" });
    expect(band.status).toBe(400);
    expect((band.body as unknown as { issues: unknown[] }).issues).toContainEqual({
      path: "turnoverBand",
      message: "Please select a turnover band",
    });
    const limit = await call(ctx.app, broker, "POST", url, { risk: { coverLimitAggregate: 100_000 } });
    expect((limit.body as unknown as { issues: unknown[] }).issues).toContainEqual({
      path: "risk.coverLimitAggregate",
      message: "Cover limit must be at least £250,000",
    });
  });

  it("answers 422 when no published version covers the inception date", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    // A quote started in 2019, when that inception date was still a plausible one.
    ctx.clock.advance(Date.parse("2019-03-01") - ctx.clock.now().getTime());
    let quote: { id: string };
    try {
      quote = await createQuote(ctx.app, broker, { inceptionDate: "2019-06-01" });
    } finally {
      ctx.clock.reset();
    }
    const refused = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/rate`, STEP_SEVEN);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: "NO_RATING_VERSION",
      error: "No published rating version for product D/C-PI covers the inception date 2019-06-01",
    });
  });

  it("answers 401, 403 (administrator, another broker), 404 and 409 (stale version)", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}/rate`;
    expect((await call(ctx.app, undefined, "POST", url, STEP_SEVEN)).status).toBe(401);
    expect((await call(ctx.app, await signIn(ctx.app, "ADMIN"), "POST", url, STEP_SEVEN)).status).toBe(403);
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    expect((await call(ctx.app, other.cookie, "POST", url, STEP_SEVEN)).status).toBe(403);
    expect(
      (await call(ctx.app, broker, "POST", "/api/quotes/00000000-0000-4000-8000-000000000000/rate", STEP_SEVEN)).status,
    ).toBe(404);
    const stale = await call(ctx.app, broker, "POST", url, { ...STEP_SEVEN, expectedVersion: quote.version - 1 });
    expect(stale.status).toBe(409);
  });
});

describeEachDatabase("premium override", (ctx) => {
  it("replaces the base, recomputes fees, taxes and total on the server, and survives re-rating until removed", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await rateQuote(ctx.app, broker, quote.id);
    // The client's taxes and total are ignored: 900.00 + 35.00 = 935.00; IPT 112.20; total 1,047.20.
    const overridden = await patchQuote(ctx.app, broker, quote.id, {
      basePremium: "900.00",
      taxes: "1.00",
      totalPremium: "2.00",
    });
    expect(overridden).toMatchObject({
      premiumOverridden: true,
      basePremium: "900.00",
      taxes: "112.20",
      totalPremium: "1047.20",
    });
    const [applied] = await auditEntries(ctx.db, { action: "override_applied", entityId: quote.id });
    expect(applied?.details).toMatchObject({ basePremium: "900.00", previousBasePremium: "1012.50" });

    const rerated = await rateQuote(ctx.app, broker, quote.id, { turnoverBand: "1m_to_1_5m" });
    expect(rerated.breakdown).toMatchObject({ basePremium: "900.00", totalPremium: "1047.20" });

    const removed = await patchQuote(ctx.app, broker, quote.id, { overrideBasePremium: null });
    expect(removed).toMatchObject({ premiumOverridden: false, basePremium: "1275.00", totalPremium: "1467.20" });
    expect(await auditEntries(ctx.db, { action: "override_removed", entityId: quote.id })).toHaveLength(1);

    // Removing an override that is not there changes nothing.
    const again = await patchQuote(ctx.app, broker, quote.id, { overrideBasePremium: null });
    expect(again.version).toBe(removed.version);
  });

  it("keeps the override as the base while covers added later price their fees, IPT and total, and stores them", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await rateQuote(ctx.app, broker, quote.id);
    // 650.00 + 35.00 = 685.00; IPT 82.20; total 767.20.
    const overridden = await patchQuote(ctx.app, broker, quote.id, { basePremium: "650.00" });
    expect(overridden).toMatchObject({ basePremium: "650.00", taxes: "82.20", totalPremium: "767.20" });
    // D&O £250,000 costs £475 and Contents £75,000 £320: 650 + 35 + 475 + 320 = 1,480.00; IPT 177.60.
    const covered = await rateQuote(ctx.app, broker, quote.id, {
      risk: {
        hasDirectorsOfficersInsurance: true,
        directorsOfficersLimit: 250_000,
        hasContentsInsurance: true,
        contentsLimit: 75_000,
      },
    });
    const figures = {
      basePremium: "650.00",
      fees: [
        { code: "POLICY_FEE", label: "Policy fee", amount: "35.00" },
        { code: "DIRECTORS_OFFICERS", label: "Directors' & Officers' Insurance", amount: "475.00" },
        { code: "CONTENTS", label: "Contents Insurance", amount: "320.00" },
      ],
      taxes: "177.60",
      totalPremium: "1657.60",
    };
    expect(covered.breakdown).toMatchObject({ ...figures, subtotal: "1480.00" });
    expect(covered.quote).toMatchObject({ ...figures, premiumOverridden: true });
    const stored = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(stored.body.data).toMatchObject({ ...figures, premiumOverridden: true, version: covered.quote.version });
  });

  it("refuses an amount that is not above 0 with docs/product/errors.md's message", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    for (const basePremium of ["0.00", "-5.00", "abc"]) {
      const refused = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, { basePremium });
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as { issues: unknown[] }).issues).toContainEqual({
        path: "basePremium",
        message: "Please enter a valid premium amount",
      });
    }
  });

  it("keeps the referral hits of an overridden quote: an override never bypasses a referral", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    await patchQuote(ctx.app, broker, quote.id, { basePremium: "500.00" });
    const completion = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, { status: "QUOTED" });
    expect(completion.status).toBe(409);
    expect(completion.body).toMatchObject({ error: "Quote has referral hits and must be referred" });
  });
});

describeEachDatabase("completion, referral and issue", (ctx) => {
  it("refuses to complete or refer a quote that was never rated", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { rate: false });
    for (const [method, url, body] of [
      ["PATCH", `/api/quotes/${quote.id}`, { status: "QUOTED" }],
      ["POST", `/api/quotes/${quote.id}/refer`, {}],
    ] as const) {
      const refused = await call(ctx.app, broker, method, url, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: "Quote must be rated first" });
    }
  });

  it("re-rates a DRAFT on completion, saving a financial overview sent with it", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const completed = await patchQuote(ctx.app, broker, quote.id, {
      status: "QUOTED",
      financialOverview: { ...FINANCIAL_OVERVIEW, largestSingleProjectValue: 400_000 },
    });
    // Largest project £400,000 loads 1.1: 750 x 1.35 x 1.1 = 1,113.75; + 35 = 1,148.75; IPT 137.85.
    expect(completed).toMatchObject({ status: "QUOTED", basePremium: "1113.75", totalPremium: "1286.60" });
    const actions = (await auditEntries(ctx.db, { entityId: quote.id })).map((entry) => entry.action).slice(-2);
    expect(actions).toEqual(["updated", "completed"]);
  });

  it("refuses to complete a quote twice or one awaiting a decision", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    const twice = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, { status: "QUOTED" });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: "Quote is already completed" });
    const refer = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {});
    expect(refer.status).toBe(409);
    expect(refer.body).toMatchObject({ error: "Only a draft quote can be referred to an underwriter" });
  });

  it("turns a voluntary referral without hits into UW_REQUESTED and e-mails every underwriter", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const referred = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {});
    expect(referred.status).toBe(200);
    expect(referred.body.data).toMatchObject({ status: "UW_REQUESTED", referralReason: null });
    const mail = await ctx.db.select().from(outbox).where(eq(outbox.to, "underwriter@example.com"));
    expect(mail.some((message) => message.body.includes(`/uw/review/${quote.id}?token=`))).toBe(true);
    const [entry] = await auditEntries(ctx.db, { action: "referred", entityId: quote.id });
    // Every active underwriter, the seeded junior one among them.
    expect(entry?.details).toMatchObject({
      status: "UW_REQUESTED",
      recipients: expect.arrayContaining(["underwriter@example.com", "junior.underwriter@example.com"]),
    });
    const waiting = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, { status: "QUOTED" });
    expect(waiting.status).toBe(409);
    expect(waiting.body).toMatchObject({ error: "Quote is awaiting an underwriter decision" });
  });

  it("joins every hit's description into the referral reason and refuses bad addresses", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, {
      declaration: { ...MATERIAL_FACT_DECLARATION, subcontractorInsuranceConfirmed: false },
    });
    const badAddress = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {
      underwriterEmails: ["not-an-address"],
    });
    expect(badAddress.status).toBe(400);
    expect((badAddress.body as unknown as { issues: unknown[] }).issues).toContainEqual({
      path: "underwriterEmails.0",
      message: "Invalid email address",
    });
    // Referral e-mails carry review links, so they go only to active underwriters: anyone else is named and refused.
    for (const outsider of ["broker@example.com", "someone@elsewhere.example"]) {
      const refused = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {
        underwriterEmails: ["underwriter@example.com", outsider],
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: "VALIDATION_FAILED",
        error: `${outsider} is not an active underwriter: a review link is sent only to underwriters`,
        issues: [
          {
            path: "underwriterEmails.1",
            message: `${outsider} is not an active underwriter: a review link is sent only to underwriters`,
          },
        ],
      });
    }
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to, "broker@example.com"))).toHaveLength(0);
    const senior = await createTestUser(ctx.db, { role: "UNDERWRITER" });
    const referred = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {
      underwriterEmails: [` ${senior.user.email.toUpperCase()} `],
    });
    expect(referred.body.data).toMatchObject({
      status: "REFERRED",
      referralReason:
        "A material fact was answered Yes in the declaration, Subcontractors' own insurance not confirmed",
    });
    const mail = await ctx.db.select().from(outbox).where(eq(outbox.to, senior.user.email));
    expect(mail).toHaveLength(1);
  });

  it("issues only a completed quote, and only its owner or an underwriter", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}/issue`;
    const draft = await call(ctx.app, broker, "POST", url, {});
    expect(draft.status).toBe(409);
    expect(draft.body).toMatchObject({ error: "Only a completed quote can be issued" });
    await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    expect((await call(ctx.app, await signIn(ctx.app, "ADMIN"), "POST", url, {})).status).toBe(403);
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    expect((await call(ctx.app, other.cookie, "POST", url, {})).status).toBe(403);
    const issued = await call(ctx.app, await signIn(ctx.app, "UNDERWRITER"), "POST", url, {});
    expect(issued.status).toBe(200);
    expect(issued.body.data.policyNumber).toBe(`DCPI/POL/${quote.reference.slice(5)}`);
    const [entry] = await auditEntries(ctx.db, { action: "issued", entityId: quote.id });
    expect(entry?.details).toMatchObject({ policyNumber: issued.body.data.policyNumber, totalPremium: "1173.20" });
    expect((await call(ctx.app, broker, "POST", url, {})).status).toBe(409);
  });
});

describeEachDatabase("quote validity", (ctx) => {
  afterEach(() => ctx.clock.reset());

  /** Starting 40 days ahead, so a month later the inception is still ahead and nothing is backdated. */
  const ahead = () => ({ stepOne: { inceptionDate: addDays(todayInLondon(ctx.clock.now()), 40) } });

  it("refuses to issue a quote rated more than 30 days ago until it is re-rated", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, ahead());
    const completed = await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });

    ctx.clock.advance(31 * DAY_MS);
    const later = await signIn(ctx.app, "BROKER");
    const expired = await call(ctx.app, later, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ error: "Quote expired: re-rate before issue" });

    // Re-rating with the same selections at the same price renews the quote without reopening it.
    const renewed = await call<RateResponse>(ctx.app, later, "POST", `/api/quotes/${quote.id}/rate`, {});
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.quote).toMatchObject({ status: "QUOTED", totalPremium: "1173.20" });
    expect(new Date(renewed.body.data.quote.ratedAt ?? 0).getTime()).toBeGreaterThan(
      new Date(completed.ratedAt ?? 0).getTime() + 30 * DAY_MS,
    );
    const issued = await call(ctx.app, later, "POST", `/api/quotes/${quote.id}/issue`, {});
    expect(issued.status).toBe(200);
  });

  it("issues up to the end of the 30th day after rating and refuses a minute later, saying to re-rate", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const inTime = await patchQuote(ctx.app, broker, (await createCompleteQuote(ctx.app, broker, ahead())).id, {
      status: "QUOTED",
    });
    const late = await patchQuote(ctx.app, broker, (await createCompleteQuote(ctx.app, broker, ahead())).id, {
      status: "QUOTED",
    });
    const lastRated = new Date(late.ratedAt ?? 0).getTime();
    const firstRated = new Date(inTime.ratedAt ?? 0).getTime();

    // One minute before the first quote's validity ends: it binds (30 days after its rating).
    ctx.clock.advance(firstRated + 30 * DAY_MS - 60_000 - ctx.clock.now().getTime());
    const within = await call(ctx.app, await signIn(ctx.app, "BROKER"), "POST", `/api/quotes/${inTime.id}/issue`, {});
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect(within.body.data).toMatchObject({ status: "ISSUED" });

    // One minute after the second quote's validity ended: refused with the reason and nothing written.
    ctx.clock.advance(lastRated + 30 * DAY_MS + 60_000 - ctx.clock.now().getTime());
    const after = await call(ctx.app, await signIn(ctx.app, "BROKER"), "POST", `/api/quotes/${late.id}/issue`, {});
    expect(after.status).toBe(409);
    expect(after.body).toEqual({ error: "Quote expired: re-rate before issue", code: expect.any(String) });
    expect(await auditEntries(ctx.db, { action: "issued", entityId: late.id })).toEqual([]);
  });

  it("answers a completed quote's stored premium without writing when nothing is chosen differently", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await rateQuote(ctx.app, broker, quote.id);
    const completed = await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    const same = await rateQuote(ctx.app, broker, quote.id, STEP_SEVEN);
    expect(same.quote).toMatchObject({ status: "QUOTED", version: completed.version });
    expect(same.breakdown).toEqual(CLEAN_PREMIUM);
    const changed = await rateQuote(ctx.app, broker, quote.id, { turnoverBand: "1m_to_1_5m" });
    expect(changed.quote).toMatchObject({ status: "DRAFT", totalPremium: "1467.20" });
    const [entry] = await auditEntries(ctx.db, { action: "reopened", entityId: quote.id });
    expect(entry?.details).toMatchObject({ from: "QUOTED", cause: "rate" });
  });
});
