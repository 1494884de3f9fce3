import { POLICY_PERIOD_LABEL } from "@domain/constants";
import { EXCESS_OPTION_LABELS, excessAmount } from "@domain/format/excess";
import { DEFENCE_COSTS_SHORT, LIMIT_BASIS_LABELS, type LimitTerms } from "@domain/format/limit-basis";
import { formatGbp, formatGbpWhole, poundsToPence } from "@domain/money";
import { PREMIUM_LINES } from "@domain/quote/premium-lines";
import type { QuoteCommission, RatingTraceEntry } from "@domain/quote/quote";
import { runOffCoverText } from "@domain/quote/run-off";
import type { ExcessOption } from "@domain/rating/input";
import type { WorksheetContext } from "@domain/rating/worksheet";
import { CommissionLines } from "@web/components/quote/commission-lines";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { cn } from "@web/lib/cn";
import type { PremiumLines } from "./premium-lines";
import { RatingTrace } from "./rating-trace";

function Line({
  label,
  value,
  strong,
  className,
}: {
  label: string;
  value: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex justify-between gap-3", strong && "font-semibold text-slate-900", className)}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** docs/product/screens.md step 7's Premium Calculation card, with how the premium was built underneath. */
export function PremiumCard({
  lines,
  coverLimit,
  excess,
  terms,
  updating,
  trace,
  turnover,
  runOffYears = null,
  commission = null,
}: {
  lines: PremiumLines | null;
  coverLimit: number;
  excess: ExcessOption;
  /** The limit basis and defence costs the shown premium was rated on (the stored quote's). */
  terms: LimitTerms | null;
  updating: boolean;
  trace: readonly RatingTraceEntry[];
  /** The declared turnover and the turnover it was rated on, so the worksheet can say which band was rated. */
  turnover: Pick<WorksheetContext, "declaredTurnover" | "ratedTurnover">;
  /** A run-off's period in years (its single premium covers them all); null for annual cover. */
  runOffYears?: number | null;
  /** The broker's commission on the rated premium; null when there is none (no firm) or no rating yet. */
  commission?: QuoteCommission | null;
}) {
  return (
    <Card aria-busy={updating}>
      <CardHeader>
        <CardTitle>Premium Calculation</CardTitle>
        {updating ? (
          <span role="status" className="inline-flex items-center gap-2 text-xs text-slate-600">
            <Spinner className="h-4 w-4" label="Updating" />
            Updating quote calculation...
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {lines ? (
          <dl className="grid gap-1.5" aria-label="Premium breakdown">
            <Line label={PREMIUM_LINES.basePremium.label} value={formatGbp(lines.basePremium)} />
            {lines.fees.length > 0 ? (
              <div>
                <dt className="text-slate-600">Fees</dt>
                <dd>
                  <dl className="mt-1 grid gap-1 border-l-2 border-slate-100 pl-3">
                    {lines.fees.map((fee) => (
                      <Line key={fee.code} label={fee.label} value={formatGbp(fee.amount)} />
                    ))}
                  </dl>
                </dd>
              </div>
            ) : null}
            <Line
              label={PREMIUM_LINES.subtotal.label}
              value={formatGbp(lines.subtotal)}
              className="border-t border-slate-100 pt-1.5"
            />
            <Line label={PREMIUM_LINES.taxes.label} value={formatGbp(lines.taxes)} />
            <Line
              label={PREMIUM_LINES.totalPremium.label}
              value={formatGbp(lines.totalPremium)}
              strong
              className="border-t border-slate-200 pt-1.5 text-base"
            />
          </dl>
        ) : (
          <p className="rounded-md bg-slate-50 px-3 py-4 text-center text-slate-600">
            Premium calculation will appear here once quote is rated
          </p>
        )}
        {lines && commission ? (
          <CommissionLines commission={commission} className="border-t border-slate-100 pt-3" />
        ) : null}
        <dl className="grid gap-1.5 border-t border-slate-100 pt-3">
          <Line label="Cover Limit" value={formatGbpWhole(poundsToPence(coverLimit))} />
          <Line
            label={EXCESS_OPTION_LABELS[excess]}
            value={formatGbpWhole(poundsToPence(excessAmount(coverLimit, excess)))}
          />
          {terms ? (
            <>
              <Line label="Limit basis" value={LIMIT_BASIS_LABELS[terms.limitBasis]} />
              <Line label="Defence costs" value={DEFENCE_COSTS_SHORT[terms.defenceCosts]} />
            </>
          ) : null}
          <Line
            label="Policy Period"
            value={runOffYears === null ? POLICY_PERIOD_LABEL : runOffCoverText(runOffYears)}
          />
        </dl>
        {lines && trace.length > 0 ? <RatingTrace trace={trace} context={{ ...turnover, premium: lines }} /> : null}
      </CardContent>
    </Card>
  );
}
