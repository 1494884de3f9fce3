/**
 * Rating receipts as the database keeps them (docs/product/receipts.md): appended only, each in the same
 * transaction (or statement) as the rating, adjustment or issue it records.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { WithSubquery } from "drizzle-orm/subquery";
import { canonicalJson } from "../../../domain/receipt/canonical-json";
import type { RatingReceipt, ReceiptKind } from "../../../domain/receipt/receipt";
import type { Database } from "../../db/client";
import { type RatingReceiptRow, ratingReceipts } from "../../db/schema";

/** A receipt ready to write: what it is of, and the policy transaction it prices (if any). */
export interface ReceiptToWrite {
  kind: ReceiptKind;
  policySequence: number | null;
  receipt: RatingReceipt;
}

function rowValues(quoteId: string, { kind, policySequence, receipt }: ReceiptToWrite) {
  return {
    quoteId,
    kind,
    policySequence,
    hash: receipt.hash,
    engineVersion: receipt.engineVersion,
    receipt: canonicalJson(receipt),
  };
}

/** Writes a receipt on the transaction the change runs in. */
export async function insertReceipt(tx: Database, quoteId: string, write: ReceiptToWrite, now: Date): Promise<void> {
  await tx.insert(ratingReceipts).values({ ...rowValues(quoteId, write), createdAt: now });
}

/**
 * The receipt of the quote a data-modifying WITH query changes (`changed` returns its `id`), as a further WITH
 * query of the same statement: no receipt is written when the change is not (a lost version race).
 */
export function receiptAfter(db: Database, changed: WithSubquery): WithSubquery {
  const column = (name: keyof typeof ratingReceipts.$inferInsert) => sql.identifier(ratingReceipts[name].name);
  const value = (name: string) => sql.placeholder(`receipt_${name}`);
  return db.$with("receipt", {}).as(
    sql`insert into ${ratingReceipts} (${column("quoteId")}, ${column("kind")}, ${column("policySequence")}, ${column("hash")}, ${column("engineVersion")}, ${column("receipt")}, ${column("createdAt")})
      select ${changed}.id, ${value("kind")}::rating_receipt_kind, ${value("policy_sequence")}::int, ${value("hash")}::text, ${value("engine_version")}::text, ${value("text")}::text, ${value("created_at")}::timestamptz
      from ${changed}`,
  );
}

/** The values for the placeholders of `receiptAfter`. */
export function receiptAfterValues(write: ReceiptToWrite, now: Date): Record<string, unknown> {
  const row = rowValues("", write);
  return {
    receipt_kind: row.kind,
    receipt_policy_sequence: row.policySequence,
    receipt_hash: row.hash,
    receipt_engine_version: row.engineVersion,
    receipt_text: row.receipt,
    receipt_created_at: now.toISOString(),
  };
}

/** A quote's latest receipt, of one kind when asked. */
export async function findLatestReceipt(
  db: Database,
  quoteId: string,
  kind?: ReceiptKind,
): Promise<RatingReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(ratingReceipts)
    .where(and(eq(ratingReceipts.quoteId, quoteId), kind === undefined ? undefined : eq(ratingReceipts.kind, kind)))
    .orderBy(desc(ratingReceipts.createdAt), desc(ratingReceipts.id))
    .limit(1);
  return row;
}
