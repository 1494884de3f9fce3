/**
 * GET /api/business-activities?q=&limit=: the step-1 job-title picker (docs/product/screens.md). The list itself lives in
 * the domain (`src/domain/business-activities.ts`), so the browser may also search it without a request.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_BUSINESS_ACTIVITY_LIMIT, searchBusinessActivities } from "../../../domain/business-activities";
import { requireRole } from "../../auth/authenticate";

export const businessActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/business-activities",
    {
      onRequest: requireRole("BROKER", "UNDERWRITER", "ADMIN"),
      schema: {
        tags: ["business-activities"],
        summary: "Search the construction and trades job titles offered for step 1's business activity",
        querystring: z.object({
          q: z.string().max(200, "A search can be at most 200 characters").default(""),
          limit: z.coerce
            .number()
            .int()
            .min(1, "limit must be between 1 and 500")
            .max(500, "limit must be between 1 and 500")
            .default(DEFAULT_BUSINESS_ACTIVITY_LIMIT),
        }),
        response: { 200: z.object({ data: z.array(z.string()) }) },
      },
    },
    async (request) => ({ data: searchBusinessActivities(request.query.q, request.query.limit) }),
  );
};
