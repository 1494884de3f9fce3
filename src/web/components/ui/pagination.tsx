import type { PaginationMeta } from "@domain/quote/quote";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

/** "Showing 26-50 of 120" with Previous and Next; hidden when everything fits on one page. */
export function Pagination({
  meta,
  onPageChange,
  label,
}: {
  meta: PaginationMeta;
  onPageChange: (page: number) => void;
  label: string;
}) {
  const pageCount = Math.max(1, Math.ceil(meta.total / meta.pageSize));
  if (meta.total === 0) return null;
  const first = (meta.page - 1) * meta.pageSize + 1;
  const last = Math.min(meta.total, meta.page * meta.pageSize);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm text-slate-700"
    >
      <p>
        Showing {first}-{last} of {meta.total}
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={meta.page <= 1} onClick={() => onPageChange(meta.page - 1)}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Previous
          </Button>
          <span aria-current="page">
            Page {meta.page} of {pageCount}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={meta.page >= pageCount}
            onClick={() => onPageChange(meta.page + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
