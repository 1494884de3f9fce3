import { formatDateTimeGb } from "@domain/format/dates";
import { decideQuoteAction } from "@domain/quote/lifecycle";
import type { Quote } from "@domain/quote/quote";
import { decisionInWords } from "@domain/underwriting/history";
import { Button } from "@web/components/ui/button";
import { paths } from "@web/config/paths";
import { useMe } from "@web/lib/api/get-me";
import { ClipboardCheck } from "lucide-react";
import { Link } from "wouter";

/**
 * The underwriter's decision under a row's status (ADR 0030): what was decided, by whom and when, and the
 * note, so the broker reads it without opening the quote.
 */
export function RowDecision({ quote }: { quote: Quote }) {
  if (!quote.decision) return null;
  const note = quote.uwNote?.trim();
  return (
    <div className="mt-1 grid max-w-56 gap-0.5 text-xs text-slate-700" data-testid="row-decision">
      <span className="font-semibold text-slate-900">
        {decisionInWords(quote.decision, quote.adjustmentMultiplier)}
      </span>
      <span>
        by {quote.decidedBy?.name ?? "an underwriter"}
        {quote.decidedAt ? `, ${formatDateTimeGb(quote.decidedAt)}` : ""}
      </span>
      {note ? <span className="line-clamp-2 italic">"{note}"</span> : null}
    </div>
  );
}

/** Review, for an underwriter on a quote awaiting their decision: the same rule the server decides by. */
export function ReviewAction({ quote }: { quote: Pick<Quote, "id" | "reference" | "status"> }) {
  const me = useMe();
  const role = me.data?.role;
  if (!role) return null;
  const may = decideQuoteAction({ action: "decide", status: quote.status, role, isOwner: false });
  if (!may.allowed) return null;
  return (
    <Button asChild size="sm" variant="primary">
      <Link href={paths.underwriterReview(quote.id)} aria-label={`Review ${quote.reference}`}>
        <ClipboardCheck aria-hidden="true" className="h-3.5 w-3.5" />
        Review
      </Link>
    </Button>
  );
}
