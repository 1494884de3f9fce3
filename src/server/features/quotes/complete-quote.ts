/**
 * Completion (docs/product/life-cycle.md): a DRAFT is re-rated on the server and refused while referral hits remain; an
 * underwriter-approved quote completes at the approved premium without re-rating.
 */
import { penceToMoneyString } from "../../../domain/money";
import { BACKDATED_INCEPTION_CODE } from "../../../domain/quote/backdating";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import type { NewQuoteRow, QuoteRow } from "../../db/schema";
import { AppError } from "../../errors";
import type { ReceiptToWrite } from "../receipts/service";
import { assertQuoteAction } from "./access-service";
import { commitQuoteChange, type QuoteAudit, withOptionalOverview } from "./change";
import { rateStoredQuote, ratingColumns, ratingReceiptOf, withReceiptHash } from "./rating";
import type { QuoteWithBroker } from "./repository";

function completeAudit(quote: QuoteRow, totalPremium: number | null, reRated: boolean): QuoteAudit {
  return {
    action: "completed",
    details: {
      reference: quote.reference,
      from: quote.status,
      totalPremium: totalPremium === null ? null : penceToMoneyString(totalPremium),
      reRated,
    },
  };
}

export async function completeQuote(
  db: Database,
  actor: AuthUser,
  found: QuoteWithBroker,
  financialOverview: QuoteRow["financialOverview"] | undefined,
  now: Date,
): Promise<QuoteWithBroker> {
  const { quote } = found;
  const edit = withOptionalOverview(quote, actor, financialOverview);
  const working = edit.after;
  const changes: Partial<NewQuoteRow> = { ...edit.changes };
  const audits = [...edit.audits];
  let receipt: ReceiptToWrite | undefined;

  if (working.status === "DRAFT") {
    // Permission and state first (ADR 0016: a never-rated DRAFT is refused), then a fresh server-side rating.
    assertQuoteAction(working, actor, "complete", {
      ratedAt: working.ratedAt,
      referralHitCount: 0,
      declarationConfirmed: working.declarationConfirmed,
    });
    const rating = await rateStoredQuote(db, working, now);
    // Rated while its inception was recent, completed once it is too far in the past: say why it must be referred.
    const backdated = rating.result.referralHits.find((hit) => hit.code === BACKDATED_INCEPTION_CODE);
    if (backdated) throw new AppError("QUOTE_STATE_CONFLICT", backdated.description);
    const decision = assertQuoteAction(working, actor, "complete", {
      ratedAt: now,
      referralHitCount: rating.result.referralHits.length,
      declarationConfirmed: working.declarationConfirmed,
    });
    Object.assign(changes, ratingColumns(rating, now), { status: decision.nextStatus });
    receipt = ratingReceiptOf(rating, quote.reference, now);
    audits.push(withReceiptHash(completeAudit(quote, rating.result.totalPremium, true), receipt));
  } else {
    const decision = assertQuoteAction(working, actor, "complete", {
      ratedAt: working.ratedAt,
      referralHitCount: working.ratingResult?.referralHits.length,
      declarationConfirmed: working.declarationConfirmed,
    });
    changes.status = decision.nextStatus;
    audits.push(completeAudit(quote, working.totalPremium, false));
  }
  return commitQuoteChange(db, found, changes, audits, actor, now, receipt);
}
