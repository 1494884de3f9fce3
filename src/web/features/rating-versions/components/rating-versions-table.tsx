import { formatDateGb } from "@domain/format/dates";
import type { RatingVersion } from "@domain/rating/version";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import {
  CardList,
  CardListActions,
  CardListField,
  CardListFields,
  CardListHeader,
  CardListItem,
} from "@web/components/ui/card-list";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { Tooltip } from "@web/components/ui/tooltip";
import { MD_QUERY, useMediaQuery } from "@web/hooks/use-media-query";
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

type RowProps = Omit<RatingVersionsTableProps, "versions"> & { version: RatingVersion };

function VersionStatus({ version }: { version: RatingVersion }) {
  const published = version.status === "PUBLISHED";
  return <Badge tone={published ? "success" : "neutral"}>{published ? "PUBLISHED" : "DRAFT"}</Badge>;
}

function VersionName({ version }: { version: RatingVersion }) {
  return (
    <>
      <div className="font-medium text-slate-900">{version.name}</div>
      <div className="text-xs text-slate-600">
        {version.productCode}
        {version.notes ? ` · ${version.notes}` : ""}
      </div>
    </>
  );
}

function effectiveToText(version: RatingVersion): string {
  return version.effectiveTo ? formatDateGb(version.effectiveTo) : "-";
}

/**
 * Edit, Publish (a draft), View and Roll back (a published version): icon buttons in the table, and on a
 * card 40 px high with Edit and Publish named in words, for a finger.
 */
function VersionActions({ version, onEdit, onPublish, publishingId, touch }: RowProps & { touch: boolean }) {
  const published = version.status === "PUBLISHED";
  return (
    <>
      <Tooltip content={published ? "Published versions cannot change: edit a copy as a new draft" : "Edit draft"}>
        <Button
          variant={touch ? "outline" : "ghost"}
          size={touch ? "sm" : "icon"}
          aria-label={`Edit ${version.name}`}
          onClick={() => onEdit(version)}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {touch ? "Edit" : null}
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
    </>
  );
}

/**
 * The rating versions: a table from md up, and below it one card per version with the same values and
 * actions, since six columns cannot fit a phone without the page scrolling sideways.
 */
export function RatingVersionsTable({ versions, ...actions }: RatingVersionsTableProps) {
  const wide = useMediaQuery(MD_QUERY);
  if (versions.length === 0) {
    return <p className="px-4 py-10 text-center text-sm font-medium text-slate-700">No rating versions found</p>;
  }
  return wide ? <VersionsGrid versions={versions} {...actions} /> : <VersionCards versions={versions} {...actions} />;
}

function VersionsGrid({ versions, ...actions }: RatingVersionsTableProps) {
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
        {versions.map((version) => (
          <TableRow key={version.id} data-testid="rating-version-row" data-name={version.name}>
            <TableCell>
              <VersionName version={version} />
            </TableCell>
            <TableCell>
              <VersionStatus version={version} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateGb(version.effectiveFrom)}</TableCell>
            <TableCell className="whitespace-nowrap">{effectiveToText(version)}</TableCell>
            <TableCell>{version.createdBy?.name ?? "System"}</TableCell>
            <TableCell>
              <div className="flex items-center gap-1">
                <VersionActions version={version} {...actions} touch={false} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function VersionCards({ versions, ...actions }: RatingVersionsTableProps) {
  return (
    <CardList label="Rating versions">
      {versions.map((version) => (
        <CardListItem key={version.id} data-testid="rating-version-row" data-name={version.name}>
          <CardListHeader figure={<VersionStatus version={version} />} figureLabel="Status">
            <VersionName version={version} />
          </CardListHeader>
          <CardListFields>
            <CardListField label="Effective from">{formatDateGb(version.effectiveFrom)}</CardListField>
            <CardListField label="Effective to">{effectiveToText(version)}</CardListField>
            <CardListField label="Created by">{version.createdBy?.name ?? "System"}</CardListField>
          </CardListFields>
          <CardListActions>
            <VersionActions version={version} {...actions} touch />
          </CardListActions>
        </CardListItem>
      ))}
    </CardList>
  );
}
