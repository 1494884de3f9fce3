/**
 * A policy's transactions as the database holds them (docs/product/life-cycle.md "The policy"): the issue, written
 * by the database as the quote is issued, each adjustment and a cancellation. What the policy has paid is their sum,
 * and its answers today are its issued quote's with each adjustment's changes laid over them.
 */
import { asc, eq, sql } from "drizzle-orm";
import { POLICY_CHANGED_MESSAGE } from "../../../domain/quote/cancellation";
import { currentPolicyAnswers, type PolicyChanges } from "../../../domain/quote/policy-changes";
import { type AuditEvent, recordAudit } from "../../audit/record";
import type { Database } from "../../db/client";
import { type PolicyTransactionRow, policyTransactions, type QuoteRow, quotes } from "../../db/schema";
import { AppError, sqlStateOf } from "../../errors";

/** The policy's transactions, first to last. */
export async function findPolicyTransactions(db: Database, policyId: string): Promise<PolicyTransactionRow[]> {
  return db
    .select()
    .from(policyTransactions)
    .where(eq(policyTransactions.policyId, policyId))
    .orderBy(asc(policyTransactions.sequence));
}

/** Whether a policy has been cancelled (a cancellation is one of its transactions). */
export function isCancelledPolicy(transactions: readonly Pick<PolicyTransactionRow, "kind">[]): boolean {
  return transactions.some((transaction) => transaction.kind === "CANCELLATION");
}

/** SQL: the quote `policyId` has a cancellation. For the lists that leave cancelled policies out. */
export function hasCancellation(policyId: unknown) {
  return sql`exists (select 1 from ${policyTransactions} where ${policyTransactions.policyId} = ${policyId} and ${policyTransactions.kind} = 'CANCELLATION')`;
}

/** The changes each adjustment made, in the order they were made. */
export function adjustmentsOf(transactions: readonly PolicyTransactionRow[]): PolicyChanges[] {
  return transactions
    .filter((transaction) => transaction.kind === "ADJUSTMENT")
    .map((transaction) => (transaction.details.changes ?? {}) as PolicyChanges);
}

/** The policy's answers today: its issued quote with every adjustment laid over it. */
export function currentAnswersOf(quote: QuoteRow, transactions: readonly PolicyTransactionRow[]): QuoteRow {
  return currentPolicyAnswers(quote, adjustmentsOf(transactions));
}

/** The effective date of the policy's last adjustment, if it has one. */
export function lastAdjustmentDate(transactions: readonly PolicyTransactionRow[]): string | null {
  return transactions.filter((transaction) => transaction.kind === "ADJUSTMENT").at(-1)?.effectiveDate ?? null;
}

/**
 * Writes a policy's next transaction in one database transaction: the quote's version moves on from the one the
 * caller read, the transaction takes the next sequence number, and the audit entry is written beside it. A change
 * that landed first (a moved version, a taken sequence number, a second cancellation) answers 409, and nothing of
 * this one is written.
 */
export async function recordPolicyTransaction(
  db: Database,
  change: {
    quote: QuoteRow;
    expectedVersion: number;
    transaction: Omit<typeof policyTransactions.$inferInsert, "policyId">;
    audit: AuditEvent;
    actorId: string;
    now: Date;
    /** More to write in the same database transaction. */
    alsoWithin?: ((tx: Database) => Promise<void>) | undefined;
  },
): Promise<void> {
  const { quote, expectedVersion, now } = change;
  const conflict = () => new AppError("VERSION_CONFLICT", POLICY_CHANGED_MESSAGE);
  try {
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(quotes)
        .set({ version: sql`${quotes.version} + 1`, updatedAt: now })
        .where(sql`${quotes.id} = ${quote.id} and ${quotes.version} = ${expectedVersion}`)
        .returning({ id: quotes.id });
      if (moved.length === 0) throw conflict();
      await tx.insert(policyTransactions).values({ ...change.transaction, policyId: quote.id, createdAt: now });
      await recordAudit(tx, {
        at: now,
        entityType: "quote",
        entityId: quote.id,
        actorId: change.actorId,
        ...change.audit,
      });
      await change.alsoWithin?.(tx);
    });
  } catch (error) {
    if (sqlStateOf(error) === "23505") throw conflict();
    throw error;
  }
}
