/** GET /api/audit (ADMIN): the audit log, newest first, paginated, filterable by entity type and action. */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole } from "../../auth/authenticate";
import { auditLog, users } from "../../db/schema";

const auditQuerySchema = z.strictObject({
  entityType: z.string().trim().min(1).max(50).optional(),
  action: z.string().trim().min(1).max(50).optional(),
  page: z.coerce.number().int().min(1, "Page must be 1 or more").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "Page size must be at most 100").default(25),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  entityType: z.string(),
  action: z.string(),
  entityId: z.string().nullable(),
  actorId: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  details: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
  createdAt: z.string(),
});
export type AuditEntryResponse = z.infer<typeof auditEntrySchema>;

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/audit",
    {
      schema: {
        tags: ["audit"],
        summary: "Audit log (ADMIN), newest first",
        querystring: auditQuerySchema,
        response: {
          200: z.object({
            data: z.array(auditEntrySchema),
            meta: z.object({ total: z.number(), page: z.number(), pageSize: z.number() }),
          }),
        },
      },
      preHandler: requireRole("ADMIN"),
    },
    async (request) => {
      const { entityType, action, page, pageSize } = request.query;
      const filters: SQL[] = [];
      if (entityType) filters.push(eq(auditLog.entityType, entityType));
      if (action) filters.push(eq(auditLog.action, action));
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
