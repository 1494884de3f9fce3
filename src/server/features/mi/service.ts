/**
 * Management information (docs/product/mi.md): whose figures the user may see, the range they asked for, and
 * the chart's table built from the maintained totals.
 */

import { todayInLondon } from "../../../domain/format/dates";
import {
  decisionsTable,
  firmsTable,
  MI_DEFAULT_MONTHS,
  MI_MAX_MONTHS,
  MI_MEASURES,
  type MiChart,
  type MiTable,
  premiumTable,
  quotesTable,
  turnoverBandsTable,
} from "../../../domain/mi/mi";
import {
  MI_FIRM_FORBIDDEN_MESSAGE,
  MI_RANGE_TOO_LONG_MESSAGE,
  MI_REVERSED_RANGE_MESSAGE,
  type MiQuery,
} from "../../../domain/mi/mi-query";
import { monthsBefore, monthsBetween } from "../../../domain/mi/months";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { bandTotals, decisionBuckets, firmTotals, type MiScope, monthTotals } from "./repository";

const TRANSACTIONS = ["NEW_BUSINESS", "RENEWAL", "ADJUSTMENT", "CANCELLATION"] as const;

/**
 * The range asked for, filled in: to the current London month, from the twelve months ending at `to`. A range
 * that ends before it starts, or is longer than five years, is refused with the field named.
 */
export function miRange(query: Pick<MiQuery, "from" | "to">, now: Date): { from: string; to: string } {
  const to = query.to ?? todayInLondon(now).slice(0, 7);
  const from = query.from ?? monthsBefore(to, MI_DEFAULT_MONTHS);
  if (to < from) throw AppError.validation([{ path: "to", message: MI_REVERSED_RANGE_MESSAGE }]);
  if (monthsBetween(from, to).length > MI_MAX_MONTHS)
    throw AppError.validation([{ path: "to", message: MI_RANGE_TOO_LONG_MESSAGE }]);
  return { from, to };
}

/**
 * Underwriters and administrators see the whole book, or one firm's. A broker sees the quotes they act for: their
 * own, and a firm lead also the firm's (actsForQuote). A broker who names another firm is refused.
 */
export function miScope(actor: AuthUser, query: MiQuery, range: { from: string; to: string }): MiScope {
  if (actor.role !== "BROKER") return { ...range, ...(query.firmId ? { firmId: query.firmId } : {}) };
  if (query.firmId !== undefined && query.firmId !== actor.firmId)
    throw new AppError("INSUFFICIENT_PERMISSIONS", MI_FIRM_FORBIDDEN_MESSAGE);
  const leads = actor.isFirmLead && actor.firmId !== null;
  return { ...range, brokerId: actor.id, ...(leads && actor.firmId ? { leadsFirmId: actor.firmId } : {}) };
}

export async function miTable(db: Database, chart: MiChart, scope: MiScope): Promise<MiTable> {
  const months = monthsBetween(scope.from, scope.to);
  switch (chart) {
    case "premium":
      return premiumTable(months, await monthTotals(db, scope, TRANSACTIONS));
    case "quotes":
      return quotesTable(months, await monthTotals(db, scope, ["CREATED", "REFERRED", "NEW_BUSINESS", "RENEWAL"]));
    case "decisions": {
      const decided = MI_MEASURES.filter((m) => m.startsWith("DECIDED_"));
      const [totals, buckets] = await Promise.all([monthTotals(db, scope, decided), decisionBuckets(db, scope)]);
      return decisionsTable(months, totals, buckets);
    }
    case "turnover-bands":
      return turnoverBandsTable(await bandTotals(db, scope, TRANSACTIONS));
    case "firms":
      return firmsTable(await firmTotals(db, scope, ["CREATED", ...TRANSACTIONS]));
  }
}
