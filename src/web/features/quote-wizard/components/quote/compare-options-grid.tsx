import { EXCESS_OPTION_LABELS } from "@domain/format/excess";
import type { LimitTerms } from "@domain/format/limit-basis";
import { formatGbp, formatGbpWhole, parseMoneyString, poundsToPence } from "@domain/money";
import type { QuotationOptionCellResponse } from "@domain/quote/quotation-options";
import type { Quote } from "@domain/quote/quote";
import type { ExcessOption } from "@domain/rating/input";
import { focusRing } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessageOf } from "@web/lib/api-client";
import { cn } from "@web/lib/cn";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useQuotationOptions } from "../../api/get-quotation-options";
import { LimitTermsFields } from "./limit-terms";

function pounds(amount: number): string {
  return formatGbpWhole(poundsToPence(amount));
}

function premiumText(cell: QuotationOptionCellResponse): string {
  const pence = parseMoneyString(cell.totalPremium);
  return pence === null ? cell.totalPremium : formatGbp(pence);
}

function OptionCellButton({
  cell,
  disabled,
  onChoose,
}: {
  cell: QuotationOptionCellResponse;
  disabled: boolean;
  onChoose: (cell: QuotationOptionCellResponse) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={cell.current}
      disabled={disabled || cell.current}
      onClick={() => onChoose(cell)}
      title={cell.refers ? cell.referralHits.map((hit) => hit.description).join("; ") : undefined}
      className={cn(
        "grid w-full min-w-[6.5rem] justify-items-start gap-0.5 rounded-md border px-2.5 py-2 text-left text-sm",
        "enabled:hover:border-slate-400 enabled:hover:bg-slate-50 disabled:cursor-default",
        cell.current ? "border-blue-600 bg-blue-50 ring-1 ring-blue-600" : "border-slate-200 bg-white",
        focusRing,
      )}
    >
      {/* Read as one sentence: "£500,000 cover limit, Excess (2x), premium £1,000.00, excess £3,000, Refers to an underwriter". */}
      <span className="sr-only">
        {pounds(cell.coverLimit)} cover limit, {EXCESS_OPTION_LABELS[cell.excess]}, premium{" "}
      </span>
      <span className="font-semibold text-slate-900 tabular-nums">{premiumText(cell)}</span>
      <span className="text-xs text-slate-600 tabular-nums">
        <span className="sr-only">, </span>Excess {pounds(cell.excessAmount)}
      </span>
      {cell.current ? (
        <span className="flex items-center gap-1 text-xs font-medium text-blue-800">
          <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only">, </span>Current choice
        </span>
      ) : null}
      {cell.refers ? (
        <span className="flex items-center gap-1 text-xs font-medium text-amber-800">
          <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only">, </span>Refers<span className="sr-only"> to an underwriter</span>
        </span>
      ) : null}
    </button>
  );
}

function OptionsGrid({
  cells,
  coverLimits,
  excessOptions,
  disabled,
  onChoose,
}: {
  cells: readonly QuotationOptionCellResponse[];
  coverLimits: readonly number[];
  excessOptions: readonly ExcessOption[];
  disabled: boolean;
  onChoose: (cell: QuotationOptionCellResponse) => void;
}) {
  const cellAt = (limit: number, excess: ExcessOption) =>
    cells.find((cell) => cell.coverLimit === limit && cell.excess === excess);
  return (
    <>
      {/* A table from sm up; below it each cover limit is a block of its three excess options. */}
      <table className="hidden w-full border-collapse text-sm sm:table">
        <caption className="sr-only">Total premium by cover limit and excess</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-2 text-left text-xs font-semibold text-slate-600 uppercase">
              Cover limit
            </th>
            {excessOptions.map((excess) => (
              <th
                key={excess}
                scope="col"
                className="px-2 py-2 text-left text-xs font-semibold text-slate-600 uppercase"
              >
                {EXCESS_OPTION_LABELS[excess]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {coverLimits.map((limit) => (
            <tr key={limit} className="border-t border-slate-100">
              <th scope="row" className="px-2 py-2 text-left font-medium whitespace-nowrap text-slate-900 tabular-nums">
                {pounds(limit)}
              </th>
              {excessOptions.map((excess) => {
                const cell = cellAt(limit, excess);
                return (
                  <td key={excess} className="px-1.5 py-1.5">
                    {cell ? <OptionCellButton cell={cell} disabled={disabled} onChoose={onChoose} /> : "-"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid gap-3 sm:hidden">
        {coverLimits.map((limit) => (
          <section key={limit} aria-label={`${pounds(limit)} cover limit`} className="grid gap-1.5">
            <h3 className="text-sm font-semibold text-slate-900 tabular-nums">{pounds(limit)} cover limit</h3>
            <div className="grid grid-cols-3 gap-1.5">
              {excessOptions.map((excess) => {
                const cell = cellAt(limit, excess);
                return cell ? (
                  <div key={excess} className="grid gap-0.5">
                    <span className="text-[11px] text-slate-600">{EXCESS_OPTION_LABELS[excess]}</span>
                    <OptionCellButton cell={cell} disabled={disabled} onChoose={onChoose} />
                  </div>
                ) : null;
              })}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

/**
 * The inside of 'Compare options': the server's prices for every cover limit and excess, and the choice of one.
 * Its own chunk, fetched when the broker comes to the button, not with step 7.
 */
export function ComparedOptions({
  quote,
  open,
  disabled,
  onChoose,
}: {
  quote: Quote;
  open: boolean;
  disabled: boolean;
  onChoose: (cell: QuotationOptionCellResponse, terms: LimitTerms) => void;
}) {
  // The grid opens on the quote's own basis; switching it prices the grid afresh without changing the quote.
  const [terms, setTerms] = useState<LimitTerms>({
    limitBasis: quote.limitBasis,
    defenceCosts: quote.defenceCosts,
  });
  const options = useQuotationOptions(quote.id, quote.version, open, terms);
  return (
    <>
      <div className="mb-3">
        <LimitTermsFields value={terms} disabled={false} idPrefix="options" onChange={setTerms} />
      </div>
      {options.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner /> Pricing the options...
        </p>
      ) : options.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessageOf(options.error)}
        </p>
      ) : (
        <div className="grid gap-3">
          <OptionsGrid
            cells={options.data.cells}
            coverLimits={options.data.coverLimits}
            excessOptions={options.data.excessOptions}
            disabled={disabled}
            onChoose={(cell) => onChoose(cell, terms)}
          />
          <p className="flex items-start gap-1.5 text-xs text-slate-700">
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0 text-amber-700" />
            Refers: at that cover limit and excess the quote would need an underwriter's review.
          </p>
        </div>
      )}
    </>
  );
}
