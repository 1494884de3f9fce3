import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiPage, apiClient } from "../../../lib/api-client";
import { auditLogsQueryKey } from "../../../lib/query-keys";

/** SPEC.md §3 Audit log entry (the actor is the server's addition, DECISIONS.md §7). */
export interface AuditLogEntry {
  id: string | number;
  entityType: string;
  action: string;
  entityId: string | null;
  actorId?: string | null;
  details: unknown;
  createdAt: string;
}

export const AUDIT_PAGE_SIZE = 25;

export async function getAuditLogs(page: number) {
  return apiClient.get<ApiPage<AuditLogEntry>>("/api/audit", { params: { page, pageSize: AUDIT_PAGE_SIZE } });
}

export const auditLogsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...auditLogsQueryKey, page],
    queryFn: () => getAuditLogs(page),
    placeholderData: keepPreviousData,
  });

export function useAuditLogs(page: number) {
  return useQuery(auditLogsQueryOptions(page));
}
