/**
 * Rating receipts as the database keeps them (docs/product/receipts.md): appended only, each in the same
 * transaction (or statement) as the rating, adjustment or issue it records. A version's configuration text is
 * the same in every receipt rated under it, so it is kept once, by its hash, and put back into each receipt read.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { WithSubquery } from "drizzle-orm/subquery";
import { canonicalJson } from "../../../domain/receipt/canonical-json";
import type { RatingReceipt, ReceiptKind } from "../../../domain/receipt/receipt";
import type { Database } from "../../db/client";
import { ratingReceiptConfigurations, ratingReceipts } from "../../db/schema";

/** A receipt ready to write: what it is of, and the policy transaction it prices (if any). */
export interface ReceiptToWrite {
  kind: ReceiptKind;
  policySequence: number | null;
  receipt: RatingReceipt;
}

/** How a stored receipt's text begins: its configuration, first in canonical order, is taken out. */
const STORED_START = '{"engineVersion":';

/**
 * A receipt's canonical text again from its row's text and its configuration: the configuration, first in
 * canonical order (RFC 8785 sorts the keys), put back in front.
 */
export function receiptText(stored: string, configuration: string): string {
  if (!stored.startsWith(STORED_START)) throw new Error("A stored rating receipt must begin with its engine version");
  return `{"configuration":${canonicalJson(configuration)},${stored.slice(1)}`;
}

function rowValues(quoteId: string, { kind, policySequence, receipt }: ReceiptToWrite) {
  return {
    quoteId,
    kind,
    policySequence,
    hash: receipt.hash,
    engineVersion: receipt.engineVersion,
    receipt: canonicalJson({ ...receipt, configuration: undefined }),
    configurationHash: receipt.hashes.configuration,
  };
}

/** Writes a receipt, and its configuration unless already kept, on the transaction the change runs in. */
export async function insertReceipt(tx: Database, quoteId: string, write: ReceiptToWrite, now: Date): Promise<void> {
  const { hashes, configuration } = write.receipt;
  await tx
    .insert(ratingReceiptConfigurations)
    .values({ hash: hashes.configuration, configuration, createdAt: now })
    .onConflictDoNothing();
  await tx.insert(ratingReceipts).values({ ...rowValues(quoteId, write), createdAt: now });
}

/**
 * The receipt of the quote a data-modifying WITH query changes (`changed` returns its `id`), with its
 * configuration unless already kept, as further WITH queries of the same statement: nothing is written when the
 * change is not (a lost version race).
 */
export function receiptAfter(db: Database, changed: WithSubquery): WithSubquery[] {
  const column = (name: keyof typeof ratingReceipts.$inferInsert) => sql.identifier(ratingReceipts[name].name);
  const kept = (name: keyof typeof ratingReceiptConfigurations.$inferInsert) =>
    sql.identifier(ratingReceiptConfigurations[name].name);
  const value = (name: string) => sql.placeholder(`receipt_${name}`);
  return [
    db.$with("receipt_configuration", {}).as(
      sql`insert into ${ratingReceiptConfigurations} (${kept("hash")}, ${kept("configuration")}, ${kept("createdAt")})
        select ${value("configuration_hash")}::text, ${value("configuration")}::text, ${value("created_at")}::timestamptz
        from ${changed}
        on conflict do nothing`,
    ),
    db.$with("receipt", {}).as(
      sql`insert into ${ratingReceipts} (${column("quoteId")}, ${column("kind")}, ${column("policySequence")}, ${column("hash")}, ${column("engineVersion")}, ${column("receipt")}, ${column("configurationHash")}, ${column("createdAt")})
        select ${changed}.id, ${value("kind")}::rating_receipt_kind, ${value("policy_sequence")}::int, ${value("hash")}::text, ${value("engine_version")}::text, ${value("text")}::text, ${value("configuration_hash")}::text, ${value("created_at")}::timestamptz
        from ${changed}`,
    ),
  ];
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
    receipt_configuration_hash: row.configurationHash,
    receipt_configuration: write.receipt.configuration,
    receipt_created_at: now.toISOString(),
  };
}

/** A quote's latest receipt, of one kind when asked: its hash and its whole canonical text. */
export async function findLatestReceipt(
  db: Database,
  quoteId: string,
  kind?: ReceiptKind,
): Promise<{ hash: string; receipt: string } | undefined> {
  const [row] = await db
    .select({
      hash: ratingReceipts.hash,
      receipt: ratingReceipts.receipt,
      configuration: ratingReceiptConfigurations.configuration,
    })
    .from(ratingReceipts)
    .innerJoin(ratingReceiptConfigurations, eq(ratingReceiptConfigurations.hash, ratingReceipts.configurationHash))
    .where(and(eq(ratingReceipts.quoteId, quoteId), kind === undefined ? undefined : eq(ratingReceipts.kind, kind)))
    .orderBy(desc(ratingReceipts.createdAt), desc(ratingReceipts.id))
    .limit(1);
  return row && { hash: row.hash, receipt: receiptText(row.receipt, row.configuration) };
}
