/**
 * Renewals' SQL (docs/product/life-cycle.md "Renewals"): the renewal made from a policy, and the issued policies
 * due for renewal on a day. 'Renewals due' selects by inception date only (the domain turns the due window into
 * an exact inception range), on the partial index of issued policies by inception date.
 */
import { and, asc, between, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PageQuery } from "../../../domain/quote/quote";
import { renewalDueInceptionRange } from "../../../domain/quote/renewal";
import type { Database } from "../../db/client";
import { quotes, users } from "../../db/schema";
import { hasCancellation } from "./policy-transactions";
import { brokerColumns, type QuoteActor, visibleQuotesCondition } from "./repository";

export interface RenewalSummary {
  id: string;
  reference: string;
  status: string;
}

/** The renewal already made from policy `policyId`, if any (at most one: `renewal_of_id` is unique). */
export async function findRenewalOf(db: Database, policyId: string): Promise<RenewalSummary | undefined> {
  const [row] = await db
    .select({ id: quotes.id, reference: quotes.reference, status: quotes.status })
    .from(quotes)
    .where(eq(quotes.renewalOfId, policyId))
    .limit(1);
  return row;
}

const renewals = alias(quotes, "renewal");

export interface RenewalDueRow {
  id: string;
  reference: string;
  policyNumber: string | null;
  proposerName: string;
  inceptionDate: string;
  totalPremium: number | null;
  broker: { name: string; email: string } | null;
  renewal: RenewalSummary | null;
}

/** Brokers see their own policies; underwriters every policy (docs/product/permissions.md); never a cancelled one. */
function dueCondition(actor: QuoteActor, today: string): SQL | undefined {
  const range = renewalDueInceptionRange(today);
  return and(
    eq(quotes.status, "ISSUED"),
    // A run-off policy is never renewed.
    isNull(quotes.runOffYears),
    between(quotes.inceptionDate, range.from, range.to),
    sql`not ${hasCancellation(quotes.id)}`,
    // Nor one whose firm has gone into run-off.
    sql`not exists (select 1 from quotes run_off where run_off.run_off_of_id = ${quotes.id} and run_off.status = 'ISSUED')`,
    visibleQuotesCondition(actor),
  );
}

/**
 * One page of the policies due on London day `today`, soonest expiry first, and how many are due in all. The
 * order is total (a reference is unique), so consecutive pages never repeat or skip a policy.
 */
export async function findRenewalsDue(
  db: Database,
  actor: QuoteActor,
  today: string,
  paging: PageQuery,
): Promise<{ rows: RenewalDueRow[]; total: number }> {
  const where = dueCondition(actor, today);
  const page = db
    .select({
      id: quotes.id,
      reference: quotes.reference,
      policyNumber: quotes.policyNumber,
      proposerName: quotes.proposerName,
      inceptionDate: quotes.inceptionDate,
      totalPremium: quotes.totalPremium,
      broker: brokerColumns,
      renewal: { id: renewals.id, reference: renewals.reference, status: renewals.status },
    })
    .from(quotes)
    .leftJoin(users, eq(users.id, quotes.brokerId))
    .leftJoin(renewals, eq(renewals.renewalOfId, quotes.id))
    .where(where)
    // The last day of cover follows the inception date, so this is soonest expiry first.
    .orderBy(asc(quotes.inceptionDate), asc(quotes.reference))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  // The page and the count are two queries sent together, as for the dashboard's list.
  const [rows, [counted]] = await Promise.all([page, db.select({ total: count() }).from(quotes).where(where)]);
  return { rows, total: counted?.total ?? 0 };
}
