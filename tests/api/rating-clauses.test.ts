/**
 * Clauses a rating version attaches by condition (docs/product/rating.md "Endorsement rules"): refused at save when
 * the library has no such clause, attached when a quote is rated, printed on its documents at the version the
 * library held when it was rated, whatever is edited later.
 */
import { expect, it } from "vitest";
import { DC_PI_RATING_CONFIG } from "../../src/domain/rating/configs/dc-pi";
import type { QuoteTerms } from "../../src/domain/underwriting/terms";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { CLEAN_DECLARATION, call, createCompleteQuote, MATERIAL_FACT_DECLARATION } from "./quotes-fixtures";

const withAsbestosClause = (clause = "ASB-EXCL") => ({
  ...structuredClone(DC_PI_RATING_CONFIG),
  version: "2.0.0-clauses",
  endorsementRules: [{ clause, condition: "asbestosOrEnvironmentalWork" }],
});

describeEachDatabase("clauses attached by the rating", (ctx) => {
  it("refuses a version that attaches a clause the library does not hold, naming it", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const refused = await call(ctx.app, admin, "POST", "/api/rating/versions", {
      name: "Unknown clause",
      json: withAsbestosClause("NO-SUCH-CLAUSE"),
      effectiveFrom: "2030-01-01",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "VALIDATION_FAILED",
      issues: [
        {
          path: "json.endorsementRules.0.clause",
          message: "There is no clause with the code NO-SUCH-CLAUSE in the endorsement library",
        },
      ],
    });
    const badCondition = await call(ctx.app, admin, "POST", "/api/rating/versions", {
      name: "Bad condition",
      json: { ...withAsbestosClause(), endorsementRules: [{ clause: "ASB-EXCL", condition: "turnover >" }] },
      effectiveFrom: "2030-01-01",
    });
    expect(badCondition.status).toBe(400);
    expect(JSON.stringify(badCondition.body)).toContain("json.endorsementRules.0.condition");
  });

  it("attaches the clause when its condition holds and prints the wording the library held at rating", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const created = await call<{ data: { id: string } }>(ctx.app, admin, "POST", "/api/rating/versions", {
      name: "D/C-PI with the asbestos clause",
      json: withAsbestosClause(),
      effectiveFrom: "2026-01-01",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const published = await call(ctx.app, admin, "POST", `/api/rating/versions/${created.body.data.id}/publish`, {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const broker = await signIn(ctx.app, "BROKER");
    const asbestos = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    const clean = await createCompleteQuote(ctx.app, broker, { declaration: CLEAN_DECLARATION });
    const termsOf = async (id: string) =>
      (await call<{ data: QuoteTerms }>(ctx.app, broker, "GET", `/api/quotes/${id}/terms`)).body.data;
    expect((await termsOf(asbestos.id)).endorsements.map((clause) => [clause.code, clause.version])).toEqual([
      ["ASB-EXCL", 1],
    ]);
    expect((await termsOf(clean.id)).endorsements).toEqual([]);

    // The library moves on; the rated quote keeps the wording it was rated with.
    const edited = await call(ctx.app, admin, "PUT", "/api/endorsements/ASB-EXCL", {
      title: "Asbestos exclusion (revised)",
      wording: "Revised wording that must not reach a quote rated before it.",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const document = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${asbestos.id}/statement-of-fact`,
      headers: { cookie: broker },
    });
    expect(document.statusCode).toBe(200);
    const text = pdfText(document.rawPayload);
    expect(text).toContain("Endorsements");
    expect(text).toContain("ASB-EXCL - Asbestos");
    expect(text).not.toContain("Revised wording");
    expect((await termsOf(asbestos.id)).endorsements[0]).toMatchObject({ code: "ASB-EXCL", version: 1 });
  });
});
