import { useState } from "react";
import { formatDateTimeGb } from "../../../../domain/format/dates";
import { Badge } from "../../../components/ui/badge";
import { Card, CardHeader, CardTitle } from "../../../components/ui/card";
import { Pagination } from "../../../components/ui/pagination";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { errorMessageOf } from "../../../lib/api-client";
import { type AuditLogEntry, useAuditLogs } from "../api/get-audit-logs";

/** SPEC.md §2: the details when the entry has some, else the entity type and id. */
export function auditDetailsText(entry: AuditLogEntry): string {
  const { details } = entry;
  if (typeof details === "string" && details.trim()) return details;
  if (details && typeof details === "object" && Object.keys(details).length > 0) {
    return Object.entries(details as Record<string, unknown>)
      .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
      .join(", ");
  }
  return `${entry.entityType} ${entry.entityId ?? ""}`.trim();
}

export function AuditLogList() {
  const [page, setPage] = useState(1);
  const logs = useAuditLogs(page);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Logs</CardTitle>
        <p className="text-xs text-slate-600">Newest first</p>
      </CardHeader>
      {logs.isPending ? (
        <FullPageSpinner label="Loading audit logs" />
      ) : logs.isError ? (
        <p role="alert" className="px-4 py-6 text-sm text-red-700">
          {errorMessageOf(logs.error)}
        </p>
      ) : logs.data.data.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm font-medium text-slate-700">No audit logs found</p>
      ) : (
        <>
          <ol className="divide-y divide-slate-100">
            {logs.data.data.map((entry) => (
              <li
                key={entry.id}
                data-testid="audit-entry"
                className="flex flex-wrap items-start justify-between gap-2 px-4 py-2.5"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">
                    <Badge tone="neutral" className="mr-2">
                      {entry.entityType}
                    </Badge>{" "}
                    {entry.action}
                  </p>
                  <p className="mt-0.5 text-xs break-words text-slate-600">{auditDetailsText(entry)}</p>
                </div>
                <time dateTime={entry.createdAt} className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
                  {formatDateTimeGb(entry.createdAt)}
                </time>
              </li>
            ))}
          </ol>
          <Pagination meta={logs.data.meta} onPageChange={setPage} label="Audit log pages" />
        </>
      )}
    </Card>
  );
}
