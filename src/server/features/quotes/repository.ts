/**
 * The quote repository: reading a quote with its broker, the one access rule (DECISIONS §3, decided by the
 * domain's `decideQuoteAction`), the optimistic-concurrency write, and the row -> API mapping. Other features
 * (documents, underwriting) load quotes through `loadQuoteFor` so the ownership rule lives in one place.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { WithSubquery } from "drizzle-orm/subquery";
import type { Role } from "../../../domain/auth/schemas";
import { penceToMoneyString } from "../../../domain/money";
import { decideQuoteAction, type QuoteAction, type QuoteActionContext } from "../../../domain/quote/lifecycle";
import type { Quote, RatingTraceEntry, ReferralHit } from "../../../domain/quote/quote";
import type { Risk } from "../../../domain/quote/risk";
import type { TurnoverBand } from "../../../domain/quote/turnover-band";
import { type AuditAction, auditEntriesAfter } from "../../audit/record";
import type { Database } from "../../db/client";
import { type NewQuoteRow, type QuoteRow, quotes, users } from "../../db/schema";
import { AppError } from "../../errors";

/** Who is asking, as the access rule needs it. */
export interface QuoteActor {
  id: string;
  role: Role;
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
}

/**
 * What a rating leaves on the quote besides the premium lines (stored in `rating_result`): the hits, the
 * explanation, the capped multiplier, the configuration's own version label and the input it rated.
 */
export interface StoredRatingResult {
  referralHits: ReferralHit[];
  trace: RatingTraceEntry[];
  multiplier: number;
  subtotal: number;
  configVersion: string;
  excessOption: string;
  input: Record<string, unknown>;
}

export const QUOTE_NOT_FOUND = "Quote not found";
export const VERSION_CONFLICT = "Quote was changed by someone else; reload it and try again";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that cannot exist are simply unknown (404), never a database cast error. */
export function isQuoteId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

export const brokerColumns = { name: users.name, email: users.email };

/** The users table a second time, as the underwriter who decided: one more join, never a query per row. */
export const deciders = alias(users, "decider");
export const deciderColumns = { name: deciders.name, email: deciders.email };

