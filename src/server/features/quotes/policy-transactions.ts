/**
 * A policy's transactions as the database holds them (docs/product/life-cycle.md "The policy"): the issue, written
 * by the database as the quote is issued, and each cancellation. What the policy has paid is their sum.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type PolicyTransactionRow, policyTransactions } from "../../db/schema";

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
