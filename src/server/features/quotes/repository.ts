/**
 * The quote repository, SQL only: reading a quote with its broker, inserting one, and the optimistic-concurrency
 * writes (ADR 0016). Who may read or write a quote is decided in access.ts; the API's shape in response.ts.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { WithSubquery } from "drizzle-orm/subquery";
import type { Role } from "../../../domain/auth/schemas";
import { type AuditAction, auditEntriesAfter, auditEntryValues, createdEntryAfter } from "../../audit/record";
import type { Database } from "../../db/client";
import { type NewQuoteRow, type QuoteRow, quoteSearch, quotes, users } from "../../db/schema";
import { AppError } from "../../errors";
import { type ReceiptToWrite, receiptAfter, receiptAfterValues } from "../receipts/repository";

/** Who is asking, as the access rule needs it. */
export interface QuoteActor {
  id: string;
  role: Role;
  /** A broker's firm and whether they lead it: a lead acts for the firm's quotes (docs/product/firms.md). */
  firmId?: string | null;
  isFirmLead?: boolean;
}

export interface BrokerSummary {
  name: string;
  email: string;
}

export interface QuoteWithBroker {
  quote: QuoteRow;
  broker: BrokerSummary | null;
  /** The underwriter who recorded the standing decision (`quotes.decided_by`), by name and e-mail. */
  decidedBy: BrokerSummary | null;
  /**
   * The issued policy this quote renews, or whose run-off it quotes (reference, number, premium in pence); null for
   * new business. A quote is never both.
   */
  renewalOf?: RenewedPolicyRow | null;
}

export interface RenewedPolicyRow {
  id: string;
  reference: string;
  policyNumber: string | null;
  totalPremium: number | null;
}

