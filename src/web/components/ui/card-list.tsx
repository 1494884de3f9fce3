import type { HTMLAttributes, LiHTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * A table's rows as a column of cards, for windows below the md breakpoint where the table's columns would
 * make the page scroll sideways. Each card holds the row's values and actions, labelled where a value alone
 * would not say what it is.
 */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {children}
    </ul>
  );
}

export function CardListItem({ className, ...props }: LiHTMLAttributes<HTMLLIElement>) {
  return <li className={cn("grid gap-2 px-4 py-3", className)} {...props} />;
}

/**
 * The card's first line: what the row is (reference, name) on the left and its headline value on the right,
 * named for screen readers by `figureLabel` ('Premium'), since a figure alone does not say what it is.
 */
export function CardListHeader({
  children,
  figure,
  figureLabel,
}: {
  children: ReactNode;
  figure?: ReactNode;
  figureLabel?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">{children}</div>
      {figure === undefined ? null : (
        <div className="shrink-0 text-right text-sm font-semibold tabular-nums">
          {figureLabel ? <span className="sr-only">{figureLabel} </span> : null}
          {figure}
        </div>
      )}
    </div>
  );
}

/** The rest of the row's values, each under the name of its column. */
export function CardListFields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">{children}</dl>;
}

/** One value with its column's name; `wide` puts a long value (a list of reasons) under its name, full width. */
export function CardListField({
  label,
  wide = false,
  className,
  children,
}: {
  label: string;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt className={cn("text-slate-600", wide && "col-span-2")}>{label}</dt>
      <dd className={cn("min-w-0", wide && "col-span-2", className)}>{children}</dd>
    </>
  );
}

/** The row's actions; below md every button is at least 40 px high, a target for a finger (ui/button.tsx). */
export function CardListActions({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-wrap items-center gap-2", className)} {...props} />;
}
