/**
 * GET /api/audit (ADMIN): the audit log, newest first, paginated, filterable by entity type, action, actor
 * and a range of London calendar days (both inclusive).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditEntrySchema, auditPageSchema, auditQuerySchema } from "../../../domain/audit";
import { requireRole } from "../../auth/authenticate";
import { findAuditPage } from "./repository";

export type { AuditEntry as AuditEntryResponse } from "../../../domain/audit";
/** Re-exported for the API's other readers; the one definition is the domain's. */
export { auditEntrySchema };

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/audit",
    {
      schema: {
        tags: ["audit"],
        summary: "Audit log (ADMIN), newest first",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
      onRequest: requireRole("ADMIN"),
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { entries, total } = await findAuditPage(app.db, request.query);
      return { data: entries, meta: { total, page, pageSize } };
    },
  );
};
