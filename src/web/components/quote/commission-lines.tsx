import { COMMISSION_LABELS, commissionLineLabel } from "@domain/format/commission";
import { formatGbp, parseMoneyString } from "@domain/money";
import type { QuoteCommission } from "@domain/quote/quote";
import { cn } from "@web/lib/cn";

const amount = (money: string) => formatGbp(parseMoneyString(money) ?? 0);

/**
 * The broker's commission beside a premium (docs/product/firms.md "Commission"): the rate and amount, and the net
 * premium the broker remits. Shown to brokers and underwriters, never printed on the client's documents.
 */
export function CommissionLines({ commission, className }: { commission: QuoteCommission; className?: string }) {
  return (
    <dl className={cn("grid gap-1.5 text-sm", className)} aria-label={COMMISSION_LABELS.title} data-testid="commission">
      <div className="flex justify-between gap-3">
        <dt>{commissionLineLabel(commission)}</dt>
        <dd className="tabular-nums">{amount(commission.amount)}</dd>
      </div>
      <div className="flex justify-between gap-3 font-semibold text-slate-900">
        <dt>{COMMISSION_LABELS.netPremium}</dt>
        <dd className="tabular-nums">{amount(commission.netPremium)}</dd>
      </div>
    </dl>
  );
}
