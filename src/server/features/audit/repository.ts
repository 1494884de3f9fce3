/**
 * Reading the audit log: newest first, one page at a time, filtered by entity type, action, actor and a range of
 * London calendar days (both inclusive), with the name of the user who made each change.
 */
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AuditEntry, AuditQuery } from "../../../domain/audit";
import type { Database } from "../../db/client";
import { auditLog, users } from "../../db/schema";

/** The first instant of a London calendar day, as SQL: the log's dates are the days the admin sees. */
const londonDayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/London')`;

export async function findAuditPage(
  db: Database,
  { entityType, action, actorId, from, to, page, pageSize }: AuditQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const filters: SQL[] = [];
  if (entityType) filters.push(eq(auditLog.entityType, entityType));
  if (action) filters.push(eq(auditLog.action, action));
  if (actorId) filters.push(eq(auditLog.actorId, actorId));
  if (from) filters.push(gte(auditLog.createdAt, londonDayStart(from)));
  // "to" is inclusive: everything before the start of the next London day.
  if (to) filters.push(lt(auditLog.createdAt, londonDayStart(to, 1)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ entry: auditLog, actor: { id: users.id, name: users.name, email: users.email } })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map(({ entry, actor }) => ({
      id: entry.id,
      entityType: entry.entityType,
      action: entry.action,
      entityId: entry.entityId,
      actorId: entry.actorId,
      actor: actor?.id ? { id: actor.id, name: actor.name, email: actor.email } : null,
      details: entry.details ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
  };
}
