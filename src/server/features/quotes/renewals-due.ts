/** GET /quotes/renewals-due (docs/product/life-cycle.md "Renewals"): a page of the dashboard's 'Renewals due' on today's London date. */
import { todayInLondon } from "../../../domain/format/dates";
import { penceToMoneyString } from "../../../domain/money";
import type { PageQuery } from "../../../domain/quote/quote";
import { policyExpiryDate } from "../../../domain/quote/renewal";
import type { RenewalsDueResponse } from "../../../domain/quote/renewal-schema";
import type { Database } from "../../db/client";
import { findRenewalsDue } from "./renewals";
import type { QuoteActor } from "./repository";

export async function listRenewalsDue(
  db: Database,
  actor: QuoteActor,
  now: Date,
  paging: PageQuery,
): Promise<RenewalsDueResponse> {
  const { rows, total } = await findRenewalsDue(db, actor, todayInLondon(now), paging);
  return {
    data: rows.map((row) => ({
      ...row,
      expiryDate: policyExpiryDate(row.inceptionDate),
      totalPremium: row.totalPremium === null ? null : penceToMoneyString(row.totalPremium),
    })),
    meta: { total, page: paging.page, pageSize: paging.pageSize },
  };
}
