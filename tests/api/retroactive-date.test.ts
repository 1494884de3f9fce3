/**
 * The retroactive date (docs/product/life-cycle.md "Retroactive date and continuity", docs/product/rating.md
 * "Retroactive date") through the HTTP API on both databases: each answer rates with its factor, a date after
 * inception is refused with its field, a version published before the factor rates as before, documents print
 * it, and renewals and adjustments carry it.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { INSURER_NAME } from "../../src/domain/constants";
import { parseMoneyString, roundHalfUp } from "../../src/domain/money";
import type { AdjustmentFiguresAnswer } from "../../src/domain/quote/policy-schema";
import { addDays, policyExpiryDate } from "../../src/domain/quote/renewal";
import { RETROACTIVE_COVER_MESSAGES } from "../../src/domain/quote/retroactive-cover";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import { quotes } from "../../src/server/db/schema";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { requestAsRole } from "../support/rating-versions";
import { sampleQuoteForDocuments, storedQuoteRow } from "../support/sample-quote";
import { issuedPolicy, policyUrl } from "./policies-fixtures";
import { CLEAN_DECLARATION, CLEAN_PREMIUM, call, createCompleteQuote, rateQuote, STEP_ONE } from "./quotes-fixtures";

const pence = (money: string | null | undefined) => parseMoneyString(money ?? "") ?? Number.NaN;
const UNLIMITED_BASE = pence(CLEAN_PREMIUM.basePremium);

/** Step 1 as the wizard saves it again, flat, with an inception date of the test's choosing. */
const stepOne = (inceptionDate: string) => ({
  proposerName: STEP_ONE.proposerName,
  businessAddress: STEP_ONE.businessAddress,
  incorporationDate: STEP_ONE.incorporationDate,
  numberOfDirectors: STEP_ONE.numberOfDirectors,
  numberOfQualifiedStaff: STEP_ONE.numberOfQualifiedStaff,
  hasFinancialInterest: false,
  inceptionDate,
});

/** Step 6 with a retroactive date: STEP_ONE's inception is 2026-12-01, so 2023-09-15 is 3 whole years before. */
const dated = (retroactiveDate: string, previousPolicyEndDate = "2026-11-30") => ({
  ...CLEAN_DECLARATION,
  retroactiveCover: "DATE",
  retroactiveDate,
  previousInsurer: "Acme Mutual",
  previousPolicyEndDate,
});

