/**
 * PATCH /api/quotes/{id} as the OpenAPI document describes it: exactly one change per request, each section in
 * full. A client generated from the document (which validates with a JSON-schema validator, as ajv does here)
 * refuses the bodies the server refuses, and the server still answers them with its own docs/product/errors.md
 * messages. The bodies the document accepts, the server saves.
 */
import { Ajv, type ValidateFunction } from "ajv";
import { expect, it } from "vitest";
import { INSUREDS_DETAILS_MESSAGES } from "../../src/domain/quote/insureds-details";
import { PATCH_EXACTLY_ONE_MESSAGE } from "../../src/domain/quote/requests";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import {
  ACTIVITY_SPLIT,
  CLEAN_DECLARATION,
  CONTRACTS,
  call,
  createQuote,
  DESIGN_LIABILITY,
  FINANCIAL_OVERVIEW,
} from "./quotes-fixtures";

/** Step 1 in full, as the insured's details change carries it. */
const INSUREDS_DETAILS = {
  proposerName: "Acme Design & Build Ltd",
  tradingName: "Acme",
  businessActivity: "Design and Build Contractor",
  businessAddress: "1 High Street, Leeds LS1 1AA",
  inceptionDate: "2026-12-01",
  incorporationDate: "2001-04-03",
  numberOfDirectors: 2,
  numberOfQualifiedStaff: 5,
  hasFinancialInterest: false,
};
const { businessActivity: _nestedOnly, ...FLAT_STEP_ONE } = INSUREDS_DETAILS;
const { proposerName: _missing, ...WITHOUT_PROPOSER } = INSUREDS_DETAILS;

/**
 * An OpenAPI 3.0 schema in the JSON Schema draft ajv reads: 3.0 says an exclusive bound as a boolean beside
 * `minimum`/`maximum`, later drafts as the bound itself. `nullable` ajv knows as it is.
 */
function fromOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromOpenApi30);
  if (typeof node !== "object" || node === null) return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) result[key] = key === "enum" ? value : fromOpenApi30(value);
  for (const [flag, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof result[flag] !== "boolean") continue;
    if (result[flag] === true) {
      result[flag] = result[bound];
      delete result[bound];
    } else delete result[flag];
  }
  return result;
}

describeEachDatabase("PATCH /api/quotes/{id} as the document describes it", (ctx) => {
  async function documentedBody(): Promise<{ schema: Record<string, unknown>; validate: ValidateFunction }> {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const schema = document.paths["/api/quotes/{id}"].patch.requestBody.content["application/json"].schema;
    // Formats are not what these bodies differ in; the server checks dates itself.
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    const jsonSchema = fromOpenApi30({ ...schema, components: document.components }) as Record<string, unknown>;
    return { schema, validate: ajv.compile(jsonSchema) };
  }

  it("is exactly one of the single-change bodies, each a closed object", async () => {
    const { schema } = await documentedBody();
    const alternatives = schema.oneOf as { additionalProperties?: unknown; required?: string[] }[];
    expect(alternatives).toHaveLength(10);
    for (const alternative of alternatives) expect(alternative.additionalProperties).toBe(false);
    const nested = alternatives.find((a) => a.required?.includes("insuredsDetails")) as {
      properties: { insuredsDetails: { required: string[] } };
    };
    expect(nested.properties.insuredsDetails.required.sort()).toEqual(
      ["businessAddress", "inceptionDate", "numberOfDirectors", "numberOfQualifiedStaff", "proposerName"].sort(),
    );
  });

  it("accepts each single change, and the server saves it", async () => {
    const { validate } = await documentedBody();
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}`;
    for (const body of [
      { insuredsDetails: INSUREDS_DETAILS, productCode: "D/C-PI" },
      { ...FLAT_STEP_ONE, tradingName: "Acme Build" },
      { financialOverview: FINANCIAL_OVERVIEW },
      { designLiability: DESIGN_LIABILITY },
      { activitySplit: ACTIVITY_SPLIT },
      { contracts: CONTRACTS },
      { declaration: CLEAN_DECLARATION },
    ]) {
      expect(validate(body), `${JSON.stringify(body)}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const saved = await call(ctx.app, broker, "PATCH", url, body);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    for (const body of [
      { status: "QUOTED", financialOverview: FINANCIAL_OVERVIEW },
      { basePremium: "612.50", taxes: "1.00" },
      { overrideBasePremium: null, expectedVersion: 3 },
    ]) {
      expect(validate(body), `${JSON.stringify(body)}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("refuses two changes in one body, as the server does with its one message", async () => {
    const { validate } = await documentedBody();
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}`;
    for (const body of [
      { designLiability: DESIGN_LIABILITY, activitySplit: ACTIVITY_SPLIT },
      { contracts: CONTRACTS, insuredsDetails: INSUREDS_DETAILS },
      { declaration: CLEAN_DECLARATION, ...FLAT_STEP_ONE },
      { overrideBasePremium: null, basePremium: "612.50" },
      {},
      { expectedVersion: 1 },
    ]) {
      expect(validate(body), JSON.stringify(body)).toBe(false);
      const refused = await call(ctx.app, broker, "PATCH", url, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toEqual({
        error: PATCH_EXACTLY_ONE_MESSAGE,
        code: "VALIDATION_FAILED",
        issues: [{ path: "", message: PATCH_EXACTLY_ONE_MESSAGE }],
      });
    }
    expect((await call(ctx.app, broker, "GET", url)).body.data.version).toBe(1);
  });

  it("refuses the insured's details without a required field, as the server does with the form's message", async () => {
    const { validate } = await documentedBody();
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const url = `/api/quotes/${quote.id}`;
    const { proposerName: _flatMissing, ...flatWithoutProposer } = FLAT_STEP_ONE;
    for (const body of [{ insuredsDetails: WITHOUT_PROPOSER }, flatWithoutProposer]) {
      expect(validate(body), JSON.stringify(body)).toBe(false);
      const refused = await call(ctx.app, broker, "PATCH", url, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toEqual({
        error: INSUREDS_DETAILS_MESSAGES.proposerName,
        code: "VALIDATION_FAILED",
        issues: [{ path: "proposerName", message: INSUREDS_DETAILS_MESSAGES.proposerName }],
      });
    }
  });
});
