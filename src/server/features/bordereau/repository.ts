/**
 * The policies a month's bordereau reports: every quote issued in that London calendar month, in the order
 * they were issued, with their stored premium lines and what they were rated on.
 */
import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { IssuedPolicy } from "../../../domain/bordereau/bordereau";
import { excessOptionSchema } from "../../../domain/quote/risk";
import type { Database } from "../../db/client";
import { quotes, ratingVersions, users } from "../../db/schema";

/** The first instant of a London calendar month (YYYY-MM), as SQL, optionally some months later. */
const londonMonthStart = (month: string, plusMonths = 0) =>
  sql`((${`${month}-01`}::date + make_interval(months => ${plusMonths}::int))::timestamp at time zone 'Europe/London')`;

export async function findPoliciesIssuedIn(db: Database, month: string): Promise<IssuedPolicy[]> {
  const rows = await db
    .select({
      policyNumber: quotes.policyNumber,
      quoteReference: quotes.reference,
      insuredName: quotes.proposerName,
      tradingName: sql<string | null>`coalesce(${quotes.tradingName}, ${quotes.insuredsDetails}->>'tradingName')`,
      businessAddress: sql<
        string | null
      >`coalesce(${quotes.businessAddress}, ${quotes.insuredsDetails}->>'businessAddress')`,
      businessActivity: sql<string | null>`${quotes.insuredsDetails}->>'businessActivity'`,
      inceptionDate: quotes.inceptionDate,
      coverLimit: sql<string | null>`${quotes.ratingResult}->'input'->>'coverLimit'`,
      excessOption: sql<string | null>`${quotes.ratingResult}->>'excessOption'`,
      basePremium: quotes.basePremium,
      fees: quotes.feesTotal,
      taxes: quotes.taxes,
      totalPremium: quotes.totalPremium,
      ratingVersion: ratingVersions.name,
      brokerName: users.name,
      brokerEmail: users.email,
      issuedAt: quotes.issuedAt,
    })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.brokerId))
    .leftJoin(ratingVersions, eq(ratingVersions.id, quotes.ratingVersionId))
    .where(
      and(
        isNotNull(quotes.issuedAt),
        gte(quotes.issuedAt, londonMonthStart(month)),
        lt(quotes.issuedAt, londonMonthStart(month, 1)),
      ),
    )
    .orderBy(asc(quotes.issuedAt), asc(quotes.policyNumber));
  return rows.map((row) => ({
    ...row,
    policyNumber: row.policyNumber ?? "",
    coverLimit: Number(row.coverLimit ?? 0),
    // The stored rating names its excess option; anything else reads as the standard excess, as on the schedule.
    excessOption: excessOptionSchema.safeParse(row.excessOption).data ?? "standard",
    basePremium: row.basePremium ?? 0,
    fees: row.fees ?? 0,
    taxes: row.taxes ?? 0,
    totalPremium: row.totalPremium ?? 0,
    ratingVersion: row.ratingVersion ?? "",
    issuedAt: row.issuedAt ?? new Date(0),
  }));
}
