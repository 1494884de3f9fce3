/**
 * The dashboard's list and figures (docs/product/screens.md and docs/product/errors.md "Dashboard search"; docs/product/permissions.md). Search is done in the
 * database: a case-insensitive substring over reference, policy number, proposer, contact e-mail, broker name and e-mail,
 * product code and type, the quote's firm's name, plus the statuses whose value or shown label contains the text. All the text fields
 * are matched at once in the quote's search text (kept lower-cased by database triggers, ADR 0024, on the
 * narrow quote_search rows, ADR 0043), so one trigram index serves the whole OR even for the broker's name
 * and e-mail, which live in another table.
 */
import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { QuoteListQuery } from "../../../domain/quote/quote";
import { QUOTE_STATUSES, type QuoteStatus, statusLabel } from "../../../domain/quote/status";
import type { Database } from "../../db/client";
import { firms, quoteCounts, quoteSearch, quotes, users } from "../../db/schema";
import {
  brokerColumns,
  deciderColumns,
  deciders,
  type QuoteActor,
  type QuoteWithBroker,
  seesFirmQuotes,
  visibleQuotesCondition,
  visibleSearchRowsCondition,
} from "./repository";

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

function searchCondition(db: Database, text: string): SQL | undefined {
  const pattern = `%${escapeLikePattern(text.toLowerCase())}%`;
  const statuses = statusesMatching(text);
  // The firm's name is matched through the few firms it names, not in the search text: renaming a firm then
  // changes no quote row, and a firm's quotes are found by the firm index.
  const firmQuotes = db
    .select({ id: quotes.id })
    .from(quotes)
    .innerJoin(firms, eq(firms.id, quotes.firmId))
    .where(sql`lower(${firms.name}) like ${pattern}`);
  return or(
    sql`${quoteSearch.searchText} like ${pattern}`,
    inArray(quoteSearch.quoteId, firmQuotes),
    statuses.length > 0 ? inArray(quoteSearch.status, statuses) : undefined,
  );
}

export interface QuotePage {
  rows: QuoteWithBroker[];
  total: number;
}

export async function findQuotePage(db: Database, actor: QuoteActor, query: QuoteListQuery): Promise<QuotePage> {
  const text = query.q?.trim() ?? "";
  // Filtering, ordering and a search's count run on the narrow quote_search rows (ADR 0043), a few rows per
  // page of the index, and only the 25 quotes shown are read from the wide quotes rows.
  const where = and(
    // What the caller may see: a broker only their own quotes (docs/product/permissions.md).
    visibleSearchRowsCondition(db, actor),
    query.status ? eq(quoteSearch.status, query.status) : undefined,
    text.length > 0 ? searchCondition(db, text) : undefined,
  );
  const page = db
    .select({ id: quoteSearch.quoteId, updatedAt: quoteSearch.updatedAt })
    .from(quoteSearch)
    .where(where)
    // Stable: ties on updatedAt are broken by id, so paging never repeats or skips a row.
    .orderBy(desc(quoteSearch.updatedAt), desc(quoteSearch.quoteId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as("page");
  // A firm lead's total is counted from the narrow rows too: the counters are per broker, not per firm.
  // Without a search text the total is a sum over the per-broker, per-status counters (a few rows, exact,
  // kept by the database); a search's total is counted from the trigram index on the narrow rows.
  const counted =
    text.length > 0 || seesFirmQuotes(actor)
      ? db.select({ total: sql<number>`cast(count(*) as integer)` }).from(quoteSearch).where(where)
      : db
          .select({ total: sql<number>`cast(coalesce(sum(${quoteCounts.quotes}), 0) as integer)` })
          .from(quoteCounts)
          .where(
            and(
              actor.role === "BROKER" ? eq(quoteCounts.brokerId, actor.id) : undefined,
              query.status ? eq(quoteCounts.status, query.status) : undefined,
            ),
          );
  // The page and the total are two queries, sent together: with a window count on the page the database
  // must find every match before it can return 25 rows.
  const [rows, [total]] = await Promise.all([
    db
      .select({ quote: quotes, broker: brokerColumns, decidedBy: deciderColumns })
      .from(page)
      .innerJoin(quotes, eq(quotes.id, page.id))
      .leftJoin(users, eq(users.id, quotes.brokerId))
      .leftJoin(deciders, eq(deciders.id, quotes.decidedBy))
      .orderBy(desc(page.updatedAt), desc(page.id)),
    counted,
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export interface QuoteStatusStats {
  status: QuoteStatus;
  count: number;
  /** pence */
  totalPremium: number;
}

/** Count and total premium per status (every status listed, zeros included) over what `actor` may see. */
export async function findQuoteStats(db: Database, actor: QuoteActor): Promise<QuoteStatusStats[]> {
  const rows = seesFirmQuotes(actor) ? await firmLeadStats(db, actor) : await counterStats(db, actor);
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  return QUOTE_STATUSES.map((status) => ({
    status,
    count: byStatus.get(status)?.count ?? 0,
    totalPremium: byStatus.get(status)?.totalPremium ?? 0,
  }));
}

/** A firm lead's figures: summed over the firm's quotes and their own (one firm's book, not the whole book). */
function firmLeadStats(db: Database, actor: QuoteActor) {
  return db
    .select({
      status: quotes.status,
      count: sql<number>`cast(count(*) as integer)`.mapWith(Number),
      totalPremium: sql<number>`cast(coalesce(sum(${quotes.totalPremium}), 0) as bigint)`.mapWith(Number),
    })
    .from(quotes)
    .where(visibleQuotesCondition(actor))
    .groupBy(quotes.status);
}

function counterStats(db: Database, actor: QuoteActor) {
  // A sum over the per-broker, per-status counters (exact, kept by the database; ADR 0043), not over the book.
  return db
    .select({
      status: quoteCounts.status,
      count: sql<number>`cast(coalesce(sum(${quoteCounts.quotes}), 0) as integer)`.mapWith(Number),
      totalPremium: sql<number>`cast(coalesce(sum(${quoteCounts.totalPremium}), 0) as bigint)`.mapWith(Number),
    })
    .from(quoteCounts)
    .where(actor.role === "BROKER" ? eq(quoteCounts.brokerId, actor.id) : undefined)
    .groupBy(quoteCounts.status);
}
