/**
 * Underwriter decisions on referred quotes (docs/product/life-cycle.md, docs/product/rating.md): APPROVED keeps the rated premium,
 * COUNTER re-prices it with the domain's counter-offer formula (the multiplier comes from the underwriter, the
 * money never from the client), DECLINED closes the quote. Each decision is kept in underwriter_decisions (the
 * review's history) and audited against the quote, in the same transaction as the status change.
 */
import { asc, eq } from "drizzle-orm";
import { counterOfferPremium } from "../../../domain/format/counter-offer";
import { penceToMoneyString } from "../../../domain/money";
import { LIFECYCLE_REASONS } from "../../../domain/quote/lifecycle";
import type { UnderwriterDecision } from "../../../domain/underwriting/decision";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type NewQuoteRow, type UnderwriterDecisionRow, underwriterDecisions, users } from "../../db/schema";
import { AppError } from "../../errors";
import { insertDecisionTerms, resolveDecisionTerms } from "../endorsements/terms-service";
import { openQuoteForWrite } from "../quotes/access-service";
import { type QuoteWithBroker, updateQuoteAtVersion } from "../quotes/repository";
import { assertUnderwriterMayDecide, authorityCaseOf } from "./authority-service";
import { closeOpenQuestion } from "./questions";

function money(pence: number | null): string | null {
  return pence === null ? null : penceToMoneyString(pence);
}

export async function recordUnderwriterDecision(
  db: Database,
  actor: AuthUser,
  id: string,
  body: UnderwriterDecision,
  now: Date,
): Promise<QuoteWithBroker> {
  const { found, quote, decision } = await openQuoteForWrite(db, id, actor, "decide", body.expectedVersion, {
    decision: body.decision,
  });
  if (quote.basePremium === null || quote.taxes === null || quote.totalPremium === null) {
    throw new AppError("QUOTE_STATE_CONFLICT", LIFECYCLE_REASONS.notRated);
  }

  const multiplier = body.decision === "COUNTER" ? (body.adjustmentMultiplier ?? null) : null;
  await assertUnderwriterMayDecide(db, actor.id, authorityCaseOf(quote, body.decision, multiplier));
  const changes: Partial<NewQuoteRow> = {
    status: decision.nextStatus,
    decision: body.decision,
    adjustmentMultiplier: multiplier,
    uwNote: body.uwNote ?? null,
    decidedAt: now,
    decidedBy: actor.id,
  };
  if (multiplier !== null) {
    const counter = counterOfferPremium({
      basePence: quote.basePremium,
      feesPence: quote.feesTotal ?? 0,
      taxesPence: quote.taxes,
      multiplier,
    });
    Object.assign(changes, {
      basePremium: counter.basePremium,
      taxes: counter.taxes,
      totalPremium: counter.totalPremium,
    });
  }

  const terms = await resolveDecisionTerms(db, body);
  const updated = await db.transaction(async (tx) => {
    const saved = await updateQuoteAtVersion(tx, quote, changes, now);
    // Deciding settles the referral: a question still open is no longer waited for.
    await closeOpenQuestion(tx, quote.id, now);
    const [recorded] = await tx
      .insert(underwriterDecisions)
      .values({
        quoteId: quote.id,
        underwriterId: actor.id,
        decision: body.decision,
        multiplier,
        note: body.uwNote ?? null,
        fileNote: body.fileNote ?? null,
        basePremiumBefore: quote.basePremium,
        totalPremiumBefore: quote.totalPremium,
        basePremiumAfter: saved.basePremium,
        totalPremiumAfter: saved.totalPremium,
        createdAt: now,
      })
      .returning({ id: underwriterDecisions.id });
    if (recorded) await insertDecisionTerms(tx, quote.id, recorded.id, terms);
    await recordAudit(tx, {
      at: now,
      entityType: "quote",
      action: "decision_recorded",
      entityId: quote.id,
      actorId: actor.id,
      details: {
        reference: quote.reference,
        proposerName: quote.proposerName,
        decision: body.decision,
        adjustmentMultiplier: multiplier,
        from: quote.status,
        to: saved.status,
        totalPremiumBefore: money(quote.totalPremium),
        totalPremiumAfter: money(saved.totalPremium),
        // Administrators read the underwriter's reasoning here; it is never printed nor shown to the broker.
        uwNote: body.uwNote ?? null,
        fileNote: body.fileNote ?? null,
      },
    });
    return saved;
  });
  return { quote: updated, broker: found.broker, decidedBy: { name: actor.name, email: actor.email } };
}

export interface DecisionHistoryEntry {
  row: UnderwriterDecisionRow;
  underwriter: { name: string; email: string } | null;
}

/** A quote's decisions, oldest first, with who made each. */
export async function findDecisionHistory(db: Database, quoteId: string): Promise<DecisionHistoryEntry[]> {
  return db
    .select({ row: underwriterDecisions, underwriter: { name: users.name, email: users.email } })
    .from(underwriterDecisions)
    .leftJoin(users, eq(users.id, underwriterDecisions.underwriterId))
    .where(eq(underwriterDecisions.quoteId, quoteId))
    .orderBy(asc(underwriterDecisions.createdAt), asc(underwriterDecisions.id));
}

/**
 * One decision as its reader may see it: the note for the file goes only to a signed-in underwriter or
 * administrator, never to the broker nor to whoever holds a review link.
 */
export function toDecisionHistoryResponse(entry: DecisionHistoryEntry, readsFileNotes: boolean) {
  const { row } = entry;
  return {
    id: row.id,
    decision: row.decision,
    adjustmentMultiplier: row.multiplier,
    uwNote: row.note,
    fileNote: readsFileNotes ? row.fileNote : null,
    underwriter: entry.underwriter,
    basePremiumBefore: money(row.basePremiumBefore),
    totalPremiumBefore: money(row.totalPremiumBefore),
    basePremiumAfter: money(row.basePremiumAfter),
    totalPremiumAfter: money(row.totalPremiumAfter),
    createdAt: row.createdAt.toISOString(),
  };
}
