/**
 * GET /api/quotes/{id}/options: the quote priced at every cover limit and excess option (docs/product/rating.md
 * "Quotation options"). Whoever may read the quote may see its options.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { quotationOptionsSchema } from "../../../domain/quote/quotation-options";
import { defenceCostsSchema, limitBasisSchema } from "../../../domain/quote/risk";
import { currentUser, requireUser } from "../../auth/authenticate";
import { quotationOptionsFor } from "./options-service";

export const quoteOptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/quotes/:id/options",
    {
      schema: {
        tags: ["quotes"],
        summary: "The quote priced at every cover limit and excess option",
        params: z.object({ id: z.string().max(100) }),
        // The grid on another limit basis or defence costs than the quote's: what switching would cost.
        querystring: z.object({ limitBasis: limitBasisSchema.optional(), defenceCosts: defenceCostsSchema.optional() }),
        response: { 200: z.object({ data: quotationOptionsSchema }) },
      },
      onRequest: requireUser,
    },
    async (request) => {
      return {
        data: await quotationOptionsFor(app.db, currentUser(request), request.params.id, app.now(), request.query),
      };
    },
  );
};
