/**
 * A whole quote life cycle through the HTTP API, as the wizard, the underwriter and the broker drive it:
 * create, fill every section, rate, refer (a material fact Yes), counter at 1.10, complete at the counter
 * premium (checked against docs/product/rating.md's formula by hand), issue; and the audit entries each step wrote.
 */
import { expect, it } from "vitest";
import type { Quote } from "../../src/domain/quote/quote";
import { auditEntries } from "../support/audit";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import {
  CLEAN_PREMIUM,
  call,
  createCompleteQuote,
  MATERIAL_FACT_DECLARATION,
  patchQuote,
  rateQuote,
  STEP_SEVEN,
} from "./quotes-fixtures";

describeEachDatabase("quote life cycle", (ctx) => {
  it("takes a referred quote through a 1.10 counter offer to completion and issue, auditing every step", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");

    const draft = await createCompleteQuote(ctx.app, broker, {
      declaration: MATERIAL_FACT_DECLARATION,
      rate: false,
    });
    expect(draft).toMatchObject({ status: "DRAFT", contactEmail: "broker@example.com", productCode: "D/C-PI" });
    expect(draft.reference).toMatch(/^DCPI-\d{6}$/);

    const rated = await rateQuote(ctx.app, broker, draft.id);
    // Same price as the clean quote: a material fact refers, it does not load the premium.
    expect(rated.breakdown).toEqual(CLEAN_PREMIUM);
    expect(rated.referralHits).toEqual([
      { code: "MATERIAL_FACTS", description: "A material fact was answered Yes in the declaration" },
    ]);
    expect(rated.trace.some((line) => line.name === "turnover" && line.multiplier === 1.35)).toBe(true);
    expect(rated.quote).toMatchObject({ status: "DRAFT", basePremium: "1012.50", totalPremium: "1173.20" });
    expect(rated.quote.ratingVersionId).toEqual(expect.any(String));

    const refusedCompletion = await call(ctx.app, broker, "PATCH", `/api/quotes/${draft.id}`, { status: "QUOTED" });
    expect(refusedCompletion.status).toBe(409);
    expect(refusedCompletion.body).toMatchObject({ error: "Quote has referral hits and must be referred" });

    const referred = await call(ctx.app, broker, "POST", `/api/quotes/${draft.id}/refer`, {
      underwriterEmails: ["underwriter@example.com"],
    });
    expect(referred.status).toBe(200);
    expect(referred.body.data).toMatchObject({
      status: "REFERRED",
      referralReason: "A material fact was answered Yes in the declaration",
    });
    expect(referred.body.data.referredAt).toEqual(expect.any(String));

    const brokerDecides = await call(ctx.app, broker, "POST", `/api/quotes/${draft.id}/uw/decision`, {
      decision: "APPROVED",
    });
    expect(brokerDecides.status).toBe(403);

    const countered = await call(ctx.app, underwriter, "POST", `/api/quotes/${draft.id}/uw/decision`, {
      decision: "COUNTER",
      adjustmentMultiplier: 1.1,
      uwNote: "Loaded for the asbestos exposure",
    });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    // docs/product/rating.md by hand: adjusted base = 1,012.50 x 1.10 = 1,113.75; tax rate = 125.70 / (1,012.50 + 35.00)
    // = 0.12; tax = (1,113.75 + 35.00) x 0.12 = 137.85; final = 1,113.75 + 35.00 + 137.85 = 1,286.60.
    expect(countered.body.data).toMatchObject({
      status: "UW_APPROVED",
      decision: "COUNTER",
      adjustmentMultiplier: 1.1,
      uwNote: "Loaded for the asbestos exposure",
      basePremium: "1113.75",
      taxes: "137.85",
      totalPremium: "1286.60",
      fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: "35.00" }],
    });

    const completed = await patchQuote(ctx.app, broker, draft.id, { status: "QUOTED" });
    expect(completed).toMatchObject({ status: "QUOTED", basePremium: "1113.75", totalPremium: "1286.60" });

    const issued = await call(ctx.app, broker, "POST", `/api/quotes/${draft.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const policyDigits = draft.reference.slice("DCPI-".length);
    expect(issued.body.data).toMatchObject({ status: "ISSUED", policyNumber: `DCPI/POL/${policyDigits}` });

    const readOnly = await call(ctx.app, broker, "PATCH", `/api/quotes/${draft.id}`, {
      declaration: { subcontractorInsuranceConfirmed: true },
    });
    expect(readOnly.status).toBe(409);
    expect(readOnly.body).toMatchObject({ error: "Quote is ISSUED and can no longer be changed" });

    const actions = (await auditEntries(ctx.db, { entityType: "quote", entityId: draft.id })).map((e) => e.action);
    expect(actions).toEqual([
      "created",
      "updated",
      "updated",
      "updated",
      "updated",
      "updated",
      "rated",
      "referred",
      "decision_recorded",
      "completed",
      "issued",
    ]);
    const [decisionEntry] = await auditEntries(ctx.db, { action: "decision_recorded", entityId: draft.id });
    expect(decisionEntry?.details).toMatchObject({
      reference: draft.reference,
      decision: "COUNTER",
      totalPremiumBefore: "1173.20",
      totalPremiumAfter: "1286.60",
    });

    const history = await call<{ data: { history: unknown[]; referralReasons: string[] } }>(
      ctx.app,
      broker,
      "GET",
      `/api/uw/review/${draft.id}`,
    );
    expect(history.status).toBe(200);
    expect(history.body.data.history).toEqual([
      expect.objectContaining({
        decision: "COUNTER",
        adjustmentMultiplier: 1.1,
        totalPremiumBefore: "1173.20",
        totalPremiumAfter: "1286.60",
        underwriter: { name: "Uma Underwriter", email: "underwriter@example.com" },
      }),
    ]);
  });

  it("completes a clean quote at the freshly rated premium", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote: Quote = await createCompleteQuote(ctx.app, broker);
    await rateQuote(ctx.app, broker, quote.id, STEP_SEVEN);
    const completed = await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
    expect(completed).toMatchObject({ status: "QUOTED", totalPremium: "1173.20", referralHits: [] });
  });
});
