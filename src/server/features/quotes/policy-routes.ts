/**
 * GET /api/policies/{policyNumber}: an issued policy as the policy screen shows it (docs/product/screens.md
 * "Policy"). The policy number carries slashes (DCPI/POL/000042), so it travels encoded as one path segment.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { policyParamsSchema, policyViewResponseSchema } from "../../../domain/quote/policy-schema";
import { currentUser, requireUser } from "../../auth/authenticate";
import { policyViewFor } from "./policy-view";

export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/policies/:policyNumber",
    {
      schema: {
        tags: ["policies"],
        summary:
          "An issued policy: insured, period, cover, premium paid, status, documents and history; 404 when unknown or not the caller's",
        params: policyParamsSchema,
        response: { 200: policyViewResponseSchema },
      },
      onRequest: requireUser,
    },
    async (request) => ({
      data: await policyViewFor(app.db, currentUser(request), request.params.policyNumber, app.now()),
    }),
  );
};
