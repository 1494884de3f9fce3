/**
 * GET /api/audit (ADMIN): the audit log, newest first, paginated, filterable by entity type, action, actor
 * and a range of London calendar days (both inclusive).
 */
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditEntrySchema, auditPageSchema, auditQuerySchema } from "../../../domain/audit";
import { requireRole } from "../../auth/authenticate";
import { auditLog, users } from "../../db/schema";

export type { AuditEntry as AuditEntryResponse } from "../../../domain/audit";
/** Re-exported for the API's other readers; the one definition is the domain's. */
export { auditEntrySchema };

/** The first instant of a London calendar day, as SQL: the log's dates are the days the admin sees. */
const londonDayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/London')`;

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
      preHandler: requireRole("ADMIN"),
    },
    async (request) => {
      const { entityType, action, actorId, from, to, page, pageSize } = request.query;
      const filters: SQL[] = [];
      if (entityType) filters.push(eq(auditLog.entityType, entityType));
      if (action) filters.push(eq(auditLog.action, action));
      if (actorId) filters.push(eq(auditLog.actorId, actorId));
      if (from) filters.push(gte(auditLog.createdAt, londonDayStart(from)));
      // "to" is inclusive: everything before the start of the next London day.
      if (to) filters.push(lt(auditLog.createdAt, londonDayStart(to, 1)));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, totals] = await Promise.all([
        app.db
          .select({ entry: auditLog, actor: { id: users.id, name: users.name, email: users.email } })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        app.db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return {
        data: rows.map(({ entry, actor }) => ({
          id: entry.id,
          entityType: entry.entityType,
          action: entry.action,
          entityId: entry.entityId,
          actorId: entry.actorId,
          actor: actor?.id ? { id: actor.id, name: actor.name, email: actor.email } : null,
          details: entry.details ?? null,
          createdAt: entry.createdAt.toISOString(),
        })),
        meta: { total: totals[0]?.total ?? 0, page, pageSize },
      };
    },
  );
};
