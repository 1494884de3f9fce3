import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPE_LABELS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
  auditActionLabel,
  auditDetailLines,
  auditEntityLabel,
} from "@domain/audit";
import { formatDateTimeGb } from "@domain/format/dates";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Pagination } from "@web/components/ui/pagination";
import { Select } from "@web/components/ui/select";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { useUsers } from "@web/lib/api/get-users";
import { errorMessageOf } from "@web/lib/api-client";
import { useId, useState } from "react";
import { type AuditFilters, type AuditLogEntry, useAuditLogs } from "../api/get-audit-logs";

/** A select cannot hold an empty value, so "any" stands for no filter. */
const ANY = "any";

const ENTITY_OPTIONS = [
  { value: ANY, label: "All entities" },
  ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: AUDIT_ENTITY_TYPE_LABELS[type] })),
];
const ACTION_OPTIONS = [
  { value: ANY, label: "All actions" },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(action) })),
];

/** docs/product/screens.md: the details in words when the entry has some, else the entity and its id. */
export function auditDetailsText(entry: AuditLogEntry): string[] {
  const lines = auditDetailLines(entry);
  return lines.length > 0 ? lines : [`${auditEntityLabel(entry.entityType)} ${entry.entityId ?? ""}`.trim()];
}

function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  const id = useId();
  const users = useUsers();
  const actorOptions = [
    { value: ANY, label: "Anyone" },
    ...(users.data ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.email})` })),
  ];
  const set = (change: AuditFilters) => onChange({ ...filters, ...change });
  const filtered = Object.values(filters).some(Boolean);
  return (
    <search
      aria-label="Filter audit logs"
      className="grid gap-3 border-b border-slate-100 px-4 py-3 md:grid-cols-3 lg:grid-cols-[1fr_1fr_1.5fr_10rem_10rem_auto] lg:items-end"
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-entity`} className="text-xs">
          Entity
        </Label>
        <Select
          id={`${id}-entity`}
          value={filters.entityType ?? ANY}
          onValueChange={(value) => set({ entityType: value === ANY ? undefined : (value as AuditEntityType) })}
          options={ENTITY_OPTIONS}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-action`} className="text-xs">
          Action
        </Label>
        <Select
          id={`${id}-action`}
          value={filters.action ?? ANY}
          onValueChange={(value) => set({ action: value === ANY ? undefined : (value as AuditAction) })}
          options={ACTION_OPTIONS}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-actor`} className="text-xs">
          Done by
        </Label>
        <Select
          id={`${id}-actor`}
          value={filters.actorId ?? ANY}
          onValueChange={(value) => set({ actorId: value === ANY ? undefined : value })}
          options={actorOptions}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-from`} className="text-xs">
          From
        </Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={filters.from ?? ""}
          onChange={(event) => set({ from: event.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-to`} className="text-xs">
          To
        </Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.to ?? ""}
          onChange={(event) => set({ to: event.target.value || undefined })}
        />
      </div>
      <Button variant="outline" size="sm" disabled={!filtered} onClick={() => onChange({})}>
        Clear filters
      </Button>
    </search>
  );
}

export function AuditLogList() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>({});
  const logs = useAuditLogs(page, filters);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Logs</CardTitle>
        <p className="text-xs text-slate-600">Newest first</p>
      </CardHeader>
      <Filters
        filters={filters}
        onChange={(next) => {
          // A new filter starts from its first page: the old page number may be past its end.
          setFilters(next);
          setPage(1);
        }}
      />
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
                      {auditEntityLabel(entry.entityType)}
                    </Badge>{" "}
                    {auditActionLabel(entry.action)}
                  </p>
                  <ul className="mt-0.5 grid gap-0.5 text-xs break-words text-slate-600">
                    {auditDetailsText(entry).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
                <div className="grid justify-items-end gap-0.5 text-right">
                  <p className="text-xs text-slate-800" data-testid="audit-actor">
                    {entry.actor ? (
                      <>
                        <span className="font-medium">{entry.actor.name}</span>{" "}
                        <span className="text-slate-600">({entry.actor.email})</span>
                      </>
                    ) : (
                      <span className="text-slate-600">No signed-in user</span>
                    )}
                  </p>
                  <time dateTime={entry.createdAt} className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
                    {formatDateTimeGb(entry.createdAt)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
          <Pagination meta={logs.data.meta} onPageChange={setPage} label="Audit log pages" />
        </>
      )}
    </Card>
  );
}
