/**
 * The audit trail (DECISIONS §7): every change writes its entry through `recordAudit` on the SAME transaction
 * as the change, so either both commit or neither does. The table is append-only (a trigger refuses UPDATE,
 * DELETE and TRUNCATE).
 */

import type { AuditAction, AuditEntityType } from "../../../domain/audit";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema";

export type { AuditAction, AuditEntityType };

export interface AuditEntry {
  entityType: AuditEntityType;
  action: AuditAction;
  entityId: string | null;
  /** The signed-in user who made the change; null for an anonymous event such as a failed sign-in. */
  actorId: string | null;
  details?: Record<string, unknown> | string | null;
}

/** Appends one entry; pass the transaction the change runs in. */
export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    entityType: entry.entityType,
    action: entry.action,
    entityId: entry.entityId,
    actorId: entry.actorId,
    details: entry.details ?? null,
  });
}