/** A policy as the quote that renews it or runs it off names it. */
export function renewedPolicyRow(policy: RenewedPolicyRow): RenewedPolicyRow {
  return {
    id: policy.id,
    reference: policy.reference,
    policyNumber: policy.policyNumber,
    totalPremium: policy.totalPremium,
  };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that cannot exist are simply unknown (404), never a database cast error. */
export function isQuoteId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/**
 * The quotes `actor` may see (docs/product/permissions.md, docs/product/firms.md): a broker their own, and a
 * firm's lead the firm's too; underwriters and administrators every quote (undefined: no condition).
 */
export function visibleQuotesCondition(actor: QuoteActor): SQL | undefined {
  if (actor.role !== "BROKER") return undefined;
  const firmId = actor.isFirmLead ? actor.firmId : null;
  return firmId ? or(eq(quotes.brokerId, actor.id), eq(quotes.firmId, firmId)) : eq(quotes.brokerId, actor.id);
}

/** Whether `actor` sees more than the quotes they hold: a firm's lead, whose counts are not the per-broker ones. */
export function seesFirmQuotes(actor: QuoteActor): boolean {
  return actor.role === "BROKER" && actor.isFirmLead === true && actor.firmId != null;
}

/** The same rule on the dashboard's narrow search rows, which carry the broker but not the firm. */
export function visibleSearchRowsCondition(db: Database, actor: QuoteActor): SQL | undefined {
  if (actor.role !== "BROKER") return undefined;
  if (!seesFirmQuotes(actor) || !actor.firmId) return eq(quoteSearch.brokerId, actor.id);
  const firmQuotes = db.select({ id: quotes.id }).from(quotes).where(eq(quotes.firmId, actor.firmId));
  return or(eq(quoteSearch.brokerId, actor.id), inArray(quoteSearch.quoteId, firmQuotes));
}

/**
 * A broker moving firm takes the quotes and policies they hold with them (docs/product/firms.md "Whose quotes"):
 * from then on they belong to the new firm (or to none), and the old firm's lead no longer sees them. Answers how
 * many moved.
 */
export async function moveHeldQuotesToFirm(tx: Database, brokerId: string, firmId: string | null): Promise<number> {
  const moved = await tx
    .update(quotes)
    .set({ firmId })
    .where(and(eq(quotes.brokerId, brokerId), sql`${quotes.firmId} is distinct from ${firmId}`))
    .returning({ id: quotes.id });
  return moved.length;
}

export const brokerColumns = { name: users.name, email: users.email };

/** The users table a second time, as the underwriter who decided: one more join, never a query per row. */
export const deciders = alias(users, "decider");
export const deciderColumns = { name: deciders.name, email: deciders.email };

/**
 * The quotes table a second time, as the policy a renewal renews or a run-off continues (a quote is never both): the
 * same single read, one more join.
 */
const renewedPolicies = alias(quotes, "renewed");
const renewedColumns = {
  id: renewedPolicies.id,
  reference: renewedPolicies.reference,
  policyNumber: renewedPolicies.policyNumber,
  totalPremium: renewedPolicies.totalPremium,
};

function prepareFindQuoteWithBroker(db: Database) {
  return db
    .select({ quote: quotes, broker: brokerColumns, decidedBy: deciderColumns, renewalOf: renewedColumns })
    .from(quotes)
    .leftJoin(users, eq(users.id, quotes.brokerId))
    .leftJoin(deciders, eq(deciders.id, quotes.decidedBy))
    .leftJoin(renewedPolicies, eq(renewedPolicies.id, sql`coalesce(${quotes.renewalOfId}, ${quotes.runOffOfId})`))
    .where(eq(quotes.id, sql.placeholder("id")))
    .limit(1)
    .prepare("find_quote_with_broker");
}

/*
 * Every quote request starts with this read: prepared once per database, so the query is not rebuilt on each
 * request (Drizzle's query building was the largest share of the API's CPU in bench/api.bench.ts) and
 * PostgreSQL plans it once per connection.
 */
const preparedFinds = new WeakMap<Database, ReturnType<typeof prepareFindQuoteWithBroker>>();

export async function findQuoteWithBroker(db: Database, id: string): Promise<QuoteWithBroker | undefined> {
  if (!isQuoteId(id)) return undefined;
  let prepared = preparedFinds.get(db);
  if (!prepared) {
    prepared = prepareFindQuoteWithBroker(db);
    preparedFinds.set(db, prepared);
  }
  const [row] = await prepared.execute({ id });
  return row;
}

/**
 * `INSERT ... RETURNING *` with the "created" entry in ONE statement (`WITH inserted AS (INSERT ...), audit AS
 * (INSERT ... SELECT FROM inserted) SELECT * FROM inserted`): the entry names the reference the database gives the
 * quote in that same statement. Raw placeholders, as for the versioned write: values are mapped to the driver's
 * form by `insertQuoteWithAudit`, so a null stays SQL NULL.
 */
function prepareInsertQuoteWithAudit(db: Database, columns: readonly (keyof NewQuoteRow)[], name: string) {
  const values: Record<string, unknown> = {};
  for (const column of columns) values[column] = sql`${sql.placeholder(`value_${column}`)}`;
  const inserted = db.$with("inserted").as(
    db
      .insert(quotes)
      .values(values as NewQuoteRow)
      .returning(),
  );
  const reference = sql`jsonb_build_object('reference', ${inserted}.${sql.identifier(quotes.reference.name)})`;
  return db
    .with(
      inserted,
      createdEntryAfter(db, inserted, "quote", reference, sql`${inserted}.${sql.identifier(quotes.createdAt.name)}`),
    )
    .select()
    .from(inserted)
    .prepare(name);
}

/* A new quote has one of a few sets of columns (step 1, a renewal): each set is built and prepared once per database. */
const preparedInserts = new WeakMap<Database, Map<string, ReturnType<typeof prepareInsertQuoteWithAudit>>>();

/**
 * A new quote and its "created" entry (`details` plus the quote's reference), atomically in one round trip, on the
 * pool or on the transaction the caller runs; the database gives the quote its id, reference and defaults.
 */
export async function insertQuoteWithAudit(
  db: Database,
  values: NewQuoteRow,
  audit: { actorId: string; details: Record<string, unknown> },
): Promise<QuoteRow> {
  const columns = (Object.keys(values) as (keyof NewQuoteRow)[]).filter((key) => values[key] !== undefined).sort();
  const key = columns.join(",");
  let byShape = preparedInserts.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedInserts.set(db, byShape);
  }
  let prepared = byShape.get(key);
  if (!prepared) {
    const name = `insert_quote_${createHash("sha1").update(key).digest("hex").slice(0, 16)}`;
    prepared = prepareInsertQuoteWithAudit(db, columns, name);
    byShape.set(key, prepared);
  }
  const parameters: Record<string, unknown> = {
    audit_actor_id: audit.actorId,
    audit_details: JSON.stringify(audit.details),
  };
  for (const column of columns) {
    const value = values[column];
    parameters[`value_${column}`] = value === null ? null : quotes[column].mapToDriverValue(value as never);
  }
  const [row] = await prepared.execute(parameters);
  if (!row) throw new Error("Quote insert returned no row");
  return row;
}

/**
 * Writes `changes` only if the quote still has the version it was read at (`UPDATE ... WHERE id AND version`),
 * incrementing the version and stamping updatedAt. A lost race answers 409 instead of overwriting.
 */
