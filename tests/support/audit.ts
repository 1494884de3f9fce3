/** Reading the audit log in tests, straight from the table (the API's view is tested separately). */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { type AuditLogRow, auditLog } from "../../src/server/db/schema";

export async function auditEntries(
  db: Database,
  filter: { entityType?: string; action?: string; entityId?: string } = {},
): Promise<AuditLogRow[]> {
  const conditions: SQL[] = [];
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  return db
    .select()
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(auditLog.id));
}
