/**
 * Rating receipts (docs/product/receipts.md), through the HTTP API on both databases: a receipt written with every
 * rating, adjustment and issue, in the same transaction and named in its audit entry; readable by exactly who may
 * see the quote; immutable; and each one verifies offline with the engine alone.
 */

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { main } from "../../scripts/verify-receipt";
import { todayInLondon } from "../../src/domain/format/dates";
import { addDays } from "../../src/domain/quote/renewal";
import type { RatingReceipt } from "../../src/domain/receipt/receipt";
import { createReceiptVerifier } from "../../src/domain/receipt/verify";
import { quotes, ratingReceipts, ratingVersions, users } from "../../src/server/db/schema";
import { sha256Hex } from "../../src/server/features/receipts/sha256";
import { auditEntries } from "../support/audit";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { sampleQuoteForDocuments, storedQuoteRow } from "../support/sample-quote";
import { issuedPolicy, policyUrl } from "./policies-fixtures";
import { call, createCompleteQuote, createQuote, rateQuote, STEP_SEVEN } from "./quotes-fixtures";

const verifier = createReceiptVerifier(sha256Hex);

describeEachDatabase("rating receipts", (ctx) => {
  afterEach(() => ctx.clock.reset());

  const receiptOf = (cookie: string, quoteId: string, kind?: string) =>
    call<{ data: RatingReceipt }>(
      ctx.app,
      cookie,
      "GET",
      `/api/quotes/${quoteId}/receipt${kind ? `?kind=${kind}` : ""}`,
    );

  it("writes a receipt with each rating that re-rates to the stored premium, and names it in the audit entry", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    const answer = await receiptOf(broker, quote.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const receipt = answer.body.data;
    expect(receipt).toMatchObject({
      format: "pi-rating-receipt",
      engineVersion: "1",
      kind: "RATING",
      subject: { quoteReference: quote.reference, policyNumber: null },
      ratingVersion: { id: quote.ratingVersionId },
    });
    expect(receipt.result.totalPremium).toBe(117_320);
    expect(receipt.input).toMatchObject({ turnover: 750_000, coverLimit: 1_000_000 });
    expect(await verifier.verify(receipt)).toEqual({ verified: true, hash: receipt.hash });

    const rated = await auditEntries(ctx.db, { entityId: quote.id, action: "rated" });
    expect(rated.at(-1)?.details).toMatchObject({ receipt: receipt.hash });

    // A new choice is a new rating with a new receipt; the first is kept.
    await rateQuote(ctx.app, broker, quote.id, { ...STEP_SEVEN, risk: { coverLimitAggregate: 2_000_000 } });
    const again = (await receiptOf(broker, quote.id)).body.data;
    expect(again.hash).not.toBe(receipt.hash);
    expect(again.input.coverLimit).toBe(2_000_000);
    const kept = await ctx.db.select().from(ratingReceipts).where(eq(ratingReceipts.quoteId, quote.id));
    expect(kept.map((row) => row.hash)).toEqual(expect.arrayContaining([receipt.hash, again.hash]));
    expect(kept.every((row) => row.kind === "RATING")).toBe(true);
  });

  it("writes a receipt at issue and at each adjustment, each verifying, with the policy and endorsement named", async () => {
    const { broker, policy, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const issued = (await receiptOf(broker.cookie, policy.id, "ISSUE")).body.data;
    expect(issued).toMatchObject({ kind: "ISSUE", subject: { policyNumber, endorsement: null } });
    expect(issued.result.totalPremium).toBe(117_320);
    expect(await verifier.verify(issued)).toMatchObject({ verified: true });
    expect((await auditEntries(ctx.db, { entityId: policy.id, action: "issued" })).at(-1)?.details).toMatchObject({
      receipt: issued.hash,
    });

    const done = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/adjustments"), {
      effectiveDate: addDays(inceptionDate, 30),
      changes: { excessDiscount: "2x" },
      expectedVersion: policy.version,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const adjusted = (await receiptOf(broker.cookie, policy.id)).body.data;
    expect(adjusted).toMatchObject({ kind: "ADJUSTMENT", subject: { policyNumber, endorsement: 1 } });
    expect(adjusted.input.excessOption).toBe("2x");
    expect(await verifier.verify(adjusted)).toMatchObject({ verified: true });
    expect((await auditEntries(ctx.db, { entityId: policy.id, action: "adjusted" })).at(-1)?.details).toMatchObject({
      receipt: adjusted.hash,
    });
  });

  it("gives each bordereau row its receipt hash, and the month's receipts re-rate in one command", async () => {
    const { broker, policy, policyNumber, inceptionDate } = await issuedPolicy(ctx);
    const done = await call(ctx.app, broker.cookie, "POST", policyUrl(policyNumber, "/adjustments"), {
      effectiveDate: addDays(inceptionDate, 30),
      changes: { excessDiscount: "2x" },
      expectedVersion: policy.version,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const issued = (await receiptOf(broker.cookie, policy.id, "ISSUE")).body.data;
    const adjusted = (await receiptOf(broker.cookie, policy.id, "ADJUSTMENT")).body.data;
    const month = todayInLondon(ctx.clock.now()).slice(0, 7);
    const underwriter = await signIn(ctx.app, "UNDERWRITER");

    const csv = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau?month=${month}`,
      headers: { cookie: underwriter },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.replace("\uFEFF", "").trim().split("\r\n");
    expect(rows[0]?.endsWith('"Rating Receipt"')).toBe(true);
    const ours = rows.filter((row) => row.startsWith(`"${policyNumber}"`));
    expect(ours.map((row) => row.split(",").at(-1))).toEqual([`"${issued.hash}"`, `"${adjusted.hash}"`]);

    const exported = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau/receipts?month=${month}`,
      headers: { cookie: underwriter },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("application/jsonl; charset=utf-8");
    expect(exported.headers["content-disposition"]).toContain(`bordereau-${month}-receipts.jsonl`);
    const lines = exported.body.trim().split("\n");
    const hashes = lines.map((line) => (JSON.parse(line) as RatingReceipt).hash);
    expect(hashes).toEqual(expect.arrayContaining([issued.hash, adjusted.hash]));

    const file = join(mkdtempSync(join(tmpdir(), "pqe-month-")), "month.jsonl");
    writeFileSync(file, exported.body);
    const printed: string[] = [];
    expect(await main([file], (line) => printed.push(line))).toBe(0);
    expect(printed).toEqual([`rows checked: ${lines.length}`, `verified: ${lines.length}`, "differing: 0"]);

    const brokerAsks = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau/receipts?month=${month}`,
      headers: { cookie: broker.cookie },
    });
    expect(brokerAsks.statusCode).toBe(403);
  });

  it("prints the policy's receipt hash and how to verify it on the schedule", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const issued = (await receiptOf(broker.cookie, policy.id, "ISSUE")).body.data;
    const schedule = await ctx.app.inject({
      method: "POST",
      url: `/api/quotes/${policy.id}/policy-schedule`,
      headers: { cookie: broker.cookie },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const text = pdfText(schedule.rawPayload);
    expect(text).toContain(`Rating receipt ${issued.hash.slice(0, 12)}`);
    expect(text).toContain("Anyone can rate this premium again");
    expect(text).toContain("node verify-receipt.mjs receipt.json");
  });

  it("shows a receipt to exactly who may see the quote", async () => {
    const owner = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const quote = await createCompleteQuote(ctx.app, owner.cookie);
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const admin = await signIn(ctx.app, "ADMIN");
    const mine = await receiptOf(owner.cookie, quote.id);
    expect(mine.status).toBe(200);
    expect((await receiptOf(underwriter, quote.id)).body.data.hash).toBe(mine.body.data.hash);
    const quoteAnswer = await call(ctx.app, other.cookie, "GET", `/api/quotes/${quote.id}`);
    const receiptAnswer = await receiptOf(other.cookie, quote.id);
    expect(receiptAnswer.status).toBe(quoteAnswer.status);
    expect(JSON.stringify(receiptAnswer.body)).toBe(JSON.stringify(quoteAnswer.body));
    const adminQuote = await call(ctx.app, admin, "GET", `/api/quotes/${quote.id}`);
    expect((await receiptOf(admin, quote.id)).status).toBe(adminQuote.status);
    const anonymous = await ctx.app.inject({ method: "GET", url: `/api/quotes/${quote.id}/receipt` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 RECEIPT_NOT_FOUND for a quote never rated, and 400 for an unknown kind", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const draft = await createQuote(ctx.app, broker);
    const none = await receiptOf(broker, draft.id);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: "RECEIPT_NOT_FOUND" });
    const bad = await receiptOf(broker, draft.id, "SOMETHING");
    expect(bad.status).toBe(400);
  });

  /** The database's refusal of a statement, in its own words. */
  const refusal = (statement: ReturnType<typeof sql>) =>
    ctx.db.execute(statement).then(
      () => "written",
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );

  it("answers 404 for a quote rated before receipts were kept, and at issue writes none unless re-rating gives its premium", async () => {
    const [broker] = await ctx.db.select().from(users).where(eq(users.email, "broker@example.com"));
    const [version] = await ctx.db
      .select({ id: ratingVersions.id })
      .from(ratingVersions)
      .where(eq(ratingVersions.productCode, "D/C-PI"))
      .limit(1);
    const row = storedQuoteRow(sampleQuoteForDocuments(), broker?.id ?? "", {
      ratingVersionId: version?.id ?? null,
      ratedAt: ctx.clock.now(),
    });
    const [old] = await ctx.db.insert(quotes).values(row).returning({ id: quotes.id });
    const cookie = await signIn(ctx.app, "BROKER");
    const none = await receiptOf(cookie, old?.id ?? "");
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({
      code: "RECEIPT_NOT_FOUND",
      error: "This quote has no rating receipt: it has not been rated since receipts were kept",
    });
    const issued = await call(ctx.app, cookie, "POST", `/api/quotes/${old?.id}/issue`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    // The sample's stored premium is not what its answers rate to today: no receipt records another premium.
    expect((await receiptOf(cookie, old?.id ?? "")).status).toBe(404);
    const entry = (await auditEntries(ctx.db, { entityId: old?.id ?? "", action: "issued" })).at(-1);
    expect(entry?.details).toMatchObject({ receipt: null, totalPremium: "2038.40" });
  });

  it("keeps receipts immutable: the database refuses to change or delete one", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await expect(refusal(sql`update rating_receipts set hash = 'x' where quote_id = ${quote.id}`)).resolves.toMatch(
      /append-only/,
    );
    await expect(refusal(sql`delete from rating_receipts where quote_id = ${quote.id}`)).resolves.toMatch(
      /append-only/,
    );
    const after = await receiptOf(broker, quote.id);
    expect(await verifier.verify(after.body.data)).toMatchObject({ verified: true });
  });
});
