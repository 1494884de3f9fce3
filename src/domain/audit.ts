/**
 * The audit log (docs/product/permissions.md): its vocabulary, the GET /api/audit query and answer (one schema for the
 * server's validation and response and the web's reading of it), and how an entry's details read on screen.
 */
import { z } from "zod";

export const AUDIT_ENTITY_TYPES = ["user", "session", "quote", "rating_version"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  "login",
  "login_failed",
  "logout",
  "created",
  "updated",
  "deleted",
  "rated",
  "referred",
  "completed",
  "reopened",
  "issued",
  "renewed",
  "override_applied",
  "override_removed",
  "decision_recorded",
  "published",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPE_LABELS: Readonly<Record<AuditEntityType, string>> = {
  user: "User",
  session: "Sign-in",
  quote: "Quote",
  rating_version: "Rating version",
};

/** "override_applied" -> "Override applied". */
export function auditActionLabel(action: string): string {
  const words = action.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isoDate = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);

/**
 * The filters and page of GET /api/audit, all optional. Dates are London calendar days, both inclusive, as
 * the log shows its times.
 */
export const auditQuerySchema = z
  .strictObject({
    entityType: z
      .enum(AUDIT_ENTITY_TYPES, { error: `Entity type must be one of ${AUDIT_ENTITY_TYPES.join(", ")}` })
      .optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `Action must be one of ${AUDIT_ACTIONS.join(", ")}` }).optional(),
    actorId: z.uuid({ error: "Actor must be a user id" }).optional(),
    from: isoDate("From").optional(),
    to: isoDate("To").optional(),
    page: z.coerce
      .number({ error: "Page must be a whole number" })
      .int("Page must be a whole number")
      .min(1, "Page must be 1 or more")
      .default(1),
    pageSize: z.coerce
      .number({ error: "Page size must be a whole number" })
      .int("Page size must be a whole number")
      .min(1, "Page size must be 1 or more")
      .max(100, "Page size must be at most 100")
      .default(25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "To must be on or after From",
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  entityType: z.string(),
  action: z.string(),
  entityId: z.string().nullable(),
  actorId: z.string().nullable(),
  /** Who did it; null for an anonymous event such as a failed sign-in. */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  details: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ total: z.number(), page: z.number(), pageSize: z.number() }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(valueText).join("; ");
  if (isRecord(value)) {
    if ("from" in value && "to" in value && Object.keys(value).length === 2) {
      return `${valueText(value.from)} -> ${valueText(value.to)}`;
    }
    return Object.entries(value)
      .map(([key, inner]) => `${key} ${valueText(inner)}`)
      .join(", ");
  }
  return String(value);
}

/**
 * An entry's details as lines a person reads: "field: value", and a change as "field: old -> new" (the
 * audit trail writes a change as { from, to }). Text details stay as they are; no details give no lines.
 */
export function auditDetailLines(details: AuditEntry["details"] | undefined): string[] {
  if (typeof details === "string") return details.trim() ? [details.trim()] : [];
  if (!isRecord(details)) return [];
  return Object.entries(details).map(([key, value]) => `${key}: ${valueText(value)}`);
}
