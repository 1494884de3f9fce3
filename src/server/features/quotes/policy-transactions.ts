/**
 * A policy's transactions as the database holds them (docs/product/life-cycle.md "The policy"): the issue, written
 * by the database as the quote is issued, each adjustment and a cancellation. What the policy has paid is their sum,
 * and its answers today are its issued quote's with each adjustment's changes laid over them.
 */
import { asc, eq, sql } from "drizzle-orm";
import { currentPolicyAnswers, type PolicyChanges } from "../../../domain/quote/policy-changes";
import type { Database } from "../../db/client";
import { type PolicyTransactionRow, policyTransactions, type QuoteRow } from "../../db/schema";

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
