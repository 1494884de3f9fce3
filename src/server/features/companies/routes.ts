/**
 * GET /api/companies/search?q= and GET /api/companies/{company_number}/officers (docs/product/permissions.md):
 * Companies House field names, `{ items }` also under `data`, officers as `{ data: { numberOfDirectors, items } }`.
 * `register` says whether the answer came from Companies House ("live") or the fictitious demo register.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOfficersResponseSchema, companySearchResponseSchema } from "../../../domain/api/companies";
import { requireRole } from "../../auth/authenticate";
import { createCompanyRegisterFromConfig, createCompanyService } from "./company-service";

const errorSchema = z.object({ error: z.string(), code: z.string() });

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCompanyService({
    register: createCompanyRegisterFromConfig(app.config),
    now: () => app.now().getTime(),
  });
  const signedIn = requireRole("BROKER", "UNDERWRITER", "ADMIN");

  app.get(
    "/api/companies/search",
    {
      onRequest: signedIn,
      schema: {
        tags: ["companies"],
        summary: "Search the company register by name or company number (at least 2 characters)",
        querystring: z.object({ q: z.string().max(1_000).default("") }),
        response: {
          200: companySearchResponseSchema,
          400: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const answer = await service.search(request.query.q);
      return {
        items: answer.items,
        data: { items: answer.items, total_results: answer.total_results, register: service.kind },
      };
    },
  );

  app.get(
    "/api/companies/:companyNumber/officers",
    {
      onRequest: signedIn,
      schema: {
        tags: ["companies"],
        summary: "A company's officers and its number of active directors or members",
        params: z.object({ companyNumber: z.string().max(20) }),
        response: {
          200: companyOfficersResponseSchema,
          400: errorSchema,
          404: errorSchema,
          502: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const answer = await service.officers(request.params.companyNumber);
      return { data: { ...answer, register: service.kind } };
    },
  );
};
