/**
 * GET /api/bordereau?month=YYYY-MM&format=csv|xlsx (ADMIN, UNDERWRITER): the monthly premium bordereau
 * (docs/product/bordereau.md) as a download. A month with no policies is a file with its header and a zero
 * totals line.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bordereauQuerySchema, bordereauReceiptsQuerySchema } from "../../../domain/bordereau/bordereau-query";
import { requireRole } from "../../auth/authenticate";
import { contentDisposition } from "../../http/content-disposition";
import { bordereauFile, bordereauReceiptsFile } from "./service";

export const bordereauRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/bordereau",
    {
      schema: {
        tags: ["bordereau"],
        summary: "The premium bordereau of a month (ADMIN, UNDERWRITER): every policy issued in it, as CSV or XLSX",
        querystring: bordereauQuerySchema,
      },
      onRequest: requireRole("ADMIN", "UNDERWRITER"),
    },
    async (request, reply) => {
      const { month, format } = request.query;
      const file = await bordereauFile(app.db, month, format);
      return reply
        .header("content-type", file.mediaType)
        .header("content-disposition", contentDisposition("attachment", file.fileName))
        .header("cache-control", "private, no-store")
        .send(file.body);
    },
  );

  app.get(
    "/api/bordereau/receipts",
    {
      schema: {
        tags: ["bordereau"],
        summary:
          "The rating receipts of a month's bordereau rows (ADMIN, UNDERWRITER), as JSON Lines: one receipt a line, to re-rate with `npm run verify`",
        querystring: bordereauReceiptsQuerySchema,
      },
      onRequest: requireRole("ADMIN", "UNDERWRITER"),
    },
    async (request, reply) => {
      const file = await bordereauReceiptsFile(app.db, request.query.month);
      return reply
        .header("content-type", file.mediaType)
        .header("content-disposition", contentDisposition("attachment", file.fileName))
        .header("cache-control", "private, no-store")
        .send(file.body);
    },
  );
};
