/** POST /quotes (docs/product/permissions.md): a DRAFT quote from step 1, created by the signed-in broker or underwriter. */
import { productTypeOf } from "../../../domain/quote/product";
import type { CreateQuoteRequest } from "../../../domain/quote/requests";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { insertCreatedQuote, insuredsDetailsColumns } from "./change";
import { assertPlausibleDates } from "./plausible-dates";
import type { QuoteWithBroker } from "./repository";

export async function createQuote(
  db: Database,
  actor: AuthUser,
  body: CreateQuoteRequest,
  now: Date,
): Promise<QuoteWithBroker> {
  assertPlausibleDates(body, now);
  const quote = await insertCreatedQuote(
    db,
    {
      productCode: body.productCode,
      productType: productTypeOf(body.productCode),
      contactEmail: actor.email,
      brokerId: actor.id,
      // The firm the quote is written for stays its firm when the broker later moves (docs/product/firms.md).
      firmId: actor.firmId,
      ...insuredsDetailsColumns(body.insuredsDetails),
      risk: body.risk ?? null,
      createdAt: now,
      updatedAt: now,
    },
    actor,
  );
  return { quote, broker: { name: actor.name, email: actor.email }, decidedBy: null };
}
