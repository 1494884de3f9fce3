import { formatDateGb } from "@domain/format/dates";
import type { RatingVersion } from "@domain/rating/version";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { Tooltip } from "@web/components/ui/tooltip";
import { Eye, Pencil, RotateCcw, Send } from "lucide-react";

/**
 * A control docs/product/screens.md lists without behaviour (view, rollback): shown so the table matches the
 * specification, marked unavailable so nobody believes it did something, and explained by its tooltip.
 * aria-disabled (not disabled) keeps it focusable, so keyboard users can read the reason too.
 */
function UnavailableAction({ label, reason, icon }: { label: string; reason: string; icon: React.ReactNode }) {
  return (
    <Tooltip content={reason}>
      <Button
        variant="ghost"
        size="icon"
        aria-disabled="true"
        aria-label={`${label} (not available)`}
        className="cursor-not-allowed opacity-50 hover:bg-transparent"
        onClick={(event) => event.preventDefault()}
      >
        {icon}
      </Button>
    </Tooltip>
  );
}

interface RatingVersionsTableProps {
  versions: readonly RatingVersion[];
  onEdit: (version: RatingVersion) => void;
  onPublish: (version: RatingVersion) => void;
  publishingId: string | null;
}

export function RatingVersionsTable({ versions, onEdit, onPublish, publishingId }: RatingVersionsTableProps) {
  if (versions.length === 0) {
    return <p className="px-4 py-10 text-center text-sm font-medium text-slate-700">No rating versions found</p>;
  }
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeaderCell>Version</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Effective From</TableHeaderCell>
          <TableHeaderCell>Effective To</TableHeaderCell>
          <TableHeaderCell>Created By</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {versions.map((version) => {
          const published = version.status === "PUBLISHED";
          return (
            <TableRow key={version.id} data-testid="rating-version-row" data-name={version.name}>
              <TableCell>
                <div className="font-medium text-slate-900">{version.name}</div>
                <div className="text-xs text-slate-600">
                  {version.productCode}
                  {version.notes ? ` · ${version.notes}` : ""}
                </div>
              </TableCell>
              <TableCell>
                <Badge tone={published ? "success" : "neutral"}>{published ? "PUBLISHED" : "DRAFT"}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateGb(version.effectiveFrom)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {version.effectiveTo ? formatDateGb(version.effectiveTo) : "-"}
              </TableCell>
              <TableCell>{version.createdBy?.name ?? "System"}</TableCell>
              <TableCell>
                <div className="flex items-center gap-1">
                  <Tooltip
                    content={published ? "Published versions cannot change: edit a copy as a new draft" : "Edit draft"}
                  >
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${version.name}`}
                      onClick={() => onEdit(version)}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                    </Button>
                  </Tooltip>
                  {published ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={publishingId !== null}
                      onClick={() => onPublish(version)}
                      aria-label={`Publish ${version.name}`}
                    >
                      <Send aria-hidden="true" className="h-3.5 w-3.5" />
                      {publishingId === version.id ? "Publishing..." : "Publish"}
                    </Button>
                  )}
                  <UnavailableAction
                    label={`View ${version.name}`}
                    reason="Viewing a version on its own is not available; use Edit to read its configuration"
                    icon={<Eye aria-hidden="true" className="h-4 w-4" />}
                  />
                  {published ? (
                    <UnavailableAction
                      label={`Roll back ${version.name}`}
                      reason="Rollback is not available; publish a corrected version instead"
                      icon={<RotateCcw aria-hidden="true" className="h-4 w-4" />}
                    />
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
