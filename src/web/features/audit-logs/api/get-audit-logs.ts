import type { AuditPage, AuditQuery } from "@domain/audit";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";

export type { AuditEntry as AuditLogEntry } from "@domain/audit";

export const AUDIT_PAGE_SIZE = 25;

/** The filters the Audit Logs screen offers; empty ones are left out of the request. */
export type AuditFilters = Pick<AuditQuery, "entityType" | "action" | "actorId" | "from" | "to">;

export async function getAuditLogs(page: number, filters: AuditFilters = {}): Promise<AuditPage> {
  return apiClient.get<AuditPage>("/api/audit", { params: { ...filters, page, pageSize: AUDIT_PAGE_SIZE } });
}

export const auditLogsQueryOptions = (page: number, filters: AuditFilters = {}) =>
  queryOptions({
    queryKey: [...auditLogsQueryKey, page, filters],
    queryFn: () => getAuditLogs(page, filters),
    placeholderData: keepPreviousData,
  });

export function useAuditLogs(page: number, filters: AuditFilters = {}) {
  return useQuery(auditLogsQueryOptions(page, filters));
}
