/**
 * The management information totals as the charts read them (ADR 0079): sums over mi_totals and
 * mi_decision_times within a range of months and a scope. Never the quotes themselves.
 */
import { and, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { MiBucketCount, MiMonthTotal, MiTotal } from "../../../domain/mi/mi";
import type { Database } from "../../db/client";
import { firms, miDecisionTimes, miTotals } from "../../db/schema";

/** Whose figures: everyone's (optionally one firm's), one broker's, or a firm lead's (their firm and their own). */
export interface MiScope {
  from: string;
  to: string;
  firmId?: string;
  brokerId?: string;
  /** With brokerId: the firm the broker leads, whose quotes they act for too. */
  leadsFirmId?: string;
}

function within(scope: MiScope, table: typeof miTotals | typeof miDecisionTimes): SQL | undefined {
  const own =
    scope.brokerId === undefined
      ? undefined
      : scope.leadsFirmId === undefined
        ? eq(table.brokerId, scope.brokerId)
        : or(eq(table.brokerId, scope.brokerId), eq(table.firmId, scope.leadsFirmId));
  return and(
    gte(table.month, `${scope.from}-01`),
    lte(table.month, `${scope.to}-01`),
    scope.firmId === undefined ? undefined : eq(table.firmId, scope.firmId),
    own,
  );
}

const events = sql<number>`cast(sum(${miTotals.events}) as integer)`.mapWith(Number);
const premium = sql<number>`cast(sum(${miTotals.premium}) as bigint)`.mapWith(Number);
const monthOf = (column: typeof miTotals.month | typeof miDecisionTimes.month) =>
  sql<string>`to_char(${column}, 'YYYY-MM')`;

/** Each month's sums of `measures`. */
export async function monthTotals(db: Database, scope: MiScope, measures: readonly string[]): Promise<MiMonthTotal[]> {
  return db
    .select({ month: monthOf(miTotals.month), measure: miTotals.measure, events, premium })
    .from(miTotals)
    .where(and(within(scope, miTotals), inArray(miTotals.measure, [...measures])))
    .groupBy(miTotals.month, miTotals.measure);
}

/** Each month's decisions by wait bucket. */
export async function decisionBuckets(db: Database, scope: MiScope): Promise<MiBucketCount[]> {
  return db
    .select({
      month: monthOf(miDecisionTimes.month),
      bucket: miDecisionTimes.bucket,
      decisions: sql<number>`cast(sum(${miDecisionTimes.decisions}) as integer)`.mapWith(Number),
    })
    .from(miDecisionTimes)
    .where(within(scope, miDecisionTimes))
    .groupBy(miDecisionTimes.month, miDecisionTimes.bucket);
}

/** The range's sums of `measures` by turnover band. */
export async function bandTotals(
  db: Database,
  scope: MiScope,
  measures: readonly string[],
): Promise<(MiTotal & { turnoverBand: string | null })[]> {
  return db
    .select({ turnoverBand: miTotals.turnoverBand, measure: miTotals.measure, events, premium })
    .from(miTotals)
    .where(and(within(scope, miTotals), inArray(miTotals.measure, [...measures])))
    .groupBy(miTotals.turnoverBand, miTotals.measure);
}

/** The range's sums of `measures` by firm, with the firm's name. */
export async function firmTotals(
  db: Database,
  scope: MiScope,
  measures: readonly string[],
): Promise<(MiTotal & { firmId: string | null; firmName: string | null })[]> {
  return db
    .select({ firmId: miTotals.firmId, firmName: firms.name, measure: miTotals.measure, events, premium })
    .from(miTotals)
    .leftJoin(firms, eq(firms.id, miTotals.firmId))
    .where(and(within(scope, miTotals), inArray(miTotals.measure, [...measures])))
    .groupBy(miTotals.firmId, firms.name, miTotals.measure);
}
