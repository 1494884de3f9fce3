/**
 * Who may do what to a quote (docs/product/permissions.md, decided by the domain's `decideQuoteAction`): every quote command
 * and every feature that reads quotes (documents, underwriting) goes through these, so the ownership rule and
 * the 403/409 answers live in one place.
 */
import { actsForQuote } from "../../../domain/firms/firm";
import { decideQuoteAction, type QuoteAction, type QuoteActionContext } from "../../../domain/quote/lifecycle";
import type { Database } from "../../db/client";
import type { QuoteRow } from "../../db/schema";
import { AppError } from "../../errors";
import { findQuoteWithBroker, type QuoteActor, type QuoteWithBroker } from "./repository";

export type AllowedQuoteAction = Extract<ReturnType<typeof decideQuoteAction>, { allowed: true }>;

/** Throws the refusal of a life-cycle decision: 403 for permission, 409 for the quote's state. */
export function assertAllowed(decision: ReturnType<typeof decideQuoteAction>): asserts decision is AllowedQuoteAction {
  if (decision.allowed) return;
  // docs/product/errors.md: every permission refusal reads "Insufficient permissions"; state conflicts say why.
  if (decision.kind === "forbidden") throw new AppError("INSUFFICIENT_PERMISSIONS");
  throw new AppError("QUOTE_STATE_CONFLICT", decision.reason);
}

/** The quote and its broker, or 404. */
export async function requireQuote(db: Database, id: string): Promise<QuoteWithBroker> {
  const found = await findQuoteWithBroker(db, id);
  if (!found) throw new AppError("QUOTE_NOT_FOUND");
  return found;
}

/**
 * May `actor` take `action` on this quote now? 403 someone else's (BROKER) or a role that may not act, 409 a
 * state that forbids it; otherwise the life cycle's verdict (next status, whether it reopens). Extra context
 * (hits, rating time, now, decision) goes to the domain's rules unchanged.
 */
export function assertQuoteAction(
  quote: Pick<QuoteRow, "status" | "brokerId" | "firmId">,
  actor: QuoteActor,
  action: QuoteAction,
  context: Partial<Omit<QuoteActionContext, "action" | "status" | "role" | "isOwner">> = {},
): AllowedQuoteAction {
  const decision = decideQuoteAction({
    ...context,
    action,
    status: quote.status,
    role: actor.role,
    isOwner: actsForQuote(quote, actor),
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
    throw new AppError("VERSION_CONFLICT");
  }
}

/**
 * The start of every quote write: the quote (404), whether `actor` may take `action` on it now (403, 409), and
 * whether it is still the version the caller read (409 VERSION_CONFLICT), checked in that order.
 */
export async function openQuoteForWrite(
  db: Database,
  id: string,
  actor: QuoteActor,
  action: QuoteAction,
  expectedVersion: number | undefined,
  context: Partial<Omit<QuoteActionContext, "action" | "status" | "role" | "isOwner">> = {},
): Promise<{ found: QuoteWithBroker; quote: QuoteRow; decision: AllowedQuoteAction }> {
  const found = await requireQuote(db, id);
  const decision = assertQuoteAction(found.quote, actor, action, context);
  assertExpectedVersion(found.quote, expectedVersion);
  return { found, quote: found.quote, decision };
}
