/**
 * POST /refer: re-rates on the server; with hits the quote is REFERRED with their descriptions as the reason,
 * without hits it is a voluntary UW_REQUESTED. The review e-mails (tokens and outbox rows) are written in the
 * same transaction; the caller asks the dispatcher to deliver after commit.
 */
import { penceToMoneyString } from "../../../domain/money";
import { referralReasonFromHits } from "../../../domain/quote/premium";
import type { ReferQuoteRequest } from "../../../domain/quote/requests";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import type { NewQuoteRow } from "../../db/schema";
import { createReferralNotifications, type ReferralRecipient } from "../../mail/referral-notifications";
import { insertReceipt } from "../receipts/service";
import { assertQuoteAction, openQuoteForWrite } from "./access-service";
import { type QuoteAudit, withOptionalOverview } from "./change";
import { rateStoredQuote, ratingColumns, ratingReceiptOf } from "./rating";
import { type QuoteWithBroker, updateQuoteAtVersion } from "./repository";

export interface ReferQuoteOutcome {
  found: QuoteWithBroker;
  recipients: ReferralRecipient[];
}

export async function referQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  body: ReferQuoteRequest,
  options: { now: Date; reviewBaseUrl: string },
): Promise<ReferQuoteOutcome> {
  const { now } = options;
  const { found, quote } = await openQuoteForWrite(db, id, actor, "view", body.expectedVersion);
  const edit = withOptionalOverview(quote, actor, body.financialOverview);
  const working = edit.after;
  assertQuoteAction(working, actor, "refer", { ratedAt: working.ratedAt, referralHitCount: 0 });
  const rating = await rateStoredQuote(db, working, now);
  const hits = rating.result.referralHits;
  const decision = assertQuoteAction(working, actor, "refer", { ratedAt: now, referralHitCount: hits.length });
  const referralReason = hits.length > 0 ? referralReasonFromHits(hits) : null;
  const changes: Partial<NewQuoteRow> = {
    ...edit.changes,
    ...ratingColumns(rating, now),
    status: decision.nextStatus,
    referredAt: now,
    referralReason,
  };

  const receipt = ratingReceiptOf(rating, quote.reference, now);
  const result = await db.transaction(async (tx) => {
    const updated = await updateQuoteAtVersion(tx, quote, changes, now);
    await insertReceipt(tx, updated.id, receipt, now);
    const recipients = await createReferralNotifications(tx, {
      quote: {
        id: updated.id,
        version: updated.version,
        reference: updated.reference,
        proposerName: updated.proposerName,
        productCode: updated.productCode,
        referralReason,
      },
      underwriterEmails: body.underwriterEmails,
      baseUrl: options.reviewBaseUrl,
      now,
      referredBy: { name: actor.name, email: actor.email },
    });
    const audits: QuoteAudit[] = [
      ...edit.audits,
      {
        action: "referred",
        details: {
          reference: updated.reference,
          status: updated.status,
          referralReason,
          referralHits: hits.map((hit) => hit.code),
          totalPremium: penceToMoneyString(rating.result.totalPremium),
          recipients: recipients.map((recipient) => recipient.email),
          receipt: receipt.receipt.hash,
        },
      },
    ];
    for (const audit of audits) {
      await recordAudit(tx, { at: now, ...audit, entityType: "quote", entityId: updated.id, actorId: actor.id });
    }
    return { quote: updated, recipients };
  });
  return { found: { ...found, quote: result.quote }, recipients: result.recipients };
}
