/**
 * The audit trail (docs/product/permissions.md): every change writes its entry on the SAME transaction (or statement) as the
 * change, so either both commit or neither does. The table is append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE). This module is the one place that knows what an audit row holds: `recordAudit` appends an entry
 * inside a transaction, and `auditEntriesAfter` writes entries in the same statement as a change that must stay
 * a single round trip.
 */

import { type SQL, sql } from "drizzle-orm";
import type { WithSubquery } from "drizzle-orm/subquery";
import type { AuditAction, AuditEntityType } from "../../domain/audit";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

export type { AuditAction, AuditEntityType };

export interface AuditEntry {
  entityType: AuditEntityType;
  action: AuditAction;
  entityId: string | null;
  /** The signed-in user who made the change; null for an anonymous event such as a failed sign-in. */
  actorId: string | null;
  details?: Record<string, unknown> | string | null;
  /**
   * When it happened, by the application's clock: the same clock dates the quotes, decisions and policy changes an
   * entry sits beside in a history, so the history keeps its order whatever the database server's clock says.
   */
  at: Date;
}

/** What happened to one entity, when the entity and the actor are given by the change it belongs to. */
export type AuditEvent = Pick<AuditEntry, "action" | "details">;

/** The row one entry becomes. */
function auditRow(entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    entityType: entry.entityType,
    action: entry.action,
    entityId: entry.entityId,
    actorId: entry.actorId,
    details: entry.details ?? null,
    createdAt: entry.at,
  };
}

/** Appends one entry; pass the transaction the change runs in. */
export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRow(entry));
}

/**
 * The entries about the row a data-modifying WITH query returns (`changed` must return its `id`), as a further
 * WITH query of the same statement: `WITH changed AS (UPDATE ... RETURNING id), audit AS (INSERT ... SELECT FROM
 * changed) ...`. A single statement is its own transaction, so the change and its entries commit or fail
 * together; when `changed` returns no row (a lost version race) no entry is written either. The entries keep
 * their order. The statement holds placeholders only (for `count` entries), so it can be prepared once and run
 * with `auditEntryValues`.
 */
export function auditEntriesAfter(
  db: Database,
  changed: WithSubquery,
  count: number,
  entityType: AuditEntityType,
): WithSubquery {
  const rows = Array.from(
    { length: count },
    (_, position) =>
      sql`(${sql.placeholder(`audit_action_${position}`)}::text, ${sql.placeholder(`audit_details_${position}`)}::jsonb, ${position}::int)`,
  );
  const column = (name: keyof typeof auditLog.$inferInsert) => sql.identifier(auditLog[name].name);
  return db.$with("audit", {}).as(
    sql`insert into ${auditLog} (${column("entityType")}, ${column("action")}, ${column("entityId")}, ${column("actorId")}, ${column("details")}, ${column("createdAt")})
      select ${entityType}::text, entry.action, ${changed}.id::text, ${sql.placeholder("audit_actor_id")}::uuid, entry.details, ${sql.placeholder("audit_created_at")}::timestamptz
      from ${changed} cross join (values ${sql.join(rows, sql`, `)}) as entry(action, details, position)
      order by entry.position`,
  );
}

/**
 * The "created" entry about the row a data-modifying WITH query inserts (`inserted` must return its `id`), as a
 * further WITH query of the same statement: the row and its entry commit together in one round trip. Its details
 * are the placeholder `audit_details` (a JSON object) with `fromRow` merged in: what the database gives the row in
 * that same statement, such as its reference. Its time is `createdAt`, the row's own creation time.
 */
export function createdEntryAfter(
  db: Database,
  inserted: WithSubquery,
  entityType: AuditEntityType,
  fromRow: SQL,
  createdAt: SQL,
): WithSubquery {
  const column = (name: keyof typeof auditLog.$inferInsert) => sql.identifier(auditLog[name].name);
  const action: AuditAction = "created";
  return db.$with("audit", {}).as(
    sql`insert into ${auditLog} (${column("entityType")}, ${column("action")}, ${column("entityId")}, ${column("actorId")}, ${column("details")}, ${column("createdAt")})
      select ${entityType}::text, ${action}::text, ${inserted}.id::text, ${sql.placeholder("audit_actor_id")}::uuid, ${sql.placeholder("audit_details")}::jsonb || ${fromRow}, ${createdAt}
      from ${inserted}`,
  );
}

/** The values for the placeholders of `auditEntriesAfter`. */
export function auditEntryValues(
  entries: readonly AuditEvent[],
  about: { actorId: string; createdAt: Date },
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    audit_actor_id: about.actorId,
    audit_created_at: about.createdAt.toISOString(),
  };
  entries.forEach(({ action, details }, position) => {
    values[`audit_action_${position}`] = action;
    values[`audit_details_${position}`] = details === undefined || details === null ? null : JSON.stringify(details);
  });
  return values;
}
