import { formatAdjustment } from "@domain/format/counter-offer";
import { formatDateTimeGb } from "@domain/format/dates";
import type { Quote } from "@domain/quote/quote";
import { decisionInWords } from "@domain/underwriting/history";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Gavel } from "lucide-react";

const TONES = { APPROVED: "success", COUNTER: "warning", DECLINED: "danger" } as const;

/**
 * What the underwriter decided on this quote, for the broker (ADR 0030): the decision, the adjustment as a
 * percentage, the note, by whom and when. Nothing while no decision stands.
 */
export function DecisionSummary({ quote }: { quote: Quote | null | undefined }) {
  if (!quote?.decision) return null;
  const who = quote.decidedBy?.name ?? "An underwriter";
  return (
    <Card data-testid="decision-summary">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gavel aria-hidden="true" className="h-4 w-4 text-slate-600" />
          Underwriter decision
        </CardTitle>
        <Badge tone={TONES[quote.decision]}>{decisionInWords(quote.decision, quote.adjustmentMultiplier)}</Badge>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs text-slate-600">Decided by</dt>
            <dd className="font-medium text-slate-900">
              {who}
              {quote.decidedAt ? `, ${formatDateTimeGb(quote.decidedAt)}` : ""}
            </dd>
          </div>
          {quote.decision === "COUNTER" && quote.adjustmentMultiplier !== null ? (
            <div>
              <dt className="text-xs text-slate-600">Adjustment to the base premium</dt>
              <dd className="font-medium text-slate-900">{formatAdjustment(quote.adjustmentMultiplier)}</dd>
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <dt className="text-xs text-slate-600">Underwriter's note</dt>
            <dd className="whitespace-pre-line text-slate-900">{quote.uwNote?.trim() || "No note given"}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
