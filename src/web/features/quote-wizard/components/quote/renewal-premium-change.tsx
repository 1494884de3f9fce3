import { formatGbp, parseMoneyString } from "@domain/money";
import type { Quote } from "@domain/quote/quote";
import { renewalPremiumChange } from "@domain/quote/renewal";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { paths } from "@web/config/paths";
import { Link } from "wouter";
import { RenewedPolicyLink } from "./renewed-policy-link";

function signedGbp(pence: number): string {
  if (pence === 0) return formatGbp(0);
  return `${pence > 0 ? "+" : "-"}${formatGbp(Math.abs(pence))}`;
}

function signedPercent(percent: number | null): string {
  if (percent === null) return "";
  return ` (${percent > 0 ? "+" : ""}${percent.toFixed(1)}%)`;
}

/**
 * On a renewal, last year's premium beside this year's with the change in pounds and per cent
 * (docs/product/screens.md step 7), and until it is saved again, that the declaration still needs answering.
 */
export function RenewalPremiumChange({ quote }: { quote: Quote }) {
  const renewed = quote.renewalOf;
  if (!renewed) return null;
  const lastYear = renewed.totalPremium ? parseMoneyString(renewed.totalPremium) : null;
  const thisYear = quote.totalPremium ? parseMoneyString(quote.totalPremium) : null;
  const change = lastYear !== null && thisYear !== null ? renewalPremiumChange(lastYear, thisYear) : null;
  return (
    <Card aria-labelledby="renewal-premium-title" data-testid="renewal-premium-change">
      <CardHeader>
        <CardTitle id="renewal-premium-title">
          Renewal of <RenewedPolicyLink renewed={renewed} />
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <dl className="grid gap-1">
          <div className="flex justify-between gap-3">
            <dt>Last year's premium</dt>
            <dd className="tabular-nums">{lastYear === null ? "-" : formatGbp(lastYear)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>This year's premium</dt>
            <dd className="tabular-nums">{thisYear === null ? "-" : formatGbp(thisYear)}</dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold text-slate-900">
            <dt>Change</dt>
            <dd className="tabular-nums">
              {change ? `${signedGbp(change.changePence)}${signedPercent(change.changePercent)}` : "-"}
            </dd>
          </div>
        </dl>
        {quote.declarationConfirmed ? null : (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950">
            The declaration is last year's answers.{" "}
            <Link href={paths.quoteStep(quote.id, 6)} className="font-medium underline">
              Review step 6 and save it
            </Link>{" "}
            before completing this renewal.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