function prepareFindQuoteWithBroker(db: Database) {
  return db
    .select({ quote: quotes, broker: brokerColumns, decidedBy: deciderColumns })
    .from(quotes)
    .leftJoin(users, eq(users.id, quotes.brokerId))
    .leftJoin(deciders, eq(deciders.id, quotes.decidedBy))
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

/** Throws the refusal of a life-cycle decision: 403 for permission, 409 for the quote's state. */
export function assertAllowed(
  decision: ReturnType<typeof decideQuoteAction>,
): asserts decision is Extract<ReturnType<typeof decideQuoteAction>, { allowed: true }> {
  if (decision.allowed) return;
  // DECISIONS §2: every permission refusal reads "Insufficient permissions"; state conflicts say why.
  if (decision.kind === "forbidden") throw AppError.forbidden();
  throw AppError.conflict(decision.reason, "QUOTE_STATE_CONFLICT");
}

/** The quote and its broker, or 404. */
export async function requireQuote(db: Database, id: string): Promise<QuoteWithBroker> {
  const found = await findQuoteWithBroker(db, id);
  if (!found) throw AppError.notFound(QUOTE_NOT_FOUND, "QUOTE_NOT_FOUND");
  return found;
}

export type AllowedQuoteAction = Extract<ReturnType<typeof decideQuoteAction>, { allowed: true }>;

/**
 * May `actor` take `action` on this quote now? 403 someone else's (BROKER) or a role that may not act, 409 a
 * state that forbids it; otherwise the life cycle's verdict (next status, whether it reopens). Extra context
 * (hits, rating time, now, decision) goes to the domain's rules unchanged.
 */
export function assertQuoteAction(
  quote: Pick<QuoteRow, "status" | "brokerId">,
  actor: QuoteActor,
  action: QuoteAction,
  context: Partial<Omit<QuoteActionContext, "action" | "status" | "role" | "isOwner">> = {},
): AllowedQuoteAction {
  const decision = decideQuoteAction({
    ...context,
    action,
    status: quote.status,
    role: actor.role,
    isOwner: quote.brokerId === actor.id,
  });
  assertAllowed(decision);
  return decision;
}

/**
 * Loads a quote for `actor` and checks that they may take `action` on it (404 unknown, 403, 409). Other
 * features (documents, underwriting) read quotes through this, so the ownership rule lives in one place.
 */
export async function loadQuoteFor(
  db: Database,
  id: string,
  actor: QuoteActor,
  action: QuoteAction = "view",
): Promise<QuoteWithBroker> {
  const found = await requireQuote(db, id);
  assertQuoteAction(found.quote, actor, action);
  return found;
}

/** An `expectedVersion` that is not the stored one means someone else saved in between (409). */
export function assertExpectedVersion(quote: QuoteRow, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && expectedVersion !== quote.version) {
    throw AppError.conflict(VERSION_CONFLICT, "VERSION_CONFLICT");
  }
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
  if (!updated) throw AppError.conflict(VERSION_CONFLICT, "VERSION_CONFLICT");
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
export async function updateQuoteWithAudit(
  db: Database,
  quote: QuoteRow,
  changes: Partial<NewQuoteRow>,
  audit: { actorId: string; entries: readonly QuoteAuditEntry[] },
  now: Date,
): Promise<QuoteRow> {
  const written = { ...changes, version: quote.version + 1, updatedAt: now };
  const updated = db.$with("updated").as(
    db
      .update(quotes)
      .set(written)
      .where(and(eq(quotes.id, quote.id), eq(quotes.version, quote.version)))
      .returning({ id: quotes.id }),
  );
  const withClauses: WithSubquery[] = [updated];
  if (audit.entries.length > 0) {
    withClauses.push(
      auditEntriesAfter(db, updated, audit.entries, { entityType: "quote", actorId: audit.actorId, createdAt: now }),
    );
  }
  const [row] = await db
    .with(...withClauses)
    .select()
    .from(updated);
  if (!row) throw AppError.conflict(VERSION_CONFLICT, "VERSION_CONFLICT");
  // The row is exactly what was read plus what was written: rebuilding it here spares mapping a returned
  // 50-column row through the ORM on every write (a measurable share of the API's CPU).
  return { ...quote, ...written } as QuoteRow;
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function money(pence: number | null): string | null {
  return pence === null ? null : penceToMoneyString(pence);
}

export function storedRatingResult(quote: Pick<QuoteRow, "ratingResult">): StoredRatingResult | null {
  return (quote.ratingResult as StoredRatingResult | null) ?? null;
}

/**
 * The quote as the API answers it (the domain's `quoteSchema`): money as two-decimal strings. `decidedBy` is
 * who recorded the decision as read with the quote; a write that has just cleared the decision (a reopen)
 * answers no decider, whatever was read before it.
 */
export function toQuoteResponse(quote: QuoteRow, broker: BrokerSummary | null, decidedBy: BrokerSummary | null): Quote {
  const rating = storedRatingResult(quote);
  return {
    id: quote.id,
    reference: quote.reference,
    status: quote.status,
    productCode: quote.productCode,
    productType: quote.productType,
    contactEmail: quote.contactEmail,
    version: quote.version,
    policyNumber: quote.policyNumber,
    brokerId: quote.brokerId,
    broker,
    proposerName: quote.proposerName,
    tradingName: quote.tradingName,
    businessAddress: quote.businessAddress,
    inceptionDate: quote.inceptionDate,
    incorporationDate: quote.incorporationDate,
    isSoleTrader: quote.isSoleTrader,
    tradingSince: quote.tradingSince,
    numberOfDirectors: quote.numberOfDirectors,
    numberOfQualifiedStaff: quote.numberOfQualifiedStaff,
    hasFinancialInterest: quote.hasFinancialInterest,
    financialInterestDetails: quote.financialInterestDetails,
    insuredsDetails: (quote.insuredsDetails as Quote["insuredsDetails"]) ?? null,
    financialOverview: (quote.financialOverview as Quote["financialOverview"]) ?? null,
    designLiability: (quote.designLiability as Quote["designLiability"]) ?? null,
    activitySplit: (quote.activitySplit as Quote["activitySplit"]) ?? null,
    contracts: (quote.contracts as Quote["contracts"]) ?? null,
    declaration: (quote.declaration as Quote["declaration"]) ?? null,
    risk: (quote.risk as Risk | null) ?? null,
    turnoverBand: (quote.turnoverBand as TurnoverBand | null) ?? null,
    basePremium: money(quote.basePremium),
    fees: (quote.fees ?? []).map((fee) => ({
      code: fee.code,
      label: fee.label,
      amount: penceToMoneyString(fee.amount),
    })),
    taxes: money(quote.taxes),
    totalPremium: money(quote.totalPremium),
    premiumOverridden: quote.premiumOverridden,
    ratingVersionId: quote.ratingVersionId,
    referralReason: quote.referralReason,
    referralHits: rating?.referralHits ?? [],
    ratingTrace: rating?.trace ?? [],
    ratedAt: iso(quote.ratedAt),
    referredAt: iso(quote.referredAt),
    decision: quote.decision,
    adjustmentMultiplier: quote.adjustmentMultiplier,
    uwNote: quote.uwNote,
    decidedAt: iso(quote.decidedAt),
    decidedBy: quote.decidedBy === null ? null : decidedBy,
    issuedAt: iso(quote.issuedAt),
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
  };
}
