/** POST /quotes (docs/product/permissions.md): a DRAFT quote from step 1, created by the signed-in broker or underwriter. */
import { productTypeOf } from "../../../domain/quote/product";
import type { CreateQuoteRequest } from "../../../domain/quote/requests";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { insuredsDetailsColumns } from "./change";
import { assertPlausibleDates } from "./plausible-dates";
import { insertQuote, type QuoteWithBroker } from "./repository";

export async function createQuote(
  db: Database,
  actor: AuthUser,
  body: CreateQuoteRequest,
  now: Date,
): Promise<QuoteWithBroker> {
  assertPlausibleDates(body, now);
  const quote = await db.transaction(async (tx) => {
    const row = await insertQuote(tx, {
      productCode: body.productCode,
      productType: productTypeOf(body.productCode),
      contactEmail: actor.email,
      brokerId: actor.id,
      ...insuredsDetailsColumns(body.insuredsDetails),
      risk: body.risk ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      entityType: "quote",
      action: "created",
      entityId: row.id,
      actorId: actor.id,
      details: { reference: row.reference, productCode: row.productCode, proposerName: row.proposerName },
    });
    return row;
  });
  return { quote, broker: { name: actor.name, email: actor.email }, decidedBy: null };
}
