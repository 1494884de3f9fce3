/**
 * How rating receipts are kept (docs/product/receipts.md "How receipts are kept", ADR 0080), on both databases:
 * a rating version's configuration text once, by its hash, however many receipts name it, and every receipt read
 * back (the quote's receipt, the month's receipts export) whole and byte for byte as it was made. A database
 * holding receipts written whole, before configurations were kept once, is migrated and answers them unchanged.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { todayInLondon } from "../../src/domain/format/dates";
import { canonicalJson } from "../../src/domain/receipt/canonical-json";
import type { RatingReceipt, ReceiptKind } from "../../src/domain/receipt/receipt";
import { createReceiptVerifier } from "../../src/domain/receipt/verify";
import { buildApp } from "../../src/server/app";
import { type Database, migrationsFolder, type OpenDatabase, openDatabase } from "../../src/server/db/client";
import { quotes, ratingReceiptConfigurations, ratingReceipts, users } from "../../src/server/db/schema";
import { seedDatabase } from "../../src/server/db/seed";
import { findLatestReceipt } from "../../src/server/features/receipts/repository";
import { sha256Hex } from "../../src/server/features/receipts/sha256";
import { signIn } from "../support/auth";
import { createEmptyPostgresDatabase, testDatabaseKinds } from "../support/database";
import { describeEachDatabase, TEST_LOGIN_RATE_LIMIT, testConfig } from "../support/harness";
import { sampleQuoteForDocuments, storedQuoteRow } from "../support/sample-quote";
import { issuedPolicy } from "./policies-fixtures";
import { call, createCompleteQuote, rateQuote, STEP_SEVEN } from "./quotes-fixtures";

const verifier = createReceiptVerifier(sha256Hex);

const receiptOf = (app: FastifyInstance, cookie: string, quoteId: string, kind: string) =>
  call<{ data: RatingReceipt }>(app, cookie, "GET", `/api/quotes/${quoteId}/receipt?kind=${kind}`);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many configuration texts are kept under a hash. */
async function configurationsKept(db: Database, hash: string): Promise<number> {
  return (await db.select().from(ratingReceiptConfigurations).where(eq(ratingReceiptConfigurations.hash, hash))).length;
}

describeEachDatabase("rating receipts' configurations kept once", (ctx) => {
  afterEach(() => ctx.clock.reset());

  it("keeps one configuration for two ratings under the same version, and answers each receipt whole", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const quote = await createCompleteQuote(ctx.app, broker);
    await rateQuote(ctx.app, broker, quote.id, { ...STEP_SEVEN, risk: { coverLimitAggregate: 2_000_000 } });
    const rows = await ctx.db.select().from(ratingReceipts).where(eq(ratingReceipts.quoteId, quote.id));
    expect(rows).toHaveLength(2);
    const hash = rows[0]?.configurationHash ?? "";
    expect(rows.map((row) => row.configurationHash)).toEqual([hash, hash]);
    for (const row of rows) expect(JSON.parse(row.receipt)).not.toHaveProperty("configuration");
    expect(await configurationsKept(ctx.db, hash)).toBe(1);

    const receipt = (await receiptOf(ctx.app, broker, quote.id, "RATING")).body.data;
    expect(receipt.hashes.configuration).toBe(hash);
    expect(receipt.configuration.length).toBeGreaterThan(1_000);
    expect(await verifier.verify(receipt)).toEqual({ verified: true, hash: receipt.hash });
  });

  it("exports the month's receipts whole, each verifying", async () => {
    const { broker, policy } = await issuedPolicy(ctx);
    const issued = (await receiptOf(ctx.app, broker.cookie, policy.id, "ISSUE")).body.data;
    const rated = (await receiptOf(ctx.app, broker.cookie, policy.id, "RATING")).body.data;
    expect(issued.hashes.configuration).toBe(rated.hashes.configuration);
    expect(await configurationsKept(ctx.db, issued.hashes.configuration)).toBe(1);

    const month = todayInLondon(ctx.clock.now()).slice(0, 7);
    const exported = await ctx.app.inject({
      method: "GET",
      url: `/api/bordereau/receipts?month=${month}`,
      headers: { cookie: await signIn(ctx.app, "UNDERWRITER") },
    });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.trim().split("\n");
    expect(lines).toContain(canonicalJson(issued));
    for (const line of lines) expect(await verifier.verify(JSON.parse(line))).toMatchObject({ verified: true });
  });

  it("keeps configurations immutable: the database refuses to change or delete one", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    await createCompleteQuote(ctx.app, broker);
    for (const statement of [
      sql`update rating_receipt_configurations set configuration = '{}'`,
      sql`delete from rating_receipt_configurations`,
    ]) {
      const refused = await ctx.db.execute(statement).then(
        () => "written",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
      expect(refused).toMatch(/rating_receipt_configurations is append-only/);
    }
  });
});

