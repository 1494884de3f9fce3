/**
 * A rating version's test cases through HTTP (docs/product/rating.md "Test cases"): refused at save with the wrong
 * field's path, run on publish (409 naming each failing case), copied from a stored quote's rating (ADMIN only).
 */
import { describe, expect, it } from "vitest";
import { defaultRatingInput } from "../../src/domain/rating/input";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { requestAsRole, uniqueProductConfig } from "../support/rating-versions";
import { createCompleteQuote, createQuote } from "./quotes-fixtures";

const productConfig = () => uniqueProductConfig("CASES");

// docs/product/rating.md's PI001 example: minimum premium 150.00 + 25.00 policy fee + 12% IPT = 196.00.
const exampleInput = defaultRatingInput({ turnover: 500_000, industry: "technology", claimsLast3Yrs: 0 });
const passingCase = { name: "Small architect", input: exampleInput, expectedTotal: "196.00", expectedReferrals: [] };

describeEachDatabase("rating version test cases", (ctx) => {
  const request = requestAsRole(ctx);
  const createDraft = async (fields: Record<string, unknown>) => {
    const response = await request("POST", "/api/rating/versions", {
      name: "Cases draft",
      json: productConfig(),
      effectiveFrom: "2030-01-01",
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; testCases: unknown[] };
  };

  describe("saving", () => {
    it("stores the cases with the draft and answers them back", async () => {
      const draft = await createDraft({ testCases: [passingCase] });
      expect(draft.testCases).toEqual([passingCase]);
      const read = await request("GET", `/api/rating/versions/${draft.id}`);
      expect(read.json().data.testCases).toEqual([passingCase]);
    });

    it("refuses a case whose input does not fit the engine with 400 and the wrong field's path, losing nothing", async () => {
      const draft = await createDraft({ testCases: [passingCase] });
      const wrong = { ...passingCase, name: "Broken", input: { ...exampleInput, coverLimit: "a million" } };
      const response = await request("PATCH", `/api/rating/versions/${draft.id}`, {
        testCases: [passingCase, { ...passingCase, name: "Second" }, wrong],
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe("VALIDATION_FAILED");
      expect(body.issues).toContainEqual({ path: "testCases.2.input.coverLimit", message: "Must be a number" });
      const read = await request("GET", `/api/rating/versions/${draft.id}`);
      expect(read.json().data.testCases).toEqual([passingCase]);
    });

    it("refuses a case on create too, and an expected total with three decimals", async () => {
      const response = await request("POST", "/api/rating/versions", {
        name: "Bad cases",
        json: productConfig(),
        effectiveFrom: "2030-01-01",
        testCases: [{ ...passingCase, expectedTotal: "196.001" }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].path).toBe("testCases.0.expectedTotal");
    });

    it("keeps a published version's cases immutable", async () => {
      const draft = await createDraft({ testCases: [passingCase] });
      expect((await request("POST", `/api/rating/versions/${draft.id}/publish`)).statusCode).toBe(200);
      const response = await request("PATCH", `/api/rating/versions/${draft.id}`, { testCases: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe("RATING_VERSION_PUBLISHED");
    });
  });

  describe("publishing", () => {
    it("refuses with 409 naming every failing case, then publishes once they pass", async () => {
      const failing = [
        { ...passingCase, expectedTotal: "190.00" },
        { ...passingCase, name: "Fine" },
        { ...passingCase, name: "Large contractor", expectedReferrals: ["HIGH_TURNOVER"] },
      ];
      const draft = await createDraft({ testCases: failing });
      const refused = await request("POST", `/api/rating/versions/${draft.id}/publish`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: "RATING_TEST_CASES_FAILING",
        error: "Test cases fail: Small architect, Large contractor",
      });
      const still = await request("GET", `/api/rating/versions/${draft.id}`);
      expect(still.json().data.status).toBe("DRAFT");

      const fixed = await request("PATCH", `/api/rating/versions/${draft.id}`, {
        testCases: [passingCase, { ...passingCase, name: "Fine" }],
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      const published = await request("POST", `/api/rating/versions/${draft.id}/publish`);
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().data.status).toBe("PUBLISHED");
    });

    it("runs a case's cancellation check on publish: the version's terms must return what the case expects", async () => {
      // The product's example keeps the D/C-PI default £250, more than its £150.00 base: nothing comes back.
      const expectsReturn = {
        ...passingCase,
        name: "Cancelled",
        cancellation: { afterMonths: 6, expectedReturn: "10.00" },
      };
      const draft = await createDraft({ testCases: [expectsReturn] });
      expect(draft.testCases).toEqual([expectsReturn]);
      const refused = await request("POST", `/api/rating/versions/${draft.id}/publish`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: "RATING_TEST_CASES_FAILING", error: "Test cases fail: Cancelled" });
      const fixed = await request("PATCH", `/api/rating/versions/${draft.id}`, {
        testCases: [{ ...expectsReturn, cancellation: { afterMonths: 6, expectedReturn: "0.00" } }],
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      const published = await request("POST", `/api/rating/versions/${draft.id}/publish`);
      expect(published.statusCode, published.body).toBe(200);
    });

    it("publishes a version with no cases as before", async () => {
      const draft = await createDraft({});
      expect(draft.testCases).toEqual([]);
      expect((await request("POST", `/api/rating/versions/${draft.id}/publish`)).statusCode).toBe(200);
    });
  });

  describe("GET /api/rating/versions/case-from-quote", () => {
    const url = (reference: string) =>
      `/api/rating/versions/case-from-quote?reference=${encodeURIComponent(reference)}`;

    it("answers a rated quote's stored input, total premium and referrals as a case named after it", async () => {
      const broker = await signIn(ctx.app, "BROKER");
      const quote = await createCompleteQuote(ctx.app, broker);
      const response = await request("GET", url(quote.reference.toLowerCase()));
      expect(response.statusCode, response.body).toBe(200);
      const testCase = response.json().data;
      expect(testCase.name).toBe(quote.reference);
      expect(testCase.expectedTotal).toBe(quote.totalPremium);
      expect(testCase.expectedReferrals).toEqual([]);
      expect(Object.keys(testCase.input).sort()).toEqual(Object.keys(exampleInput).sort());

      // A draft of the same configuration accepts the case as it is.
      const versions = (await request("GET", "/api/rating/versions?productCode=D/C-PI")).json().data;
      const current = versions.find((v: { status: string }) => v.status === "PUBLISHED");
      const draft = await request("POST", "/api/rating/versions", {
        name: "Same as published",
        json: current.json,
        effectiveFrom: "2031-01-01",
        testCases: [testCase],
      });
      expect(draft.statusCode, draft.body).toBe(201);
    });

    it("answers 404 for an unknown reference and 409 for a quote never rated", async () => {
      const unknown = await request("GET", url("DCPI-999998"));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: "QUOTE_NOT_FOUND", error: "Quote not found" });

      const broker = await signIn(ctx.app, "BROKER");
      const draft = await createQuote(ctx.app, broker);
      const unrated = await request("GET", url(draft.reference));
      expect(unrated.statusCode).toBe(409);
      expect(unrated.json()).toMatchObject({
        code: "QUOTE_NOT_RATED",
        error: `Quote ${draft.reference} has not been rated yet`,
      });
    });

    it("is for administrators only", async () => {
      for (const role of ["BROKER", "UNDERWRITER"] as const) {
        const response = await request("GET", url("DCPI-000001"), undefined, role);
        expect(response.statusCode).toBe(403);
      }
    });
  });
});
