/**
 * POST /withdraw (docs/product/life-cycle.md): the quote's broker takes a referral back before an underwriter
 * decides. The quote returns to DRAFT (the domain's `withdraw` transition), an open question closes with it,
 * and both are audited in one transaction.
 */
import { reopenReset } from "../../../domain/quote/reopen";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { openQuoteForWrite } from "../quotes/access-service";
import { type QuoteWithBroker, updateQuoteAtVersion } from "../quotes/repository";
import { closeOpenQuestion } from "./questions";

export async function withdrawReferral(
  db: Database,
  actor: AuthUser,
  id: string,
  expectedVersion: number | undefined,
  now: Date,
): Promise<QuoteWithBroker> {
  const { found, quote, decision } = await openQuoteForWrite(db, id, actor, "withdraw", expectedVersion);
  const updated = await db.transaction(async (tx) => {
    const saved = await updateQuoteAtVersion(
      tx,
      quote,
      { ...reopenReset(quote.status), status: decision.nextStatus },
      now,
    );
    const questionClosed = await closeOpenQuestion(tx, quote.id, now);
    await recordAudit(tx, {
      at: now,
      entityType: "quote",
      action: "referral_withdrawn",
      entityId: quote.id,
      actorId: actor.id,
      details: { reference: quote.reference, from: quote.status, to: saved.status, questionClosed },
    });
    return saved;
  });
  return { ...found, quote: updated };
}
