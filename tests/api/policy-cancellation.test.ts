/**
 * Cancelling a policy (docs/product/life-cycle.md "Cancellation"), through the HTTP API on both databases: the
 * figures shown before confirming are the ones stored and answered after; brokers cancel their own policies from
 * today on, underwriters any policy from any day of its period; a cancelled policy takes no second cancellation
 * and no renewal, and leaves 'Renewals due'; two cancellations racing on one policy land once.
 */

import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { formatDateGb, todayInLondon } from "../../src/domain/format/dates";
import { formatGbp, parseMoneyString, percentOf } from "../../src/domain/money";
import type { CancellationFiguresAnswer, PolicyView } from "../../src/domain/quote/policy-schema";
import { addDays, policyExpiryDate } from "../../src/domain/quote/renewal";
import { DEFAULT_CANCELLATION } from "../../src/domain/rating/config-schema";
import { migrationsFolder } from "../../src/server/db/client";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { issuedPolicy, policyUrl, setToday } from "./policies-fixtures";
import { CLEAN_DECLARATION, call, patchQuote } from "./quotes-fixtures";

const pence = (money: string) => parseMoneyString(money) ?? Number.NaN;

describeEachDatabase("policy cancellation", (ctx) => {
  afterEach(() => ctx.clock.reset());

  const view = async (cookie: string, policyNumber: string) => {
    const answer = await call<{ data: PolicyView }>(ctx.app, cookie, "GET", policyUrl(policyNumber));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const figures = (cookie: string, policyNumber: string, effectiveDate: string) =>
    call<{ data: CancellationFiguresAnswer }>(
      ctx.app,
      cookie,
      "POST",
      policyUrl(policyNumber, "/cancellation/figures"),
      { effectiveDate },
    );
  const cancel = (cookie: string, policyNumber: string, body: Record<string, unknown>) =>
    call<{ data: PolicyView }>(ctx.app, cookie, "POST", policyUrl(policyNumber, "/cancellation"), body);

  it("returns all but the minimum from inception, shows the figures it then stores, and ends the policy", async () => {
    const { broker, policy, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const before = await view(broker.cookie, policyNumber);
    expect(before).toMatchObject({
      status: "In force",
      // Before inception, the earliest date a broker may choose is the inception date itself.
      cancelFrom: inceptionDate,
      cancellation: null,
    });
    expect(before.transactions.map((row) => [row.kind, row.totalPremium])).toEqual([
      ["NEW_BUSINESS", policy.totalPremium],
    ]);

    const shown = await figures(broker.cookie, policyNumber, inceptionDate);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const base = pence(policy.basePremium ?? "");
    const minimum = DEFAULT_CANCELLATION.minimumRetainedPremium * 100;
    const returned = base - minimum;
    expect(shown.body.data).toMatchObject({
      effectiveDate: inceptionDate,
      basis: "shortPeriod",
      daysInForce: 0,
      scalePercent: 0,
      retainedPremium: (minimum / 100).toFixed(2),
      returnPremium: (returned / 100).toFixed(2),
      returnTaxes: (percentOf(returned, 12) / 100).toFixed(2),
    });
    const returnTotal = pence(shown.body.data.returnTotal);
    expect(returnTotal).toBe(returned + percentOf(returned, 12));

    const done = await cancel(broker.cookie, policyNumber, {
      effectiveDate: inceptionDate,
      reason: "The insured has sold the business",
      expectedVersion: before.version,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const after = done.body.data;
    expect(after).toMatchObject({
      status: "Cancelled",
      cancelFrom: null,
      cancellation: {
        effectiveDate: inceptionDate,
        reason: "The insured has sold the business",
        returnTotal: shown.body.data.returnTotal,
      },
    });
    expect(after.transactions.map((row) => [row.sequence, row.kind, row.totalPremium])).toEqual([
      [1, "NEW_BUSINESS", policy.totalPremium],
      [2, "CANCELLATION", `-${shown.body.data.returnTotal}`],
    ]);
    // What the insured has paid, net: the issue less the return, to the penny.
    expect(pence(after.paidToDate.totalPremium)).toBe(pence(policy.totalPremium ?? "") - returnTotal);
    expect(pence(after.paidToDate.basePremium)).toBe(minimum);
    const noticeLink = after.documents.find((document) => document.type === "cancellationNotice");
    expect(noticeLink).toMatchObject({ method: "POST", href: policyUrl(policyNumber, "/cancellation-notice") });
    const notice = await ctx.app.inject({
      method: "POST",
      url: noticeLink?.href ?? "",
      headers: { cookie: broker.cookie },
    });
    expect(notice.statusCode).toBe(200);
    expect(notice.headers["content-type"]).toBe("application/pdf");
    expect(notice.headers["content-disposition"]).toContain(`${policy.reference}-cancellation-notice.pdf`);
    const printed = pdfText(notice.rawPayload);
    const gbp = (money: string) => formatGbp(pence(money));
    for (const line of [
      `Policy ${policyNumber} is cancelled from ${formatDateGb(inceptionDate)}`,
      "Reason The insured has sold the business",
      `Return premium ${gbp(shown.body.data.returnPremium)}`,
      `Insurance Premium Tax (IPT) returned ${gbp(shown.body.data.returnTaxes)}`,
      `Total returned to the insured ${gbp(shown.body.data.returnTotal)}`,
      "Return premium basis From inception: only the minimum retained premium is kept",
    ]) {
      expect(printed).toContain(line);
    }
    const entry = after.history.at(-1);
    expect(entry?.title).toBe("Policy cancelled");
    expect(entry?.actor?.email).toBe(broker.user.email);
    expect(entry?.lines).toEqual(
      expect.arrayContaining([
        "Reason: The insured has sold the business",
        `Total returned: £${(returnTotal / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`,
      ]),
    );

    // No second cancellation, no renewal, and out of 'Renewals due' when its anniversary nears.
    const again = await cancel(broker.cookie, policyNumber, {
      effectiveDate: inceptionDate,
      reason: "Again",
      expectedVersion: after.version,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "POLICY_STATE_CONFLICT" });
    expect((await figures(broker.cookie, policyNumber, inceptionDate)).status).toBe(409);
    const renewal = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewal.status).toBe(409);
    expect(renewal.body).toMatchObject({ code: "RENEWAL_CONFLICT", error: "A cancelled policy cannot be renewed" });
    setToday(ctx, addDays(policyExpiryDate(inceptionDate), -20));
    const due = await call<{ data: { policyNumber: string }[] }>(
      ctx.app,
      await signIn(ctx.app, broker.credentials),
      "GET",
      "/api/quotes/renewals-due",
    );
    expect(due.status).toBe(200);
    expect(due.body.data.map((row) => row.policyNumber)).not.toContain(policyNumber);
  });

  it("lets a broker cancel from today on only, and an underwriter back-date within the period", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx, 0);
    const expiry = policyExpiryDate(inceptionDate);
    setToday(ctx, addDays(inceptionDate, 100));
    const brokerCookie = await signIn(ctx.app, broker.credentials);
    const today = todayInLondon(ctx.clock.now());

    const backDated = await figures(brokerCookie, policyNumber, addDays(today, -1));
    expect(backDated.status).toBe(400);
    expect(backDated.body).toMatchObject({
      code: "VALIDATION_FAILED",
      issues: [{ path: "effectiveDate", message: expect.stringMatching(/ask an underwriter/) }],
    });
    for (const outside of [addDays(inceptionDate, -1), addDays(expiry, 1)]) {
      const answer = await figures(brokerCookie, policyNumber, outside);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ issues: [{ path: "effectiveDate" }] });
    }
    const notADate = await figures(brokerCookie, policyNumber, "2026-02-30");
    expect(notADate.status).toBe(400);
    expect(notADate.body).toMatchObject({ issues: [{ path: "effectiveDate" }] });
    expect((await figures(brokerCookie, policyNumber, today)).status).toBe(200);
    // A broker's view offers today as the first date; an underwriter's the inception date.
    expect((await view(brokerCookie, policyNumber)).cancelFrom).toBe(today);
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const policy = await view(underwriter, policyNumber);
    expect(policy.cancelFrom).toBe(inceptionDate);

    // Four months begun by day 100: the scale keeps 50%.
    const effectiveDate = addDays(inceptionDate, 100);
    const shown = await figures(underwriter, policyNumber, effectiveDate);
    expect(shown.body.data).toMatchObject({ daysInForce: 100, scalePercent: 50 });
    const withoutReason = await cancel(underwriter, policyNumber, { effectiveDate, reason: "  ", expectedVersion: 1 });
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.body).toMatchObject({ issues: [{ path: "reason" }] });
    const stale = await cancel(underwriter, policyNumber, {
      effectiveDate,
      reason: "Non-payment of premium",
      expectedVersion: policy.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "VERSION_CONFLICT" });
    const backDatedByUnderwriter = await cancel(underwriter, policyNumber, {
      effectiveDate: addDays(inceptionDate, 30),
      reason: "Non-payment of premium",
      expectedVersion: policy.version,
    });
    expect(backDatedByUnderwriter.status, JSON.stringify(backDatedByUnderwriter.body)).toBe(201);
    expect(backDatedByUnderwriter.body.data.cancellation?.effectiveDate).toBe(addDays(inceptionDate, 30));
  });

  it("is refused to administrators (403), other brokers (404), and on an expired policy (409)", async () => {
    const { policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const admin = await signIn(ctx.app, "ADMIN");
    const byAdmin = await figures(admin, policyNumber, inceptionDate);
    expect(byAdmin.status).toBe(403);
    expect((await view(admin, policyNumber)).cancelFrom).toBeNull();
    const stranger = await signInNewUser(ctx.app, ctx.db, "BROKER");
    expect((await figures(stranger.cookie, policyNumber, inceptionDate)).status).toBe(404);

    setToday(ctx, addDays(policyExpiryDate(inceptionDate), 1));
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const expired = await figures(underwriter, policyNumber, inceptionDate);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({
      code: "POLICY_STATE_CONFLICT",
      error: "Only a policy in force can be cancelled: this policy is expired",
    });
  });

  it("lands one of two cancellations sent together; the other hears 409 and nothing is written twice", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const { version } = await view(broker.cookie, policyNumber);
    const body = { effectiveDate: inceptionDate, reason: "Duplicate request", expectedVersion: version };
    const answers = await Promise.all([
      cancel(broker.cookie, policyNumber, body),
      cancel(broker.cookie, policyNumber, body),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const after = await view(broker.cookie, policyNumber);
    expect(after.transactions.filter((row) => row.kind === "CANCELLATION")).toHaveLength(1);
    expect(after.history.filter((entry) => entry.event === "cancelled")).toHaveLength(1);
  });

  it("gives every policy issued before transactions were kept its issue as its first transaction", async () => {
    const { broker, policy, policyNumber } = await issuedPolicy(ctx);
    await ctx.db.execute(sql`delete from policy_transactions where policy_id = ${policy.id}`);
    const migration = readFileSync(`${migrationsFolder()}/0028_policy_transactions.sql`, "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1) ?? "";
    expect(backfill).toMatch(/INSERT INTO policy_transactions/);
    await ctx.db.execute(sql.raw(backfill));
    await ctx.db.execute(sql.raw(backfill));
    const after = await view(broker.cookie, policyNumber);
    expect(after.transactions).toMatchObject([
      {
        sequence: 1,
        kind: "NEW_BUSINESS",
        effectiveDate: policy.inceptionDate,
        basePremium: policy.basePremium,
        taxes: policy.taxes,
        totalPremium: policy.totalPremium,
        createdAt: policy.issuedAt,
      },
    ]);
  });

  it("never issues a renewal made before its policy was cancelled", async () => {
    const { broker, policy, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const renewed = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    const renewal = renewed.body.data;
    await patchQuote(ctx.app, broker.cookie, renewal.id, { declaration: CLEAN_DECLARATION });
    await patchQuote(ctx.app, broker.cookie, renewal.id, { status: "QUOTED" });
    const { version } = await view(broker.cookie, policyNumber);
    const cancelled = await cancel(broker.cookie, policyNumber, {
      effectiveDate: inceptionDate,
      reason: "The insured has ceased trading",
      expectedVersion: version,
    });
    expect(cancelled.status).toBe(201);
    const issued = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${renewal.id}/issue`, {});
    expect(issued.status).toBe(409);
    expect(issued.body).toMatchObject({
      code: "QUOTE_STATE_CONFLICT",
      error: "The policy this quote renews has been cancelled: the renewal cannot be issued",
    });
  });
});
