/**
 * POST /issue: binds a QUOTED quote still within its 30-day validity, giving it its policy number. A renewal of a
 * policy cancelled since the renewal was made is never bound: there is no cover left to carry on.
 */
import { penceToMoneyString } from "../../../domain/money";
import { policyNumberFor } from "../../../domain/quote/product";
import { RENEWAL_MESSAGES } from "../../../domain/quote/renewal";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { assertNoOpenPreBind } from "../endorsements/terms-service";
import { receiptToWrite } from "../receipts/service";
import { assertExpectedVersion, assertQuoteAction, requireQuote } from "./access-service";
import { commitQuoteChange } from "./change";
import { findPolicyTransactions, isCancelledPolicy } from "./policy-transactions";
import { backdatedWithoutUnderwriter, quoteRatingVersion, storedEngineRating } from "./rating";
import type { QuoteWithBroker } from "./repository";

export async function issueQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  body: { expectedVersion?: number | undefined },
  now: Date,
): Promise<QuoteWithBroker> {
  const found = await requireQuote(db, id);
  const { quote } = found;
  const decision = assertQuoteAction(quote, actor, "issue", { ratedAt: quote.ratedAt, now });
  assertExpectedVersion(quote, body.expectedVersion);
  if (quote.renewalOfId !== null && isCancelledPolicy(await findPolicyTransactions(db, quote.renewalOfId))) {
    throw new AppError("QUOTE_STATE_CONFLICT", RENEWAL_MESSAGES.renewsCancelled);
  }
  await assertNoOpenPreBind(db, quote, now);
  // Read once: its configuration says how far back an inception may lie, and its rates price the receipt.
  const stored = await quoteRatingVersion(db, quote);
  const backdated = backdatedWithoutUnderwriter(quote, stored, now);
  if (backdated !== null) throw new AppError("QUOTE_STATE_CONFLICT", backdated);
  const policyNumber = policyNumberFor(quote.reference);
  // The issue's receipt prices the policy's first transaction: the rating the quote holds, rated again.
  const engine = storedEngineRating(quote, stored);
  const receipt =
    engine && receiptToWrite("ISSUE", engine, { reference: quote.reference, policyNumber, policySequence: 1 }, now);
  return commitQuoteChange(
    db,
    found,
    { status: decision.nextStatus, policyNumber, issuedAt: now },
    [
      {
        action: "issued",
        details: {
          reference: quote.reference,
          policyNumber,
          totalPremium: quote.totalPremium === null ? null : penceToMoneyString(quote.totalPremium),
          receipt: receipt?.receipt.hash ?? null,
        },
      },
    ],
    actor,
    now,
    receipt,
  );
}
