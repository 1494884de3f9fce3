/**
 * GET /api/mi/:chart and GET /api/mi/:chart/csv (ADMIN, UNDERWRITER, BROKER): one management information chart
 * as a table, or the same table as CSV (docs/product/mi.md). Each chart is its own request, so each is measured
 * on its own (npm run bench -- mi).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type MiChart, miFileName } from "../../../domain/mi/mi";
import { miCsv } from "../../../domain/mi/mi-csv";
import { type MiQuery, miParamsSchema, miQuerySchema, miTableSchema } from "../../../domain/mi/mi-query";
import { type AuthUser, currentUser, requireRole } from "../../auth/authenticate";
import { contentDisposition } from "../../http/content-disposition";
import { miRange, miScope, miTable } from "./service";

const WHO = "ADMIN, UNDERWRITER: the book or one firm; BROKER: the quotes they act for";

export const miRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireRole("ADMIN", "UNDERWRITER", "BROKER");
  const schema = { tags: ["mi"], params: miParamsSchema, querystring: miQuerySchema };

  /** The chart's table for the request's user and filters, with the range it covers. */
  async function tableFor(user: AuthUser, query: MiQuery, chart: MiChart) {
    const range = miRange(query, app.now());
    return { range, table: await miTable(app.db, chart, miScope(user, query, range)) };
  }

  app.get(
    "/api/mi/:chart",
    {
      schema: {
        ...schema,
        summary: `A management information chart's figures by London month, turnover band or firm (${WHO})`,
        response: { 200: z.object({ data: miTableSchema }) },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      const { range, table } = await tableFor(currentUser(request), request.query, request.params.chart);
      reply.header("cache-control", "private, no-store");
      return { data: { ...table, ...range } };
    },
  );

  app.get(
    "/api/mi/:chart/csv",
    {
      schema: { ...schema, summary: `A management information chart's table as CSV (${WHO})` },
      onRequest: guard,
    },
    async (request, reply) => {
      const { range, table } = await tableFor(currentUser(request), request.query, request.params.chart);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition("attachment", miFileName(table.chart, range.from, range.to)))
        .header("cache-control", "private, no-store")
        .send(miCsv(table));
    },
  );
};
