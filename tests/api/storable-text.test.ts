/**
 * Text PostgreSQL cannot store: U+0000 (text or jsonb) and unpaired UTF-16 surrogates (jsonb). Found by fuzzing:
 * a rating version named "\u0000" and a quote whose address was "\ud800" reached the database and answered 500.
 * Any request carrying one, in a body value or key, a query value or a path parameter, is refused with 400
 * naming where, and nothing is stored.
 */
import { expect, it } from "vitest";
import { PI001_RATING_CONFIG } from "../../src/domain/rating/configs/pi001";
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../src/server/plugins/storable-text";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { call, createQuote, STEP_ONE } from "./quotes-fixtures";

it("finds U+0000 in nested values and keys, and nothing in clean data", () => {
  expect(findUnstorableText({ a: [1, "ok", { b: "x\u0000y" }] })).toBe("a.2.b");
  expect(findUnstorableText({ "k\u0000": 1 })).toBe("k\\u0000");
  expect(findUnstorableText("\u0000")).toBe("");
  expect(findUnstorableText({ address: "1 High St \ud800" })).toBe("address");
  expect(findUnstorableText({ address: "\udc00 lone low" })).toBe("address");
  expect(findUnstorableText({ name: "Zoë 🏗️ Łódź Ó Briain" })).toBeUndefined();
  expect(findUnstorableText({ a: "\\u0000 is only text here", b: [null, true, 3] })).toBeUndefined();
});

describeEachDatabase("requests carrying text PostgreSQL cannot store", (ctx) => {
  it("refuses a rating version whose name or configuration holds one, and stores nothing", async () => {
    const admin = await signIn(ctx.app, "ADMIN");
    const before = await call<{ data: unknown[] }>(ctx.app, admin, "GET", "/api/rating/versions");
    for (const body of [
      { name: "\u0000", json: PI001_RATING_CONFIG, effectiveFrom: "2027-01-01" },
      { name: "Nul in config", json: { ...PI001_RATING_CONFIG, version: "1.0\u0000" }, effectiveFrom: "2027-01-01" },
    ]) {
      const response = await call(ctx.app, admin, "POST", "/api/rating/versions", body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: UNSTORABLE_TEXT_MESSAGE, code: "VALIDATION_FAILED" });
    }
    const after = await call<{ data: unknown[] }>(ctx.app, admin, "GET", "/api/rating/versions");
    expect(after.body.data).toHaveLength(before.body.data.length);
  });

  it("refuses a quote change holding one and keeps the quote as it was", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createQuote(ctx.app, broker);
    for (const proposerName of ["Acme\u0000", "Acme \ud800"]) {
      const response = await call(ctx.app, broker, "PATCH", `/api/quotes/${quote.id}`, { proposerName });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ issues: [{ path: "proposerName", message: UNSTORABLE_TEXT_MESSAGE }] });
    }
    const created = await call(ctx.app, broker, "POST", "/api/quotes", { ...STEP_ONE, businessAddress: "\ud800" });
    expect(created.status).toBe(400);
    const stored = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(stored.body.data.proposerName).toBe(STEP_ONE.proposerName);
  });

  it("refuses one in a search query", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const response = await call(ctx.app, broker, "GET", "/api/quotes?q=acme%00");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: UNSTORABLE_TEXT_MESSAGE });
  });
});

it("walks a body nested 50,000 levels deep without overflowing the stack", () => {
  let deep: unknown = "\u0000";
  for (let i = 0; i < 50_000; i += 1) deep = { a: deep };
  expect(findUnstorableText(deep)?.split(".")).toHaveLength(50_000);
});
