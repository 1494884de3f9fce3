/**
 * Run-off cover (docs/product/life-cycle.md "Run-off", docs/product/rating.md "Run-off") through HTTP on both
 * databases: a run-off quoted from a policy in force (its last annual base premium times the factor, its answers and
 * retroactive date kept), completed, issued as a policy of its own for its years, printed and reported; a run-off
 * rated afresh for a new proposal on step 7, referred like any quote; every refusal with its field or reason; and a
 * version published without run-off factors rating annual quotes as before and refusing run-off.
 */
import { parse } from "csv-parse/sync";
import { afterEach, expect, it } from "vitest";
import { formatGbp, parseMoneyString, roundHalfUp } from "../../src/domain/money";
import type { PolicyView } from "../../src/domain/quote/policy-schema";
import { addDays, policyExpiryDate } from "../../src/domain/quote/renewal";
import { RUN_OFF_MESSAGES, runOffScheduleWording } from "../../src/domain/quote/run-off";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { requestAsRole } from "../support/rating-versions";
import { issuedPolicy, policyUrl, setToday } from "./policies-fixtures";
import {
  CLEAN_DECLARATION,
  CLEAN_PREMIUM,
  call,
  createCompleteQuote,
  patchQuote,
  rateQuote,
  STEP_ONE,
  STEP_SEVEN,
} from "./quotes-fixtures";

const pence = (amount: string | null | undefined) => parseMoneyString(amount ?? "") ?? Number.NaN;
const pounds = (amount: number) => (amount / 100).toFixed(2);

