/** POST /issue: binds a QUOTED quote still within its 30-day validity, giving it its policy number. */
import { penceToMoneyString } from "../../../domain/money";
import { policyNumberFor } from "../../../domain/quote/product";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { assertExpectedVersion, assertQuoteAction, requireQuote } from "./access-service";
import { commitQuoteChange } from "./change";
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
  const policyNumber = policyNumberFor(quote.reference);
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
        },
      },
    ],
    actor,
    now,
  );
}
