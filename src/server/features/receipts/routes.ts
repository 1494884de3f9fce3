/**
 * GET /api/quotes/{id}/receipt: the quote's latest rating receipt (docs/product/receipts.md), of one kind when
 * asked. Whoever may see the quote may see its receipt.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ratingReceiptSchema, receiptKindSchema } from "../../../domain/receipt/schema";
import { currentUser, requireUser } from "../../auth/authenticate";
import { receiptForQuote } from "./service";

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/quotes/:id/receipt",
    {
      schema: {
        tags: ["quotes"],
        summary: "The quote's latest rating receipt",
        description:
          "The rating input, configuration, engine version and result of the quote's latest rating, adjustment or issue (or of the kind asked for), with their SHA-256 hashes. Save it as a file and run `npm run verify -- receipt.json` to rate it again anywhere. 404 RECEIPT_NOT_FOUND for a quote rated only before receipts were kept.",
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ kind: receiptKindSchema.optional() }),
        response: { 200: z.object({ data: ratingReceiptSchema }) },
      },
      onRequest: requireUser,
    },
    async (request) => {
      return { data: await receiptForQuote(app.db, currentUser(request), request.params.id, request.query.kind) };
    },
  );
};