describeEachDatabase("the retroactive date", (ctx) => {
  afterEach(() => ctx.clock.reset());

  it("rates each answer with the configuration's factor for its years of prior acts", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const cases = [
      [{ ...CLEAN_DECLARATION, retroactiveCover: "NONE" }, 1, "unlimited"],
      [CLEAN_DECLARATION, 1, "unlimited"],
      [{ ...CLEAN_DECLARATION, retroactiveCover: "INCEPTION" }, 0.7, "0 years (0 years)"],
      [dated("2025-12-01"), 0.85, "1 years (up to 2 years)"],
      [dated("2023-09-15"), 0.95, "3 years (up to 5 years)"],
      [dated("2016-01-01"), 1, "10 years (more than 5 years)"],
    ] as const;
    for (const [declaration, factor, matched] of cases) {
      const quote = await createCompleteQuote(ctx.app, broker, { declaration, rate: false });
      expect(quote.declaration?.retroactiveCover).toBe(
        "retroactiveCover" in declaration ? declaration.retroactiveCover : "NONE",
      );
      const rated = await rateQuote(ctx.app, broker, quote.id);
      expect(pence(rated.breakdown.basePremium), matched).toBe(roundHalfUp(UNLIMITED_BASE * factor));
      expect(
        rated.trace.find((line) => line.name === "priorActsYears"),
        matched,
      ).toMatchObject({
        kind: "factor",
        matched,
        multiplier: factor,
      });
    }
  });

  it("refuses a date after inception with its field, and an inception moved before a saved date", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { rate: false });
    const late = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, {
      declaration: dated("2026-12-02"),
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      code: "VALIDATION_FAILED",
      issues: [{ path: "declaration.retroactiveDate", message: RETROACTIVE_COVER_MESSAGES.afterInception }],
    });
    // Without the previous insurer and the end of its policy, a date is incomplete.
    const bare = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, {
      declaration: { retroactiveCover: "DATE", retroactiveDate: "2020-01-01" },
    });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      issues: [
        { path: "declaration.previousInsurer", message: RETROACTIVE_COVER_MESSAGES.previousInsurer },
        { path: "declaration.previousPolicyEndDate", message: RETROACTIVE_COVER_MESSAGES.previousPolicyEndDate },
      ],
    });
    // On the inception date itself is allowed; moving inception before it afterwards is refused at step 1.
    const onInception = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, {
      declaration: dated("2026-12-01"),
    });
    expect(onInception.status, JSON.stringify(onInception.body)).toBe(200);
    const moved = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, stepOne("2026-11-30"));
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      issues: [
        { path: "inceptionDate", message: RETROACTIVE_COVER_MESSAGES.inceptionBeforeRetroactiveDate("2026-12-01") },
      ],
    });
    const later = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, stepOne("2026-12-15"));
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it("prints the date on the schedule, and the insurance history on the statement of fact", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: dated("2023-09-15") });
    const print = async (document: string) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: `/api/quotes/${quote.id}/${document}`,
        headers: { cookie: broker },
      });
      expect(response.statusCode, document).toBe(200);
      return pdfText(response.rawPayload);
    };
    const schedule = await print("policy-schedule");
    expect(schedule).toContain("Retroactive date 15/09/2023, subject to Exclusion 4.2");
    expect(schedule).not.toContain("unlimited retroactive cover");
    const statement = await print("statement-of-fact");
    expect(statement).toContain("Insurance history");
    expect(statement).toMatch(/Retroactive date A date Retroactive date given 15\/09\/2023/);
    expect(statement).toMatch(/Previous insurer Acme Mutual Date the previous policy ends 30\/11\/2026/);

    const unlimited = await createCompleteQuote(ctx.app, broker);
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${unlimited.id}/policy-schedule`,
      headers: { cookie: broker },
    });
    expect(pdfText(response.rawPayload)).toContain(
      "Retroactive date None: unlimited retroactive cover, subject to Exclusion 4.2",
    );
  });

  it("keeps the date on renewal, and a first policy's inception becomes its renewal's retroactive date", async () => {
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const kept = dated("2020-05-01");
    const { broker, policy, policyNumber } = await issuedPolicy(ctx, 10, kept);
    // The policy screen shows it as the schedule prints it.
    const shown = await call<{ data: { cover: { retroactiveDate: string } } }>(
      ctx.app,
      broker.cookie,
      "GET",
      policyUrl(policyNumber),
    );
    expect(shown.body.data.cover.retroactiveDate).toBe("01/05/2020");
    const renewed = await call(ctx.app, underwriter, "POST", `/api/quotes/${policy.id}/renew`);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    expect(renewed.body.data.declaration).toMatchObject({
      retroactiveCover: "DATE",
      retroactiveDate: "2020-05-01",
      previousInsurer: "Acme Mutual",
    });

    const first = await issuedPolicy(ctx, 10, { ...CLEAN_DECLARATION, retroactiveCover: "INCEPTION" });
    const inception = first.inceptionDate;
    const renewal = await call(ctx.app, underwriter, "POST", `/api/quotes/${first.policy.id}/renew`);
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(201);
    expect(renewal.body.data.declaration).toMatchObject({
      retroactiveCover: "DATE",
      retroactiveDate: inception,
      previousInsurer: INSURER_NAME,
      previousPolicyEndDate: policyExpiryDate(inception),
    });
    // A year of prior acts now: the renewal is rated in the 'up to 2 years' band.
    expect(renewal.body.data.basePremium).toBe((roundHalfUp(UNLIMITED_BASE * 0.85) / 100).toFixed(2));
  });

  it("carries the date through a mid-term adjustment: the adjusted premium keeps its factor", async () => {
    const { broker, policy, policyNumber, inceptionDate } = await issuedPolicy(ctx, 10, dated("2023-09-15"));
    expect(pence(policy.basePremium)).toBe(roundHalfUp(UNLIMITED_BASE * 0.95));
    const shown = await call<{ data: AdjustmentFiguresAnswer }>(
      ctx.app,
      broker.cookie,
      "POST",
      policyUrl(policyNumber, "/adjustments/figures"),
      { effectiveDate: addDays(inceptionDate, 100), changes: { excessDiscount: "2x" } },
    );
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(pence(shown.body.data.annualBefore)).toBe(roundHalfUp(UNLIMITED_BASE * 0.95));
    expect(pence(shown.body.data.annualAfter)).toBe(roundHalfUp(roundHalfUp(UNLIMITED_BASE * 0.95) * 0.85));
  });

  it("rates a version published without the factor exactly as before, whatever the answer", async () => {
    const request = requestAsRole(ctx);
    const { retroactiveCover: _left, ...before } = structuredClone(DC_PI_RATING_CONFIG);
    const created = await request("POST", "/api/rating/versions", {
      name: "D/C-PI as published before the retroactive date",
      json: { ...before, version: "1.0.1" },
      effectiveFrom: "2027-03-01",
    });
    expect(created.statusCode, created.body).toBe(201);
    const published = await request("POST", `/api/rating/versions/${created.json().data.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);

    const broker = await signIn(ctx.app, "BROKER");
    for (const declaration of [
      CLEAN_DECLARATION,
      { ...CLEAN_DECLARATION, retroactiveCover: "INCEPTION" },
      dated("2024-01-01", "2027-02-28"),
    ]) {
      const quote = await createCompleteQuote(ctx.app, broker, {
        stepOne: { inceptionDate: "2027-03-15" },
        declaration,
        rate: false,
      });
      const rated = await rateQuote(ctx.app, broker, quote.id);
      expect(rated.breakdown).toMatchObject(CLEAN_PREMIUM);
      expect(rated.trace.some((line) => line.name === "priorActsYears")).toBe(false);
    }
  });

  it("writes NONE into the declarations a database already holds, and leaves a given answer alone", async () => {
    const broker = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const sample = sampleQuoteForDocuments();
    const before = { subcontractorInsuranceConfirmed: true, previousClaims: false };
    const rows = await ctx.db
      .insert(quotes)
      .values([
        storedQuoteRow(sample, broker.user.id, { proposerName: "Written Before Ltd", declaration: before as never }),
        storedQuoteRow(sample, broker.user.id, {
          proposerName: "Answered Ltd",
          declaration: dated("2020-01-01") as never,
        }),
        storedQuoteRow(sample, broker.user.id, { proposerName: "Not At Step 6 Ltd", declaration: null }),
      ])
      .returning({ id: quotes.id });
    const migration = readFileSync(
      resolve(import.meta.dirname, "../../src/server/db/migrations/0035_retroactive_date.sql"),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint")) await ctx.db.execute(sql.raw(statement));
    const declarations = await Promise.all(
      rows.map(async ({ id }) => {
        const [row] = await ctx.db.select({ declaration: quotes.declaration }).from(quotes).where(eq(quotes.id, id));
        return row?.declaration ?? null;
      }),
    );
    expect(declarations).toEqual([{ ...before, retroactiveCover: "NONE" }, dated("2020-01-01"), null]);
  });
});
