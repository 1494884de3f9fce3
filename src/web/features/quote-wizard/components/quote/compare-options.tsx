import type { LimitTerms } from "@domain/format/limit-basis";
import type { QuotationOptionCellResponse } from "@domain/quote/quotation-options";
import type { Quote } from "@domain/quote/quote";
import type { ExcessOption } from "@domain/rating/input";
import { Button } from "@web/components/ui/button";
import { Dialog } from "@web/components/ui/dialog";
import { Spinner } from "@web/components/ui/spinner";
import { onFirstUse, preload, useFirstUse } from "@web/lib/on-first-use";
import { Columns3 } from "lucide-react";
import { useState } from "react";

/** The grid and its request: asked for when a pointer comes over the button or it takes focus. */
const gridCode = onFirstUse(() => import("./compare-options-grid"));

/**
 * 'Compare options' on step 7 (docs/product/screens.md): the quote priced at every cover limit and excess
 * option by the server. Choosing a cell closes the grid and re-rates the quote with that limit and excess
 * through step 7's own rating (which asks first when the quote would be reopened).
 */
export function CompareOptions({
  quote,
  readOnly,
  busy,
  onChoose,
}: {
  quote: Quote;
  readOnly: boolean;
  busy: boolean;
  onChoose: (coverLimit: number, excess: ExcessOption, terms: LimitTerms) => void;
}) {
  const [open, setOpen] = useState(false);
  const Grid = useFirstUse(gridCode, open);
  const choose = (cell: QuotationOptionCellResponse, terms: LimitTerms) => {
    setOpen(false);
    onChoose(cell.coverLimit, cell.excess, terms);
  };
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        onFocus={() => preload(gridCode)}
        onPointerEnter={() => preload(gridCode)}
        disabled={busy}
      >
        <Columns3 aria-hidden="true" className="h-4 w-4" />
        Compare options
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Compare options"
        description={
          readOnly
            ? "Total premium (inclusive) for each cover limit and excess, on the limit basis and defence costs chosen."
            : "Total premium (inclusive) for each cover limit and excess, on the limit basis and defence costs chosen. Choose one to re-rate the quote with it."
        }
        className="w-[min(calc(100vw-1rem),46rem)] max-sm:p-3"
      >
        {Grid ? (
          <Grid.ComparedOptions quote={quote} open={open} disabled={readOnly || busy} onChoose={choose} />
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> Pricing the options...
          </p>
        )}
      </Dialog>
    </>
  );
}
