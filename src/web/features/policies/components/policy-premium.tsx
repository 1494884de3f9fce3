import type { PolicyView } from "@domain/quote/policy-schema";
import { PREMIUM_LINES } from "@domain/quote/premium-lines";
import { CommissionLines } from "@web/components/quote/commission-lines";
import { money, Row } from "./policy-parts";
import { PolicyTransactions } from "./policy-transactions";

/**
 * The premium the policy was issued at, line by line; what has been paid to date, net of any return; and every
 * transaction behind that figure.
 */
export function PolicyPremium({ policy }: { policy: PolicyView }) {
  const { premium, paidToDate } = policy;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <h3 className="text-sm font-semibold text-slate-900">As issued</h3>
        <dl className="grid gap-1.5 text-sm" data-testid="policy-premium">
          <Row label={PREMIUM_LINES.basePremium.label}>{money(premium.basePremium)}</Row>
          {premium.fees.map((fee) => (
            <Row key={fee.code} label={fee.label}>
              {money(fee.amount)}
            </Row>
          ))}
          <Row label={PREMIUM_LINES.taxes.label}>{money(premium.taxes)}</Row>
          <Row label={PREMIUM_LINES.totalPremium.label} strong>
            {money(premium.totalPremium)}
          </Row>
        </dl>
      </div>
      <dl className="grid gap-1.5 text-sm" data-testid="policy-paid-to-date">
        <Row label="Premium paid to date" strong>
          {money(paidToDate.totalPremium)}
        </Row>
      </dl>
      {policy.commission ? <CommissionLines commission={policy.commission} /> : null}
      <div className="grid gap-1.5">
        <h3 className="text-sm font-semibold text-slate-900">Transactions</h3>
        <PolicyTransactions rows={policy.transactions} runOffYears={policy.period.runOffYears} />
      </div>
    </div>
  );
}
