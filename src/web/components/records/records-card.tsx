import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/card";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { MD_QUERY, useMediaQuery } from "@web/hooks/use-media-query";
import { errorMessageOf } from "@web/lib/api-client";
import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";

/**
 * An administration screen's list of records (users, firms) in its card: a spinner while it loads, the error
 * when it failed, `empty` when there is none, otherwise the records as a table from the md breakpoint up and as
 * a column of cards below it, where the table's columns would make the page scroll sideways; `after` holds the
 * list's dialogs.
 */
export function RecordsCard<T>({
  title,
  records,
  loadingLabel,
  empty,
  table,
  cards,
  after,
}: {
  title: string;
  /** The list's query: loading, failed, or its records. */
  records: UseQueryResult<T[]>;
  loadingLabel: string;
  empty: string;
  table: (records: readonly T[]) => ReactNode;
  cards: (records: readonly T[]) => ReactNode;
  after?: ReactNode;
}) {
  const wide = useMediaQuery(MD_QUERY);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      {records.isPending ? (
        <FullPageSpinner label={loadingLabel} />
      ) : records.isError ? (
        <p role="alert" className="px-4 py-6 text-sm text-red-700">
          {errorMessageOf(records.error)}
        </p>
      ) : records.data.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm font-medium text-slate-700">{empty}</p>
      ) : (
        (wide ? table : cards)(records.data)
      )}
      {after}
    </Card>
  );
}

/**
 * A record's Delete: an icon in a table row, and on a card the word too, since a card has no column heading to
 * say what the icon does. `label` names the record for screen readers ('Delete user Ada Admin').
 */
export function DeleteRecordButton({
  label,
  onDelete,
  onCard = false,
}: {
  label: string;
  onDelete: () => void;
  onCard?: boolean;
}) {
  return (
    <Button
      variant={onCard ? "outline" : "ghost"}
      size={onCard ? "sm" : "icon"}
      aria-label={label}
      onClick={onDelete}
      className={onCard ? undefined : "text-red-700 hover:bg-red-50"}
    >
      <Trash2 aria-hidden="true" className={onCard ? "h-4 w-4 text-red-700" : "h-4 w-4"} />
      {onCard ? "Delete" : null}
    </Button>
  );
}