describeEachDatabase("run-off cover", (ctx) => {
  afterEach(() => ctx.clock.reset());

  it("quotes run-off from a policy in force as its last annual base premium x the factor, and issues it as a policy of its own", async () => {
    const dated = { ...CLEAN_DECLARATION, retroactiveCover: "DATE", retroactiveDate: "2020-05-01" };
    const { broker, policy, policyNumber, inceptionDate } = await issuedPolicy(ctx, 10, {
      ...dated,
      previousInsurer: "Acme Mutual",
      previousPolicyEndDate: "2026-11-30",
    });
    const startDate = addDays(inceptionDate, 60);
    const made = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/run-off"), {
      years: 6,
      startDate,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const runOff = made.body.data;
    const annual = pence(policy.basePremium);
    expect(runOff).toMatchObject({
      status: "DRAFT",
      inceptionDate: startDate,
      runOffYears: 6,
      runOffOfId: policy.id,
      runOffAnnualPremium: policy.basePremium,
      basePremium: pounds(roundHalfUp(annual * 2.7)),
      declarationConfirmed: false,
      policyNumber: null,
    });
    expect(runOff.reference).not.toBe(policy.reference);
    // It names the policy it continues, as a renewal names the one it renews.
    const read = await call(ctx.app, broker.cookie, "GET", `/api/quotes/${runOff.id}`);
    for (const answer of [runOff, read.body.data]) {
      expect(answer.runOffOf).toMatchObject({ id: policy.id, reference: policy.reference, policyNumber });
      expect(answer.renewalOf).toBeNull();
    }
    // The retroactive date is the policy's, unchanged; the answers are the policy's.
    expect(runOff.declaration).toMatchObject({ retroactiveCover: "DATE", retroactiveDate: "2020-05-01" });
    expect(runOff.financialOverview).toEqual(policy.financialOverview);
    // Re-rated as a draft is, it keeps its basis: the worksheet shows the policy's premium and the factor.
    const rerated = await rateQuote(ctx.app, broker.cookie, runOff.id, {});
    expect(rerated.breakdown.basePremium).toBe(runOff.basePremium);
    expect(rerated.trace.map((line) => [line.kind, line.matched, line.multiplier])).toEqual([
      ["runOffBasis", formatGbp(annual), 1],
      ["runOff", "6 years", 2.7],
    ]);

    // Its cover is the policy's: step 7 cannot change it, only the years.
    const otherLimit = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${runOff.id}/rate`, {
      risk: { coverLimitAggregate: 5_000_000 },
    });
    expect(otherLimit.status).toBe(400);
    expect(otherLimit.body).toMatchObject({ issues: [{ path: "risk", message: RUN_OFF_MESSAGES.coverFromPolicy }] });
    const annualAgain = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${runOff.id}/rate`, {
      runOffYears: null,
    });
    expect(annualAgain.body).toMatchObject({
      issues: [{ path: "runOffYears", message: RUN_OFF_MESSAGES.staysRunOff }],
    });
    const eight = await rateQuote(ctx.app, broker.cookie, runOff.id, { runOffYears: 8 });
    expect(eight.breakdown.basePremium).toBe(pounds(roundHalfUp(annual * 2.9)));
    await rateQuote(ctx.app, broker.cookie, runOff.id, { runOffYears: 6 });

    // One run-off per policy.
    const again = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/run-off"), {
      years: 3,
      startDate,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: RUN_OFF_MESSAGES.alreadyStarted(runOff.reference) });

    // Its start can move at step 1, within the policy's window only.
    const stepOne = (inceptionDate: string) => ({
      proposerName: STEP_ONE.proposerName,
      businessAddress: STEP_ONE.businessAddress,
      incorporationDate: STEP_ONE.incorporationDate,
      numberOfDirectors: STEP_ONE.numberOfDirectors,
      numberOfQualifiedStaff: STEP_ONE.numberOfQualifiedStaff,
      hasFinancialInterest: false,
      inceptionDate,
    });
    const dayAfter = addDays(policyExpiryDate(inceptionDate), 1);
    const tooLate = await call(
      ctx.app,
      broker.cookie,
      "PATCH",
      `/api/quotes/${runOff.id}`,
      stepOne(addDays(dayAfter, 1)),
    );
    expect(tooLate.status).toBe(400);
    expect(tooLate.body).toMatchObject({
      issues: [{ path: "inceptionDate", message: RUN_OFF_MESSAGES.startOutsidePolicy(inceptionDate, dayAfter) }],
    });

    // The retroactive date is the policy's and stays so.
    const moved = await call(ctx.app, broker.cookie, "PATCH", `/api/quotes/${runOff.id}`, {
      declaration: { ...runOff.declaration, retroactiveCover: "NONE", retroactiveDate: null },
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      issues: [{ path: "declaration.retroactiveCover", message: RUN_OFF_MESSAGES.retroactiveKept }],
    });
    // Completed and issued like any quote, once the declaration is confirmed.
    await patchQuote(ctx.app, broker.cookie, runOff.id, { declaration: runOff.declaration });
    const quoted = await patchQuote(ctx.app, broker.cookie, runOff.id, { status: "QUOTED" });
    expect(quoted).toMatchObject({ status: "QUOTED", basePremium: pounds(roundHalfUp(annual * 2.7)) });
    const issued = await call(ctx.app, broker.cookie, "POST", `/api/quotes/${runOff.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const runOffNumber = issued.body.data.policyNumber ?? "";
    expect(runOffNumber).not.toBe("");
    expect(runOffNumber).not.toBe(policyNumber);

    // Its period is its six years; the policy it came from names the run-off in its history.
    const view = await call<{ data: PolicyView }>(ctx.app, broker.cookie, "GET", policyUrl(runOffNumber));
    expect(view.status).toBe(200);
    expect(view.body.data.period).toEqual({
      inceptionDate: startDate,
      expiryDate: policyExpiryDate(startDate, 6),
      runOffYears: 6,
    });
    expect(view.body.data).toMatchObject({ status: "In force", cancelFrom: null, adjustFrom: null });
    const source = await call<{ data: PolicyView }>(ctx.app, broker.cookie, "GET", policyUrl(policyNumber));
    expect(source.body.data.history.map((entry) => entry.title)).toContain("Run-off quoted");

    // The schedule prints the run-off wording and the period, read back with pdftotext.
    const printed = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${runOff.id}/policy-schedule`,
      headers: { cookie: broker.cookie },
    });
    expect(printed.statusCode).toBe(200);
    const schedule = pdfText(printed.rawPayload).replace(/\s+/g, " ");
    expect(schedule).toContain(`Policy number ${runOffNumber}`);
    expect(schedule).toContain("(Run-off, 6 years)");
    expect(schedule).toContain(runOffScheduleWording(6, startDate).replace(/\s+/g, " "));
    expect(schedule).toContain("One single premium for the whole run-off period of 6 years");
    expect(schedule).toContain("Retroactive date 01/05/2020");
    const statement = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${runOff.id}/statement-of-fact`,
      headers: { cookie: broker.cookie },
    });
    expect(pdfText(statement.rawPayload).replace(/\s+/g, " ")).toContain(
      `Policy period Run-off, 6 years from ${startDate.split("-").reverse().join("/")}, one single premium`,
    );

    // The bordereau reports its issue as run-off, with its period and its expiry at the end of it.
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const month = issued.body.data.issuedAt?.slice(0, 7) ?? "";
    const csv = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau?month=${month}`,
      headers: { cookie: underwriter },
    });
    const rows: string[][] = parse(csv.body, { bom: true });
    const header = rows[0] ?? [];
    const line = rows.find((row) => row[0] === runOffNumber) ?? [];
    const cell = (name: string) => line[header.indexOf(name)];
    expect(cell("Transaction Type - Original Premium etc")).toBe("Run-off");
    expect(cell("Run-off Period")).toBe("6 years");
    expect(cell("Risk Expiry Date")).toBe(policyExpiryDate(startDate, 6));
    expect(cell("Retroactive Date")).toBe("2020-05-01");

    // The policy that went into run-off is not renewed.
    const renewSource = await call(ctx.app, underwriter, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewSource.status).toBe(409);
    expect(renewSource.body).toMatchObject({ error: RUN_OFF_MESSAGES.inRunOff(runOff.reference) });

    // A run-off policy runs to its end: no adjustment, cancellation, renewal or run-off of its own.
    const adjust = await call(ctx.app, broker.cookie, "POST", policyUrl(runOffNumber, "/adjustments/figures"), {
      effectiveDate: addDays(startDate, 10),
      changes: { excessDiscount: "2x" },
    });
    expect(adjust.status).toBe(409);
    expect(adjust.body).toMatchObject({ error: RUN_OFF_MESSAGES.runOffPolicy });
    const renew = await call(ctx.app, underwriter, "POST", `/api/quotes/${runOff.id}/renew`);
    expect(renew.status).toBe(409);
    expect(renew.body).toMatchObject({ error: RUN_OFF_MESSAGES.runOffPolicy });
    const twice = await call(ctx.app, broker.cookie, "POST", policyUrl(runOffNumber, "/run-off"), {
      years: 2,
      startDate: addDays(startDate, 1),
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: RUN_OFF_MESSAGES.runOffPolicy });

    // 'Renewals due' lists neither the policy that went into run-off nor the run-off, beside a policy due as usual.
    const control = await issuedPolicy(ctx, 10);
    setToday(ctx, addDays(policyExpiryDate(inceptionDate), -30));
    const later = await signIn(ctx.app, "UNDERWRITER");
    const due = await call<{ data: { policyNumber: string | null }[] }>(
      ctx.app,
      later,
      "GET",
      "/api/quotes/renewals-due?pageSize=100",
    );
    const listed = due.body.data.map((row) => row.policyNumber);
    expect(listed).toContain(control.policyNumber);
    expect(listed).not.toContain(policyNumber);
    expect(listed).not.toContain(runOffNumber);
  });

  it("refuses a period outside 1 to 12 whole years and a start outside the policy with the field, and a policy not in force", async () => {
    const { broker, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const ask = (body: unknown) => call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/run-off"), body);
    for (const years of [0, 13, 2.5, "6", null]) {
      const refused = await ask({ years, startDate: inceptionDate });
      expect(refused.status, String(years)).toBe(400);
      expect(refused.body).toMatchObject({ issues: [{ path: "years", message: RUN_OFF_MESSAGES.years }] });
    }
    const missing = await ask({ years: 3 });
    expect(missing.body).toMatchObject({ issues: [{ path: "startDate", message: RUN_OFF_MESSAGES.startDate }] });
    const dayAfter = addDays(policyExpiryDate(inceptionDate), 1);
    for (const startDate of [addDays(inceptionDate, -1), addDays(dayAfter, 1)]) {
      const outside = await ask({ years: 3, startDate });
      expect(outside.status).toBe(400);
      expect(outside.body).toMatchObject({
        issues: [{ path: "startDate", message: RUN_OFF_MESSAGES.startOutsidePolicy(inceptionDate, dayAfter) }],
      });
    }
    // Nothing was made by a refusal: a good request still makes the one run-off.
    const admin = await signIn(ctx.app, "ADMIN");
    const forbidden = await call(ctx.app, admin, "POST", policyUrl(policyNumber, "/run-off"), {
      years: 3,
      startDate: dayAfter,
    });
    expect(forbidden.status).toBe(403);

    setToday(ctx, addDays(dayAfter, 40));
    const later = await signIn(ctx.app, broker.credentials);
    const expired = await call(ctx.app, later, "POST", policyUrl(policyNumber, "/run-off"), {
      years: 3,
      startDate: dayAfter,
    });
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ error: RUN_OFF_MESSAGES.notInForce("Expired") });
  });

  it("rates a new proposal's run-off afresh on step 7: the annual premium x the factor, referred like any quote", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { rate: false });
    const three = await rateQuote(ctx.app, broker, quote.id, { ...STEP_SEVEN, runOffYears: 3 });
    const runOffBase = roundHalfUp(pence(CLEAN_PREMIUM.basePremium) * 1.9);
    expect(three.breakdown.basePremium).toBe(pounds(runOffBase));
    expect(three.quote).toMatchObject({ runOffYears: 3, runOffOfId: null, runOffAnnualPremium: null });
    expect(three.trace.at(-1)).toEqual({ kind: "runOff", name: "runOffYears", matched: "3 years", multiplier: 1.9 });
    // IPT on the whole single premium, the policy fee once.
    const subtotal = runOffBase + 3_500;
    expect(three.breakdown.totalPremium).toBe(pounds(subtotal + roundHalfUp(subtotal * 0.12)));

    // The options grid prices every cell as the same run-off: the quote's own cell holds its single premium.
    const grid = await call<{ data: { cells: { current: boolean; totalPremium: string }[] } }>(
      ctx.app,
      broker,
      "GET",
      `/api/quotes/${quote.id}/options`,
    );
    expect(grid.body.data.cells.filter((cell) => cell.current).map((cell) => cell.totalPremium)).toEqual([
      three.breakdown.totalPremium,
    ]);

    for (const runOffYears of [0, 13, 1.5]) {
      const refused = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/rate`, {
        ...STEP_SEVEN,
        runOffYears,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ issues: [{ path: "runOffYears", message: RUN_OFF_MESSAGES.years }] });
    }

    // The referral rules apply as to any quote: a limit above £2m refers the run-off.
    const referred = await rateQuote(ctx.app, broker, quote.id, {
      turnoverBand: STEP_SEVEN.turnoverBand,
      risk: { coverLimitAggregate: 5_000_000 },
      runOffYears: 2,
    });
    expect(referred.referralHits.map((hit) => hit.code)).toContain("COVER_LIMIT_ABOVE_2M");

    // Back to annual: exactly the annual premium again.
    const annual = await rateQuote(ctx.app, broker, quote.id, { ...STEP_SEVEN, runOffYears: null });
    expect(annual.breakdown).toMatchObject(CLEAN_PREMIUM);
    expect(annual.quote.runOffYears).toBeNull();
  });

  it("rates annual quotes on a version published without run-off factors as before, and refuses run-off on it", async () => {
    const request = requestAsRole(ctx);
    const { runOff: _left, ...before } = structuredClone(DC_PI_RATING_CONFIG);
    const created = await request("POST", "/api/rating/versions", {
      name: "D/C-PI as published before run-off",
      json: { ...before, version: "1.0.2" },
      effectiveFrom: "2027-06-01",
    });
    expect(created.statusCode, created.body).toBe(201);
    const published = await request("POST", `/api/rating/versions/${created.json().data.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);

    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { stepOne: { inceptionDate: "2027-06-15" }, rate: false });
    const annual = await rateQuote(ctx.app, broker, quote.id);
    expect(annual.breakdown).toMatchObject(CLEAN_PREMIUM);
    const refused = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/rate`, {
      ...STEP_SEVEN,
      runOffYears: 4,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: "RUN_OFF_NOT_PRICED",
      error: RUN_OFF_MESSAGES.notPriced(4, "D/C-PI as published before run-off"),
    });
  });
});