/** Receipts of the corpus, written whole as the first release of receipts wrote them. */
const CORPUS = join(import.meta.dirname, "..", "fixtures", "receipts");
const corpusText = (name: string) =>
  canonicalJson(JSON.parse(readFileSync(join(CORPUS, `engine-1-${name}.json`), "utf8")) as RatingReceipt);
const FIRST_QUOTE = { RATING: "plain-rating", ISSUE: "issue", ADJUSTMENT: "adjustment" } as const;
const SECOND_QUOTE = "other-product";

/** A copy of the migrations up to, not including, the one that keeps configurations once. */
function migrationsBeforeConfigurationsKeptOnce(): string {
  const folder = join(mkdtempSync(join(tmpdir(), "pqe-migrations-")), "migrations");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < "0044_receipt_configurations");
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

for (const kind of testDatabaseKinds()) {
  describe(`rating receipts written whole before configurations were kept once [${kind}]`, () => {
    let database: OpenDatabase;
    let dropDatabase = async () => {};
    let app: FastifyInstance | undefined;
    const quoteIds: string[] = [];
    /** The receipts written whole: the first quote's of each kind, and one under another product's version. */
    const written = () => [
      ...Object.entries(FIRST_QUOTE).map(([receiptKind, name]) => ({ quoteId: quoteIds[0] ?? "", receiptKind, name })),
      { quoteId: quoteIds[1] ?? "", receiptKind: "RATING", name: SECOND_QUOTE },
    ];

    beforeAll(async () => {
      const earlier = { migrationsFolder: migrationsBeforeConfigurationsKeptOnce() };
      if (kind === "pglite") {
        database = await openDatabase({ databaseUrl: undefined, dataDir: "" }, { inMemory: true });
        const { migrate } = await import("drizzle-orm/pglite/migrator");
        await migrate(database.db as never, earlier);
      } else {
        const empty = await createEmptyPostgresDatabase();
        dropDatabase = empty.drop;
        database = await openDatabase({ databaseUrl: empty.url, dataDir: "" }, { poolSize: 2 });
        const { migrate } = await import("drizzle-orm/node-postgres/migrator");
        await migrate(database.db as never, earlier);
      }
      await seedDatabase(database.db, { seedDemo: true, initialAdmin: undefined });
      const [broker] = await database.db.select().from(users).where(eq(users.email, "broker@example.com"));
      for (let index = 0; index < 2; index++) {
        const row = storedQuoteRow(sampleQuoteForDocuments(), broker?.id ?? "");
        const [quote] = await database.db.insert(quotes).values(row).returning({ id: quotes.id });
        quoteIds.push(quote?.id ?? "");
      }
      for (const { quoteId, receiptKind, name } of written()) {
        const text = corpusText(name);
        const receipt = JSON.parse(text) as RatingReceipt;
        await database.db.execute(sql`insert into rating_receipts (quote_id, kind, hash, engine_version, receipt)
          values (${quoteId}, ${receiptKind}::rating_receipt_kind, ${receipt.hash}, ${receipt.engineVersion}, ${text})`);
      }
      await database.migrate();
      app = await buildApp({
        config: testConfig(),
        database,
        logger: false,
        now: () => new Date(),
        loginRateLimit: TEST_LOGIN_RATE_LIMIT,
      });
      await app.ready();
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await dropDatabase();
    });

    it("keeps each configuration once and each receipt without it", async () => {
      const kept = await database.db.select().from(ratingReceiptConfigurations);
      const expected = new Set(
        written().map(({ name }) => (JSON.parse(corpusText(name)) as RatingReceipt).hashes.configuration),
      );
      expect(kept.map((row) => row.hash).sort()).toEqual([...expected].sort());
      const stored = rowsOf<{ receipt: string; configuration_hash: string }>(
        await database.db.execute(sql`select receipt, configuration_hash from rating_receipts`),
      );
      expect(stored).toHaveLength(4);
      for (const row of stored) {
        expect(JSON.parse(row.receipt)).not.toHaveProperty("configuration");
        expect(expected.has(row.configuration_hash)).toBe(true);
      }
    });

    it("reads every receipt back byte for byte, and answers it whole, verifying", async () => {
      const cookie = await signIn(app as FastifyInstance, "BROKER");
      for (const { quoteId, receiptKind, name } of written()) {
        const text = corpusText(name);
        const found = await findLatestReceipt(database.db, quoteId, receiptKind as ReceiptKind);
        expect(found?.receipt).toBe(text);
        const answer = await receiptOf(app as FastifyInstance, cookie, quoteId, receiptKind);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(canonicalJson(answer.body.data)).toBe(text);
        expect(await verifier.verify(answer.body.data)).toMatchObject({ verified: true });
      }
    });
  });
}
