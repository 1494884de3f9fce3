/**
 * The dashboard's list and figures (docs/product/screens.md and docs/product/errors.md "Dashboard search"; docs/product/permissions.md). Search is done in the
 * database: a case-insensitive substring over reference, proposer, contact e-mail, broker name and e-mail,
 * product code and type, plus the statuses whose value or shown label contains the text. All the text fields
 * are matched at once in `quotes.search_text` (kept lower-cased by database triggers, ADR 0024), so one
 * trigram index serves the whole OR even for the broker's name and e-mail, which live in another table.
 */
import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { QuoteListQuery } from "../../../domain/quote/quote";
import { QUOTE_STATUSES, type QuoteStatus, statusLabel } from "../../../domain/quote/status";
import type { Database } from "../../db/client";
import { quotes, users } from "../../db/schema";
import { brokerColumns, deciderColumns, deciders, type QuoteActor, type QuoteWithBroker } from "./repository";

/** LIKE treats % and _ as wildcards and \ as the escape: a search for "50%" means the text "50%". */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Statuses a search text names: "completed" finds QUOTED, "uw req" finds UW_REQUESTED. */
export function statusesMatching(text: string): QuoteStatus[] {
  const needle = text.toLowerCase();
  return QUOTE_STATUSES.filter((status) =>
    [status, statusLabel(status, "list"), statusLabel(status, "wizard")].some((label) =>
      label.toLowerCase().includes(needle),
    ),
  );
}

/** What the caller may see: a broker only their own quotes (docs/product/permissions.md). */
function visibleTo(actor: QuoteActor): SQL | undefined {
  return actor.role === "BROKER" ? eq(quotes.brokerId, actor.id) : undefined;
}

function searchCondition(text: string): SQL | undefined {
  const pattern = `%${escapeLikePattern(text.toLowerCase())}%`;
  const statuses = statusesMatching(text);
  return or(
    sql`${quotes.searchText} like ${pattern}`,
    statuses.length > 0 ? inArray(quotes.status, statuses) : undefined,
  );
}

export interface QuotePage {
  rows: QuoteWithBroker[];
  total: number;
}

export async function findQuotePage(db: Database, actor: QuoteActor, query: QuoteListQuery): Promise<QuotePage> {
  const text = query.q?.trim() ?? "";
  const where = and(
    visibleTo(actor),
    query.status ? eq(quotes.status, query.status) : undefined,
    text.length > 0 ? searchCondition(text) : undefined,
  );
  // The page and the total are two queries, sent together: with a window count on the page the database
  // must find every match before it can return 25 rows (seconds on a large book), while on their own the
  // page walks the (updated_at, id) index and stops at the page end, and the count uses the trigram index.
  // Neither needs the users join for filtering: search_text already holds the broker's name and e-mail.
  const [rows, [counted]] = await Promise.all([
    db
      .select({ quote: quotes, broker: brokerColumns, decidedBy: deciderColumns })
      .from(quotes)
      .leftJoin(users, eq(users.id, quotes.brokerId))
      .leftJoin(deciders, eq(deciders.id, quotes.decidedBy))
      .where(where)
      // Stable: ties on updatedAt are broken by id, so paging never repeats or skips a row.
      .orderBy(desc(quotes.updatedAt), desc(quotes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`cast(count(*) as integer)` }).from(quotes).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export interface QuoteStatusStats {
  status: QuoteStatus;
  count: number;
  /** pence */
  totalPremium: number;
}

/** Count and total premium per status (every status listed, zeros included) over what `actor` may see. */
export async function findQuoteStats(db: Database, actor: QuoteActor): Promise<QuoteStatusStats[]> {
  const rows = await db
    .select({
      status: quotes.status,
      count: sql<number>`cast(count(*) as integer)`.mapWith(Number),
      totalPremium: sql<number>`cast(coalesce(sum(${quotes.totalPremium}), 0) as bigint)`.mapWith(Number),
    })
    .from(quotes)
    .where(visibleTo(actor))
    .groupBy(quotes.status);
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  return QUOTE_STATUSES.map((status) => ({
    status,
    count: byStatus.get(status)?.count ?? 0,
    totalPremium: byStatus.get(status)?.totalPremium ?? 0,
  }));
}
