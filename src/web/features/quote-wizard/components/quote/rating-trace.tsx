import { PREMIUM_LINES } from "@domain/quote/premium-lines";
import type { RatingTraceEntry } from "@domain/quote/quote";
import type { WorksheetContext } from "@domain/rating/worksheet";
import { Spinner } from "@web/components/ui/spinner";
import { cn } from "@web/lib/cn";
import { onFirstUse, preload, useFirstUse, useOpenedOnce } from "@web/lib/on-first-use";
import { ChevronRight } from "lucide-react";
import { useState } from "react";

/**
 * The worksheet's rows (with the rating input's labels they are written in) are fetched when the broker comes to
 * "How this premium was built", not with step 7: it starts closed.
 */
const worksheetCode = onFirstUse(() => import("../../lib/worksheet-rows"));

/**
 * The worksheet (docs/product/rating.md): from the base rate through each factor in words to the fees, IPT and total,
 * so a broker can read "why this price?" aloud to the client without asking underwriting.
 */
export function RatingTrace({ trace, context }: { trace: readonly RatingTraceEntry[]; context: WorksheetContext }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const worksheet = useFirstUse(worksheetCode, opened);
  const rows = worksheet?.ratingWorksheet(trace, context);
  return (
    <details
      className="group rounded-md border border-slate-200 bg-slate-50 px-3 py-2"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      {/* The summary is the disclosure's own button: the worksheet's code is fetched as the broker comes to it. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is interactive; the rule does not know it */}
      <summary
        onFocus={() => preload(worksheetCode)}
        onPointerEnter={() => preload(worksheetCode)}
        className="flex cursor-pointer items-center gap-1 rounded text-sm font-medium text-blue-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        <ChevronRight aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-90" />
        How this premium was built
      </summary>
      {rows ? (
        <table className="mt-2 w-full text-left text-xs" aria-label="Rating worksheet">
          <caption className="sr-only">The base rate, each factor applied to it, then fees, tax and total</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 font-semibold">
                Step
              </th>
              <th scope="col" className="py-1 font-semibold">
                Applied
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Multiplier / amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row, index) => (
              <tr
                // Rows repeat neither within a trace nor between renders of one quote; the index keeps keys unique.
                // biome-ignore lint/suspicious/noArrayIndexKey: a worksheet's rows are a fixed, ordered list
                key={index}
                className={cn(
                  row.section === "premium" &&
                    index > 0 &&
                    rows[index - 1]?.section === "rating" &&
                    "border-t-2 border-slate-300",
                )}
              >
                <td className="py-1 pr-2 align-top font-medium text-slate-900">{row.label}</td>
                <td className="py-1 pr-2 align-top text-slate-800">{row.detail}</td>
                <td
                  className={cn(
                    "py-1 text-right align-top tabular-nums whitespace-nowrap text-slate-900",
                    row.label === PREMIUM_LINES.totalPremium.label && "font-semibold",
                  )}
                >
                  {row.value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : opened ? (
        <Spinner label="Loading the worksheet" />
      ) : null}
      <p className="mt-2 text-xs text-slate-600">
        The base rate is multiplied by each factor (within the configured caps); fees and Insurance Premium Tax are then
        added.
      </p>
    </details>
  );
}
