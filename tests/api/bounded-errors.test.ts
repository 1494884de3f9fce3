/**
 * A validation answer lists at most MAX_LISTED_ISSUES issues and counts the rest (docs/product/errors.md): a PATCH
 * with 50,000 unknown fields gets a small answer. How fast it answers, and how /healthz fares meanwhile, are
 * figures for a quiet machine, recorded in ADR 0072, not held by a timed test.
 */
import { expect, it } from "vitest";
import { MAX_LISTED_ISSUES } from "../../src/server/errors";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { CONTRACTS, call, createQuote } from "./quotes-fixtures";

const UNKNOWN_KEYS = 50_000;

function manyUnknownKeys(): Record<string, number> {
  return Object.fromEntries(Array.from({ length: UNKNOWN_KEYS }, (_, i) => [`k${i}`, 1]));
}

describeEachDatabase("bounded validation answers", (ctx) => {
  it("answers a PATCH with 50,000 unknown keys with 20 issues and how many more there were, in a small answer", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    const payload = JSON.stringify(manyUnknownKeys());
    const response = await ctx.app.inject({
      method: "PATCH",
      url: `/api/quotes/${quote.id}`,
      headers: { cookie: broker, "content-type": "application/json" },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; error: string; issues: { path: string }[]; moreIssues: number };
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(body.issues[0]).toEqual({ path: "k0", message: 'Unrecognized key: "k0"' });
    expect(body.error).toBe('Unrecognized key: "k0"');
    // Every unknown key, and the rule that a PATCH sends exactly one change: counted, not listed.
    expect(body.issues.length + body.moreIssues).toBe(UNKNOWN_KEYS + 1);
    // Listing them all answered 2.9 MB; parsing the 0.5 MB body is most of the time left (about 100 ms here).
    expect(response.body.length).toBeLessThan(2_000);
  });
});

describeEachDatabase("bounded validation answers of many invalid fields", (ctx) => {
  it("lists the first 20 of many invalid values, in order, and counts the rest", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    // Ten recurring contracts with nothing filled in: four required answers missing in each.
    const refused = await call<{ error: string; issues: { path: string }[]; moreIssues?: number }>(
      ctx.app,
      broker,
      "PATCH",
      `/api/quotes/${quote.id}`,
      { contracts: { ...CONTRACTS, recurringContracts: Array.from({ length: 10 }, () => ({})) } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(refused.body.issues[0]?.path).toMatch(/^contracts\.recurringContracts\.0\./);
    expect(refused.body.moreIssues).toBeGreaterThan(0);
    expect(refused.body.error).toBe("Client name is required");
  });
});
