/**
 * Query keys shared across features. Every admin change writes an audit entry on the server, so the
 * mutations of other features invalidate the audit log through this key (features never import each other).
 */
export const auditLogsQueryKey = ["audit-logs"] as const;

/** The session lookup (GET /api/me): every guard reads it. */
export const meQueryKey = ["me"] as const;
