/**
 * An underwriter's commission rate for one quote (docs/product/firms.md "Commission"): within the range its rating
 * version allows, until the quote is issued, audited with the rate before and after. The premium does not change,
 * so the quote keeps its status; later ratings keep the underwriter's rate instead of the firm's.
 */
import { percentToBasisPoints } from "../../../domain/firms/firm";
import { commissionLimitsRefusal } from "../../../domain/quote/commission";
import type { CommissionOverride } from "../../../domain/quote/commission-schema";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { assertExpectedVersion, assertQuoteAction, requireQuote } from "./access-service";
import { commitQuoteChange } from "./change";
import { policyRater } from "./rating";
import type { QuoteWithBroker } from "./repository";

export async function setQuoteCommission(
  db: Database,
  actor: AuthUser,
  id: string,
  body: CommissionOverride,
  now: Date,
): Promise<QuoteWithBroker> {
  const found = await requireQuote(db, id);
  const { quote } = found;
  assertQuoteAction(quote, actor, "setCommission", { ratedAt: quote.ratedAt });
  assertExpectedVersion(quote, body.expectedVersion);
  const { config } = await policyRater(db, quote);
  const refusal = commissionLimitsRefusal(body.ratePercent, config.commissionLimits);
  if (refusal !== null) throw AppError.validation([{ path: "ratePercent", message: refusal }]);
  const rate = percentToBasisPoints(body.ratePercent);
  return commitQuoteChange(
    db,
    found,
    { commissionRateBasisPoints: rate, commissionOverridden: true },
    [
      {
        action: "commission_changed",
        details: {
          reference: quote.reference,
          fromPercent: quote.commissionRateBasisPoints === null ? null : quote.commissionRateBasisPoints / 100,
          toPercent: rate / 100,
        },
      },
    ],
    actor,
    now,
  );
}
