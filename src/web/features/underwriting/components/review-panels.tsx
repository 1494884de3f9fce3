import { Clock, FileText, Send } from "lucide-react";
import { counterOfferPremium, formatAdjustment } from "../../../../domain/format/counter-offer";
import { formatDateTimeGb } from "../../../../domain/format/dates";
import { formatGbp, parseMoneyString, sumPence } from "../../../../domain/money";
import type { Quote } from "../../../../domain/quote/quote";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

function pence(amount: string | null | undefined): number | null {
  return amount ? parseMoneyString(amount) : null;
}

/**
 * The premium a counter offer would give (SPEC.md §9 formula, from the domain); null when the quote has no
 * rated premium. Approve and Decline leave the premium as it is.
 */
export function finalPremiumPence(quote: Quote, multiplier: number): number | null {
  const basePence = pence(quote.basePremium);
  const taxesPence = pence(quote.taxes);
  if (basePence === null || taxesPence === null) return null;
  const feesPence = sumPence(quote.fees.map((fee) => pence(fee.amount) ?? 0));
  return counterOfferPremium({ basePence, feesPence, taxesPence, multiplier }).totalPremium;
}

export function PremiumSummary({ quote, multiplier }: { quote: Quote; multiplier: number }) {
  const original = pence(quote.totalPremium);
  const final = finalPremiumPence(quote, multiplier);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Premium Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-1.5 text-sm">
          <div className="flex justify-between gap-3">
            <dt>Original Premium</dt>
            <dd className="tabular-nums">{original === null ? "-" : formatGbp(original)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>Adjustment</dt>
            <dd className="tabular-nums">{formatAdjustment(multiplier)}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-1.5 font-semibold text-slate-900">
            <dt>Final Premium</dt>
            <dd className="tabular-nums">{final === null ? "-" : formatGbp(final)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

export function QuoteHistory({ quote }: { quote: Quote }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quote History</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 text-sm">
          <li className="flex gap-2">
            <FileText aria-hidden="true" className="mt-0.5 h-4 w-4 text-slate-500" />
            <div>
              <p className="font-medium text-slate-900">Quote created</p>
              <p className="text-xs text-slate-600">{formatDateTimeGb(quote.createdAt)}</p>
            </div>
          </li>
          {quote.referredAt ? (
            <li className="flex gap-2">
              <Send aria-hidden="true" className="mt-0.5 h-4 w-4 text-slate-500" />
              <div>
                <p className="font-medium text-slate-900">Referred for underwriting</p>
                <p className="text-xs text-slate-600">{formatDateTimeGb(quote.referredAt)}</p>
              </div>
            </li>
          ) : null}
          <li className="flex gap-2">
            <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 text-blue-800" />
            <div className="flex items-center gap-2">
              <p className="font-medium text-slate-900">Under review</p>
              <Badge tone="info">Now</Badge>
            </div>
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
