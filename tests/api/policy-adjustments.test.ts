/**
 * Mid-term adjustments (docs/product/life-cycle.md "Mid-term adjustments"), through the HTTP API on both databases:
 * the year re-rated with the policy's own version and the difference charged or returned for the days left, shown
 * before confirming and stored as shown; an endorsement for each; a change that refers needs an underwriter; dates
 * inside the period and never before the last adjustment; one of two racing changes lands.
 */
import { afterEach, expect, it } from "vitest";
import { formatDateGb } from "../../src/domain/format/dates";
import { formatGbp, parseMoneyString, percentOf, roundHalfUp } from "../../src/domain/money";
import { ADJUSTMENT_MESSAGES } from "../../src/domain/quote/adjustment";
import { POLICY_CHANGED_MESSAGE } from "../../src/domain/quote/cancellation";
import type { AdjustmentFiguresAnswer, PolicyView } from "../../src/domain/quote/policy-schema";
import { addDays, policyExpiryDate } from "../../src/domain/quote/renewal";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { issuedPolicy, policyUrl, setToday } from "./policies-fixtures";
import { call } from "./quotes-fixtures";

const pence = (money: string) => parseMoneyString(money) ?? Number.NaN;

describeEachDatabase("mid-term adjustments", (ctx) => {
  afterEach(() => ctx.clock.reset());

  const view = async (cookie: string, policyNumber: string) => {
    const answer = await call<{ data: PolicyView }>(ctx.app, cookie, "GET", policyUrl(policyNumber));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const figures = (cookie: string, policyNumber: string, body: Record<string, unknown>) =>
    call<{ data: AdjustmentFiguresAnswer }>(
      ctx.app,
      cookie,
      "POST",
      policyUrl(policyNumber, "/adjustments/figures"),
      body,
    );
  const adjust = (cookie: string, policyNumber: string, body: Record<string, unknown>) =>
    call<{ data: PolicyView }>(ctx.app, cookie, "POST", policyUrl(policyNumber, "/adjustments"), body);

  it("returns premium pro rata for a higher excess, shows it first, stores it, and prints its endorsement", async () => {
    const { broker, policy, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const before = await view(broker.cookie, policyNumber);
    expect(before.adjustFrom).toBe(inceptionDate);
    const effectiveDate = addDays(inceptionDate, 100);
    const body = { effectiveDate, changes: { excessDiscount: "2x" } };

    const shown = await figures(broker.cookie, policyNumber, body);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const data = shown.body.data;
    expect(data).toMatchObject({
      effectiveDate,
      changes: [{ label: "Excess", from: "Standard Excess", to: "Excess (2x)" }],
      referralReasons: [],
      canBind: true,
      waived: false,
    });
    expect(data.annualBefore).toBe(policy.basePremium);
    const daysInPeriod = data.daysInPeriod;
    expect(data.daysRemaining).toBe(daysInPeriod - 100);
    const expected = roundHalfUp(
      ((pence(data.annualAfter) - pence(data.annualBefore)) * data.daysRemaining) / daysInPeriod,
    );
    expect(pence(data.premium)).toBe(expected);
    expect(expected).toBeLessThan(0);
    expect(pence(data.taxes)).toBe(percentOf(expected, 12));

    const done = await adjust(broker.cookie, policyNumber, { ...body, expectedVersion: before.version });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const after = done.body.data;
    expect(after.cover).toMatchObject({ excessOption: "2x" });
    expect(after.answers).toMatchObject({ excessDiscount: "2x", coverLimitAggregate: 1_000_000 });
    expect(after.transactions.map((row) => [row.sequence, row.kind, row.effectiveDate, row.totalPremium])).toEqual([
      [1, "NEW_BUSINESS", inceptionDate, policy.totalPremium],
      [2, "ADJUSTMENT", effectiveDate, data.total],
    ]);
    expect(pence(after.paidToDate.totalPremium)).toBe(pence(policy.totalPremium ?? "") + pence(data.total));
    expect(after.history.at(-1)).toMatchObject({ event: "adjusted", title: "Policy adjusted" });
    expect(after.history.at(-1)?.lines).toContain("Endorsement No.: 1");

    const endorsement = after.documents.find((document) => document.type === "endorsement");
    expect(endorsement).toMatchObject({ endorsement: 1, href: policyUrl(policyNumber, "/endorsements/1") });
    const pdf = await ctx.app.inject({
      method: "POST",
      url: endorsement?.href ?? "",
      headers: { cookie: broker.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-disposition"]).toContain(`${policy.reference}-endorsement-1.pdf`);
    const printed = pdfText(pdf.rawPayload);
    for (const line of [
      "Endorsement No. 1",
      `With effect from ${formatDateGb(effectiveDate)} the policy is amended`,
      "Excess Standard Excess Excess (2x)",
      `Return premium ${formatGbp(-pence(data.premium))}`,
      `Total returned to the insured ${formatGbp(-pence(data.total))}`,
    ]) {
      expect(printed).toContain(line);
    }
    expect(
      (
        await ctx.app.inject({
          method: "POST",
          url: policyUrl(policyNumber, "/endorsements/2"),
          headers: { cookie: broker.cookie },
        })
      ).statusCode,
    ).toBe(404);

    // A later change may not take effect before this one.
    const earlier = await figures(broker.cookie, policyNumber, {
      effectiveDate: addDays(effectiveDate, -1),
      changes: { tradingName: "New Name" },
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body).toMatchObject({
      issues: [{ path: "effectiveDate", message: ADJUSTMENT_MESSAGES.beforeLastAdjustment(effectiveDate) }],
    });
  });

  it("renames the insured at no charge, and the renewal and the policy carry the new name", async () => {
    const { broker, policy, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const { version } = await view(broker.cookie, policyNumber);
    const done = await adjust(broker.cookie, policyNumber, {
      effectiveDate: addDays(inceptionDate, 10),
      changes: { proposerName: "Acme Renamed Ltd", tradingName: null },
      expectedVersion: version,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.data.insured).toMatchObject({ proposerName: "Acme Renamed Ltd", tradingName: null });
    expect(done.body.data.answers).toMatchObject({ proposerName: "Acme Renamed Ltd", tradingName: null });
    expect(done.body.data.transactions.at(-1)).toMatchObject({ kind: "ADJUSTMENT", totalPremium: "0.00" });
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const renewal = await call(ctx.app, underwriter, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(201);
    expect(renewal.body.data).toMatchObject({ proposerName: "Acme Renamed Ltd", tradingName: null });
  });

  it("sends a higher limit, or a broker's back-dated change, to an underwriter, who may make it", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    setToday(ctx, addDays(inceptionDate, 30));
    const brokerCookie = await signIn(ctx.app, broker.credentials);
    const body = { effectiveDate: addDays(inceptionDate, 20), changes: { coverLimitAggregate: 2_000_000 } };
    const shown = await figures(brokerCookie, policyNumber, body);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data).toMatchObject({
      referralReasons: [ADJUSTMENT_MESSAGES.higherLimit, ADJUSTMENT_MESSAGES.backDated],
      canBind: false,
    });
    expect(pence(shown.body.data.premium)).toBeGreaterThan(0);
    const { version } = await view(brokerCookie, policyNumber);
    const refused = await adjust(brokerCookie, policyNumber, { ...body, expectedVersion: version });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "ADJUSTMENT_NEEDS_UNDERWRITER",
      error: `This change needs an underwriter: ${ADJUSTMENT_MESSAGES.higherLimit}; ${ADJUSTMENT_MESSAGES.backDated}`,
    });
    expect((await view(brokerCookie, policyNumber)).version).toBe(version);

    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    expect((await figures(underwriter, policyNumber, body)).body.data.canBind).toBe(true);
    const made = await adjust(underwriter, policyNumber, { ...body, expectedVersion: version });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.cover.coverLimit).toBe("2000000.00");
    expect(made.body.data.transactions.at(-1)?.totalPremium).toBe(shown.body.data.total);
  });

  it("names what is wrong: a date outside the period, nothing changed, a cancelled policy, an administrator", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const outside = await figures(broker.cookie, policyNumber, {
      effectiveDate: addDays(policyExpiryDate(inceptionDate), 1),
      changes: { tradingName: "X" },
    });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ issues: [{ path: "effectiveDate" }] });
    const same = await figures(broker.cookie, policyNumber, {
      effectiveDate: inceptionDate,
      changes: { excessDiscount: "standard" },
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ issues: [{ path: "changes", message: ADJUSTMENT_MESSAGES.nothingChanges }] });
    const empty = await figures(broker.cookie, policyNumber, { effectiveDate: inceptionDate, changes: {} });
    expect(empty.status).toBe(400);
    const admin = await signIn(ctx.app, "ADMIN");
    expect(
      (await figures(admin, policyNumber, { effectiveDate: inceptionDate, changes: { tradingName: "X" } })).status,
    ).toBe(403);
    expect((await view(admin, policyNumber)).adjustFrom).toBeNull();

    const { version } = await view(broker.cookie, policyNumber);
    const cancelled = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/cancellation"), {
      effectiveDate: inceptionDate,
      reason: "Sold",
      expectedVersion: version,
    });
    expect(cancelled.status).toBe(201);
    const afterCancel = await figures(broker.cookie, policyNumber, {
      effectiveDate: inceptionDate,
      changes: { tradingName: "X" },
    });
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body).toMatchObject({
      code: "POLICY_STATE_CONFLICT",
      error: "Only a policy in force can be adjusted: this policy is cancelled",
    });
  });

  it("lands one of two changes sent together, and a cancellation after it returns no more than was paid", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const { version } = await view(broker.cookie, policyNumber);
    const body = {
      effectiveDate: addDays(inceptionDate, 5),
      changes: { excessDiscount: "5x" },
      expectedVersion: version,
    };
    const answers = await Promise.all([
      adjust(broker.cookie, policyNumber, body),
      adjust(broker.cookie, policyNumber, body),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      code: "VERSION_CONFLICT",
      error: POLICY_CHANGED_MESSAGE,
    });
    const adjusted = await view(broker.cookie, policyNumber);
    expect(adjusted.transactions.filter((row) => row.kind === "ADJUSTMENT")).toHaveLength(1);

    const cancelled = await call<{ data: PolicyView }>(
      ctx.app,
      broker.cookie,
      "POST",
      policyUrl(policyNumber, "/cancellation"),
      {
        effectiveDate: addDays(inceptionDate, 5),
        reason: "Sold",
        expectedVersion: adjusted.version,
      },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(201);
    const paid = cancelled.body.data.transactions.reduce((sum, row) => sum + pence(row.totalPremium), 0);
    expect(pence(cancelled.body.data.paidToDate.totalPremium)).toBe(paid);
    expect(paid).toBeGreaterThanOrEqual(0);
  });

  it("sends a broker's change that refers to the underwriters, who approve it (the change is made) or decline it", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const body = { effectiveDate: addDays(inceptionDate, 20), changes: { coverLimitAggregate: 2_000_000 } };
    const shown = (await figures(broker.cookie, policyNumber, body)).body.data;
    const { version } = await view(broker.cookie, policyNumber);
    const refer = (cookie: string, extra: Record<string, unknown> = {}) =>
      call<{ data: PolicyView }>(ctx.app, cookie, "POST", policyUrl(policyNumber, "/change-requests"), {
        ...body,
        expectedVersion: version,
        ...extra,
      });
    const referred = await refer(broker.cookie);
    expect(referred.status, JSON.stringify(referred.body)).toBe(201);
    expect(referred.body.data.pendingChange).toMatchObject({
      effectiveDate: body.effectiveDate,
      changes: [{ label: "Limit of indemnity", from: "£1,000,000", to: "£2,000,000" }],
      referralReasons: [ADJUSTMENT_MESSAGES.higherLimit],
      total: shown.total,
      requestedBy: { email: broker.user.email },
      canDecide: false,
    });
    // Nothing on the policy changes while it waits, and a second request waits behind none.
    expect(referred.body.data.version).toBe(version);
    expect(referred.body.data.cover.coverLimit).toBe("1000000.00");
    expect(referred.body.data.history.at(-1)?.title).toBe("Change referred to an underwriter");
    const second = await refer(broker.cookie);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: "A change to this policy is already waiting for an underwriter" });

    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const queue = await call<{ data: { id: string; policyNumber: string; total: string }[] }>(
      ctx.app,
      underwriter,
      "GET",
      "/api/uw/policy-changes",
    );
    expect(queue.status).toBe(200);
    const waiting = queue.body.data.find((row) => row.policyNumber === policyNumber);
    expect(waiting).toMatchObject({ total: shown.total });
    const requestId = waiting?.id ?? "";
    const decide = (cookie: string, decision: Record<string, unknown>) =>
      call<{ data: PolicyView }>(
        ctx.app,
        cookie,
        "POST",
        policyUrl(policyNumber, `/change-requests/${requestId}/decision`),
        decision,
      );
    expect((await decide(broker.cookie, { decision: "APPROVED" })).status).toBe(403);
    const approved = await decide(underwriter, { decision: "APPROVED" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ pendingChange: null, cover: { coverLimit: "2000000.00" } });
    expect(approved.body.data.transactions.at(-1)).toMatchObject({ kind: "ADJUSTMENT", totalPremium: shown.total });
    expect(approved.body.data.history.at(-1)?.actor?.email).toBe("underwriter@example.com");
    expect((await decide(underwriter, { decision: "APPROVED" })).status).toBe(409);

    // Declined: with a note the broker reads, and the policy as it was.
    const next = await view(broker.cookie, policyNumber);
    const again = await call<{ data: PolicyView }>(
      ctx.app,
      broker.cookie,
      "POST",
      policyUrl(policyNumber, "/change-requests"),
      {
        effectiveDate: body.effectiveDate,
        changes: { coverLimitAggregate: 5_000_000 },
        expectedVersion: next.version,
      },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const againId = again.body.data.pendingChange?.id ?? "";
    const declineUrl = policyUrl(policyNumber, `/change-requests/${againId}/decision`);
    const withoutNote = await call(ctx.app, underwriter, "POST", declineUrl, { decision: "DECLINED" });
    expect(withoutNote.status).toBe(400);
    expect(withoutNote.body).toMatchObject({ issues: [{ path: "note" }] });
    const declined = await call<{ data: PolicyView }>(ctx.app, underwriter, "POST", declineUrl, {
      decision: "DECLINED",
      note: "Above our authority for this trade",
    });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ pendingChange: null, cover: { coverLimit: "2000000.00" } });
    expect(declined.body.data.history.at(-1)).toMatchObject({ title: "Change declined" });
    expect(declined.body.data.history.at(-1)?.lines).toContain(
      "Underwriter's note: Above our authority for this trade",
    );

    // A change that binds at once is made, not sent.
    const binds = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/change-requests"), {
      effectiveDate: body.effectiveDate,
      changes: { tradingName: "Acme Trading" },
      expectedVersion: declined.body.data.version,
    });
    expect(binds.status).toBe(409);
    expect(binds.body).toMatchObject({ error: "This change does not need an underwriter: make it directly" });
  });
});