export async function updateQuoteAtVersion(
  tx: Database,
  quote: Pick<QuoteRow, "id" | "version">,
  changes: Partial<NewQuoteRow>,
  now: Date,
): Promise<QuoteRow> {
  const where: SQL | undefined = and(eq(quotes.id, quote.id), eq(quotes.version, quote.version));
  const [updated] = await tx
    .update(quotes)
    .set({ ...changes, version: quote.version + 1, updatedAt: now })
    .where(where)
    .returning();
  if (!updated) throw new AppError("VERSION_CONFLICT");
  return updated;
}

/** An audit entry about this quote, written with the change that causes it. */
export interface QuoteAuditEntry {
  action: AuditAction;
  details: Record<string, unknown> | null;
}

/**
 * The same versioned write as `updateQuoteAtVersion` together with its audit entries in ONE statement
 * (`WITH updated AS (UPDATE ... RETURNING id), audit AS (INSERT ... SELECT FROM updated) SELECT * FROM updated`).
 * A single statement is its own transaction, so the change and its entries commit or fail together, in one
 * round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT): this is the hot path of every quote write. The
 * entries are joined to the updated row, so a lost version race writes no entry either.
 */
function prepareUpdateQuoteWithAudit(
  db: Database,
  columns: readonly (keyof NewQuoteRow)[],
  entryCount: number,
  withReceipt: boolean,
  name: string,
) {
  const set: Record<string, unknown> = {};
  // Raw placeholders: the values are mapped to the driver's form in `updateQuoteWithAudit` (a null must stay
  // SQL NULL, which a column-typed placeholder would encode as JSON null).
  for (const column of columns) set[column] = sql`${sql.placeholder(`set_${column}`)}`;
  const updated = db.$with("updated").as(
    db
      .update(quotes)
      .set(set as Partial<NewQuoteRow>)
      .where(and(eq(quotes.id, sql.placeholder("id")), eq(quotes.version, sql.placeholder("version"))))
      .returning({ id: quotes.id }),
  );
  const withClauses: WithSubquery[] = [updated];
  if (entryCount > 0) withClauses.push(auditEntriesAfter(db, updated, entryCount, "quote"));
  if (withReceipt) withClauses.push(...receiptAfter(db, updated));
  return db
    .with(...withClauses)
    .select()
    .from(updated)
    .prepare(name);
}

/*
 * A quote write changes one of a few sets of columns (a rating, a section, a decision): each set, with its
 * number of audit entries, is built and prepared once per database, so the statement is neither rebuilt per
 * request (Drizzle's query building was a measurable share of the rate call's CPU) nor planned again per call.
 */
const preparedWrites = new WeakMap<Database, Map<string, ReturnType<typeof prepareUpdateQuoteWithAudit>>>();

export async function updateQuoteWithAudit(
  db: Database,
  quote: QuoteRow,
  changes: Partial<NewQuoteRow>,
  audit: { actorId: string; entries: readonly QuoteAuditEntry[] },
  now: Date,
  /** The rating receipt written in the same statement (docs/product/receipts.md). */
  receipt?: ReceiptToWrite,
): Promise<QuoteRow> {
  const written: Partial<NewQuoteRow> = { ...changes, version: quote.version + 1, updatedAt: now };
  const columns = (Object.keys(written) as (keyof NewQuoteRow)[]).filter((key) => written[key] !== undefined).sort();
  const key = `${columns.join(",")}|${audit.entries.length}${receipt ? "|receipt" : ""}`;
  let byShape = preparedWrites.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedWrites.set(db, byShape);
  }
  let prepared = byShape.get(key);
  if (!prepared) {
    // The statement's name must be unique per text on a connection: the shape names it.
    const name = `update_quote_${createHash("sha1").update(key).digest("hex").slice(0, 16)}`;
    prepared = prepareUpdateQuoteWithAudit(db, columns, audit.entries.length, receipt !== undefined, name);
    byShape.set(key, prepared);
  }
  const values: Record<string, unknown> = {
    id: quote.id,
    version: quote.version,
    ...(audit.entries.length > 0 ? auditEntryValues(audit.entries, { actorId: audit.actorId, createdAt: now }) : {}),
    ...(receipt ? receiptAfterValues(receipt, now) : {}),
  };
  for (const column of columns) {
    const value = written[column];
    values[`set_${column}`] = value === null ? null : quotes[column].mapToDriverValue(value as never);
  }
  const [row] = await prepared.execute(values);
  if (!row) throw new AppError("VERSION_CONFLICT");
  // The row is exactly what was read plus what was written: rebuilding it here spares mapping a returned
  // 50-column row through the ORM on every write (a measurable share of the API's CPU).
  return { ...quote, ...written } as QuoteRow;
}
