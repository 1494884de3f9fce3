/**
 * The transactions a month's bordereau reports: every transaction made on a policy in that London calendar month
 * (its issue, a cancellation), in the order they were made, with their stored premium lines and the policy's
 * details and what it was rated on.
 */
import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { PolicyTransactionRecord } from "../../../domain/bordereau/bordereau";
import { defenceCostsOf, limitBasisOf } from "../../../domain/format/limit-basis";
import { excessOptionSchema } from "../../../domain/quote/risk";
import type { Database } from "../../db/client";
import {
  policyTransactions,
  quotes,
  ratingReceiptConfigurations,
  ratingReceipts,
  ratingVersions,
  users,
} from "../../db/schema";
import { receiptText } from "../receipts/repository";

/** The first instant of a London calendar month (YYYY-MM), as SQL, optionally some months later. */
const londonMonthStart = (month: string, plusMonths = 0) =>
  sql`((${`${month}-01`}::date + make_interval(months => ${plusMonths}::int))::timestamp at time zone 'Europe/London')`;

/** The transactions made in a London calendar month. */
const inMonth = (month: string) =>
  and(
    gte(policyTransactions.createdAt, londonMonthStart(month)),
    lt(policyTransactions.createdAt, londonMonthStart(month, 1)),
  );

/**
 * What a transaction after the issue reports of its policy (the insured and cover as the transaction left them);
 * the issue itself reports the quote as issued.
 */
const reportedOr = (field: string, issued: SQL) =>
  sql`case when ${policyTransactions.details}->'policy' is not null then ${policyTransactions.details}->'policy'->>${sql.raw(`'${field}'`)} else ${issued} end`;

export async function findTransactionsIn(db: Database, month: string): Promise<PolicyTransactionRecord[]> {
  const rows = await db
    .select({
      kind: policyTransactions.kind,
      effectiveDate: policyTransactions.effectiveDate,
      transactionAt: policyTransactions.createdAt,
      policyNumber: quotes.policyNumber,
      quoteReference: quotes.reference,
      insuredName: sql<string>`${reportedOr("insuredName", sql`${quotes.proposerName}`)}`,
      tradingName: sql<string | null>`${reportedOr(
        "tradingName",
        sql`coalesce(${quotes.tradingName}, ${quotes.insuredsDetails}->>'tradingName')`,
      )}`,
      businessAddress: sql<string | null>`${reportedOr(
        "businessAddress",
        sql`coalesce(${quotes.businessAddress}, ${quotes.insuredsDetails}->>'businessAddress')`,
      )}`,
      businessActivity: sql<string | null>`${reportedOr(
        "businessActivity",
        sql`${quotes.insuredsDetails}->>'businessActivity'`,
      )}`,
      inceptionDate: quotes.inceptionDate,
      coverLimit: sql<string | null>`${reportedOr("coverLimit", sql`${quotes.ratingResult}->'input'->>'coverLimit'`)}`,
      excessOption: sql<string | null>`${reportedOr("excessOption", sql`${quotes.ratingResult}->>'excessOption'`)}`,
      // Neither changes during the policy: an adjustment carries them as issued.
      limitBasis: quotes.limitBasis,
      defenceCosts: quotes.defenceCosts,
      // Carried unchanged by every transaction (docs/product/life-cycle.md), so the issued declaration's.
      retroactiveCover: quotes.declaration,
      runOffYears: quotes.runOffYears,
      basePremium: policyTransactions.basePremium,
      fees: policyTransactions.fees,
      taxes: policyTransactions.taxes,
      totalPremium: policyTransactions.totalPremium,
      commissionRateBasisPoints: quotes.commissionRateBasisPoints,
      ratingVersion: ratingVersions.name,
      brokerName: users.name,
      brokerEmail: users.email,
      issuedAt: quotes.issuedAt,
      receiptHash: sql<string | null>`(${receiptOfTransaction(ratingReceipts.hash)})`,
    })
    .from(policyTransactions)
    .innerJoin(quotes, eq(quotes.id, policyTransactions.policyId))
    .innerJoin(users, eq(users.id, quotes.brokerId))
    .leftJoin(ratingVersions, eq(ratingVersions.id, quotes.ratingVersionId))
    .where(inMonth(month))
    .orderBy(asc(policyTransactions.createdAt), asc(quotes.policyNumber), asc(policyTransactions.sequence));
  return rows.map((row) => ({
    ...row,
    policyNumber: row.policyNumber ?? "",
    coverLimit: Number(row.coverLimit ?? 0),
    // The stored rating names its excess option; anything else reads as the standard excess, as on the schedule.
    excessOption: excessOptionSchema.safeParse(row.excessOption).data ?? "standard",
    limitBasis: limitBasisOf(row.limitBasis),
    defenceCosts: defenceCostsOf(row.defenceCosts),
    retroactiveCover: row.retroactiveCover ?? null,
    ratingVersion: row.ratingVersion ?? "",
    issuedAt: row.issuedAt ?? new Date(0),
  }));
}

/**
 * The rating receipts that price a policy transaction (docs/product/receipts.md): written with the issue
 * (sequence 1) or with the adjustment, in the same database transaction; the latest is the transaction's.
 */
const ofTransaction = and(
  eq(ratingReceipts.quoteId, policyTransactions.policyId),
  eq(ratingReceipts.policySequence, policyTransactions.sequence),
);

/** A column of the receipt that prices a policy transaction. */
function receiptOfTransaction(column: typeof ratingReceipts.hash) {
  return sql`select ${column} from ${ratingReceipts} where ${ofTransaction} order by ${ratingReceipts.createdAt} desc limit 1`;
}

/** Each receipt of the month's bordereau rows, in the bordereau's order: the month's receipts export. */
export async function findReceiptsIn(db: Database, month: string): Promise<string[]> {
  const receipt = db
    .select({ receipt: ratingReceipts.receipt, configuration: ratingReceiptConfigurations.configuration })
    .from(ratingReceipts)
    .innerJoin(ratingReceiptConfigurations, eq(ratingReceiptConfigurations.hash, ratingReceipts.configurationHash))
    .where(ofTransaction)
    .orderBy(desc(ratingReceipts.createdAt))
    .limit(1)
    .as("receipt");
  const rows = await db
    .select({ receipt: receipt.receipt, configuration: receipt.configuration })
    .from(policyTransactions)
    .innerJoin(quotes, eq(quotes.id, policyTransactions.policyId))
    .innerJoinLateral(receipt, sql`true`)
    .where(inMonth(month))
    .orderBy(asc(policyTransactions.createdAt), asc(quotes.policyNumber), asc(policyTransactions.sequence));
  return rows.map((row) => receiptText(row.receipt, row.configuration));
}
