/**
 * Handing a quote or policy to another broker of its firm (docs/product/firms.md): only the firm's lead may, only
 * to a live broker of the quote's firm, and the quote keeps its firm. The new broker holds it from then on; the
 * old one no longer sees it unless they lead the firm. Audited in the transaction that makes the change.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { HAND_OVER_MESSAGES, leadsFirmOf } from "../../../domain/firms/firm";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { quotes, users } from "../../db/schema";
import { AppError } from "../../errors";
import { requireQuote } from "./access-service";
import { findQuoteWithBroker, type QuoteWithBroker } from "./repository";

export async function handOverQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  brokerId: string,
  now: Date,
): Promise<QuoteWithBroker> {
  const { quote } = await requireQuote(db, id);
  // docs/product/errors.md: every permission refusal reads "Insufficient permissions".
  if (!leadsFirmOf(quote, actor)) throw new AppError("INSUFFICIENT_PERMISSIONS");
  if (quote.brokerId === brokerId) throw new AppError("VALIDATION_FAILED", HAND_OVER_MESSAGES.sameBroker);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(
          eq(users.id, brokerId),
          eq(users.role, "BROKER"),
          eq(users.firmId, quote.firmId as string),
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    if (!target) throw new AppError("VALIDATION_FAILED", HAND_OVER_MESSAGES.notInFirm);
    const [changed] = await tx
      .update(quotes)
      .set({ brokerId, updatedAt: now, version: sql`${quotes.version} + 1` })
      .where(and(eq(quotes.id, quote.id), eq(quotes.brokerId, quote.brokerId)))
      .returning({ id: quotes.id });
    // Another hand-over of the same quote committed first.
    if (!changed) throw new AppError("VERSION_CONFLICT");
    await recordAudit(tx, {
      at: now,
      entityType: "quote",
      action: "handed_over",
      entityId: quote.id,
      actorId: actor.id,
      details: { reference: quote.reference, fromBrokerId: quote.brokerId, toBrokerId: brokerId, to: target.name },
    });
  });
  const found = await findQuoteWithBroker(db, id);
  if (!found) throw new AppError("QUOTE_NOT_FOUND");
  return found;
}
