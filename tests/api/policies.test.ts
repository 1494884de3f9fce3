/**
 * GET /api/policies/{policyNumber} (docs/product/screens.md "Policy"): an issued quote read as its policy, with its
 * status from the calendar and its renewal, its figures exactly as the quote stores them, its documents and its
 * history; 404 POLICY_NOT_FOUND for an unknown number and for another broker's policy. The dashboard search finds
 * a quote by its policy number.
 */
import { afterEach, expect, it } from "vitest";
import { formatGbp, parseMoneyString } from "../../src/domain/money";
import type { PolicyView } from "../../src/domain/quote/policy-schema";
import type { Quote, QuoteListResponse } from "../../src/domain/quote/quote";
import { addDays, policyExpiryDate } from "../../src/domain/quote/renewal";
import { shortReceiptHash } from "../../src/domain/receipt/short-hash";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { issuedPolicy, policyUrl, setToday } from "./policies-fixtures";
import { CLEAN_DECLARATION, call, createCompleteQuote, patchQuote } from "./quotes-fixtures";

describeEachDatabase("policies", (ctx) => {
  afterEach(() => ctx.clock.reset());

  async function policyView(cookie: string, policyNumber: string) {
    const answer = await call<{ data: PolicyView }>(ctx.app, cookie, "GET", policyUrl(policyNumber));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  it("answers the insured, period, cover, premium, documents and history exactly as the quote stores them", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const policyNumber = policy.policyNumber ?? "";
    expect(policyNumber).toMatch(/^DCPI\/POL\/\d{6}$/);
    const view = await policyView(broker.cookie, policyNumber);
    const stored = (await call(ctx.app, broker.cookie, "GET", `/api/quotes/${policy.id}`)).body.data;

    expect(view).toMatchObject({
      policyNumber,
      quoteId: stored.id,
      reference: stored.reference,
      status: "In force",
      issuedAt: stored.issuedAt,
      insured: {
        proposerName: stored.proposerName,
        tradingName: stored.tradingName,
        businessAddress: stored.businessAddress,
        businessActivity: stored.insuredsDetails?.businessActivity,
      },
      period: { inceptionDate: stored.inceptionDate, expiryDate: policyExpiryDate(stored.inceptionDate) },
      premium: {
        basePremium: stored.basePremium,
        fees: stored.fees,
        taxes: stored.taxes,
        totalPremium: stored.totalPremium,
      },
      renewal: null,
      renewalOf: null,
    });
    // The fixtures' step 7: £1,000,000 in the aggregate at the standard excess (£1,500 up to £1,000,000).
    expect(view.cover).toEqual({
      coverLimit: "1000000.00",
      excessOption: "standard",
      excess: "1500.00",
      additionalCovers: [],
      limitBasis: "AGGREGATE",
      defenceCosts: "INCLUSIVE",
      retroactiveDate: "None: unlimited retroactive cover",
    });
    expect(view.documents.map((document) => [document.method, document.href])).toEqual([
      ["POST", `/api/quotes/${stored.id}/statement-of-fact`],
      ["POST", `/api/quotes/${stored.id}/policy-schedule`],
      ["GET", "/api/documents/dc-wording?download=true"],
    ]);
    // The rating receipt, named by the short hash the schedule prints.
    const receipt = await call<{ data: { hash: string } }>(
      ctx.app,
      broker.cookie,
      "GET",
      `/api/quotes/${stored.id}/receipt?kind=ISSUE`,
    );
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(view.history).toEqual([
      {
        event: "issued",
        title: "Policy issued",
        at: stored.issuedAt,
        actor: { name: broker.user.name, email: broker.user.email },
        lines: [
          `Reference: ${stored.reference}`,
          `Premium (inclusive): ${formatGbp(parseMoneyString(stored.totalPremium ?? "") ?? 0)}`,
          `Policy number: ${policyNumber}`,
          `Rating receipt: ${shortReceiptHash(receipt.body.data.hash)}`,
        ],
      },
    ]);

    // Each document the view names downloads for the policy's reader.
    for (const document of view.documents) {
      const downloaded = await ctx.app.inject({
        method: document.method,
        url: document.href,
        headers: { cookie: broker.cookie },
      });
      expect(downloaded.statusCode, document.href).toBe(200);
      expect(downloaded.headers["content-type"]).toBe("application/pdf");
    }
  });

  it("is 404 POLICY_NOT_FOUND for an unknown number and for another broker's policy; underwriters see any", async () => {
    const { policy } = await issuedPolicy(ctx);
    const policyNumber = policy.policyNumber ?? "";
    const stranger = await signInNewUser(ctx.app, ctx.db, "BROKER");
    for (const [cookie, number] of [
      [stranger.cookie, policyNumber],
      [stranger.cookie, "DCPI/POL/999999"],
      [await signIn(ctx.app, "UNDERWRITER"), "DCPI/POL/999999"],
    ] as const) {
      const refused = await call(ctx.app, cookie, "GET", policyUrl(number));
      expect(refused).toEqual({ status: 404, body: { error: "Policy not found", code: "POLICY_NOT_FOUND" } });
    }
    // A quote not yet issued has no policy, whatever is asked for.
    const draft = await createCompleteQuote(ctx.app, stranger.cookie);
    const notIssued = await call(ctx.app, stranger.cookie, "GET", policyUrl(draft.reference));
    expect(notIssued.status).toBe(404);

    const underwriter = await policyView(await signIn(ctx.app, "UNDERWRITER"), policyNumber);
    expect(underwriter.policyNumber).toBe(policyNumber);
    const admin = await policyView(await signIn(ctx.app, "ADMIN"), policyNumber);
    expect(admin.policyNumber).toBe(policyNumber);
    const signedOut = await call(ctx.app, undefined, "GET", policyUrl(policyNumber));
    expect(signedOut.status).toBe(401);
  });

  it("is in force to its last day of cover and expired from the day after", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const policyNumber = policy.policyNumber ?? "";
    const expiry = policyExpiryDate(policy.inceptionDate);
    // A year on, the session of today has ended: the broker signs in on each day.
    setToday(ctx, expiry);
    expect((await policyView(await signIn(ctx.app, broker.credentials), policyNumber)).status).toBe("In force");
    setToday(ctx, addDays(expiry, 1));
    expect((await policyView(await signIn(ctx.app, broker.credentials), policyNumber)).status).toBe("Expired");
  });

  it("is renewed once its renewal is issued, not while the renewal is only quoted, with the renewal in its history", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const policyNumber = policy.policyNumber ?? "";
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const renewed = await call(ctx.app, underwriter, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    const renewal: Quote = renewed.body.data;
    await patchQuote(ctx.app, broker.cookie, renewal.id, { declaration: CLEAN_DECLARATION });
    await patchQuote(ctx.app, broker.cookie, renewal.id, { status: "QUOTED" });

    const quoted = await policyView(broker.cookie, policyNumber);
    expect(quoted.status).toBe("In force");
    expect(quoted.renewal).toEqual({
      quoteId: renewal.id,
      reference: renewal.reference,
      status: "QUOTED",
      policyNumber: null,
    });
    // Quoted but not issued, after the policy's last day: expired, not renewed.
    setToday(ctx, addDays(policyExpiryDate(policy.inceptionDate), 1));
    expect((await policyView(await signIn(ctx.app, broker.credentials), policyNumber)).status).toBe("Expired");
    ctx.clock.reset();

    const issued = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${renewal.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const view = await policyView(broker.cookie, policyNumber);
    expect(view.status).toBe("Renewed");
    expect(view.renewal).toMatchObject({ status: "ISSUED", policyNumber: issued.body.data.policyNumber });
    expect(view.history.map((entry) => [entry.title, entry.actor?.email])).toEqual([
      ["Policy issued", broker.user.email],
      ["Renewal started", "underwriter@example.com"],
      ["Renewal issued", broker.user.email],
    ]);
    expect(view.history[1]?.lines).toContain(`Renewal: ${renewal.reference}`);

    // The renewal's own policy names the policy it renews.
    const renewalView = await policyView(broker.cookie, issued.body.data.policyNumber ?? "");
    expect(renewalView).toMatchObject({
      status: "In force",
      renewalOf: { reference: policy.reference, policyNumber },
      period: { inceptionDate: addDays(policyExpiryDate(policy.inceptionDate), 1) },
    });
  });

  it("finds an issued quote on the dashboard by its policy number, for its broker only", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const policyNumber = policy.policyNumber ?? "";
    const stranger = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const search = async (cookie: string, text: string) =>
      (await call<QuoteListResponse>(ctx.app, cookie, "GET", `/api/quotes?q=${encodeURIComponent(text)}`)).body;
    for (const text of [policyNumber, policyNumber.toLowerCase(), "POL/"]) {
      const found = await search(broker.cookie, text);
      expect(
        found.data.map((row) => row.quote.policyNumber),
        text,
      ).toEqual([policyNumber]);
    }
    expect((await search(await signIn(ctx.app, "UNDERWRITER"), policyNumber)).data).toHaveLength(1);
    expect((await search(stranger.cookie, policyNumber)).meta.total).toBe(0);
  });
});
