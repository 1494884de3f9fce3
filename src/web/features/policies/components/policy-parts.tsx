import { COMMISSION_LABELS, commissionLineLabel } from "@domain/format/commission";
import { formatGbp, parseMoneyString } from "@domain/money";
import type { QuoteCommission } from "@domain/quote/quote";
import type { ReactNode } from "react";

/** A money string from the API as the product shows money ("£1,234.56", a return "-£1,234.56"); "-" when none. */
export function money(amount: string | null): string {
  const pence = amount === null ? null : parseMoneyString(amount);
  return pence === null ? "-" : formatGbp(pence);
}

/** An amount's size as the product shows money, where its label says which way it goes ("Return premium"). */
export function moneySize(amount: string): string {
  return formatGbp(Math.abs(parseMoneyString(amount) ?? 0));
}

/** A label and its value, the value allowed to wrap so a long address never widens the page. */
export function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? "flex justify-between gap-3 border-t border-slate-200 pt-1.5 font-semibold text-slate-900"
          : "flex justify-between gap-3"
      }
    >
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right break-words whitespace-pre-line text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The figures a dialog shows before a change is confirmed, exactly as the server answered them: label and amount
 * rows, the last one the total, and any words under them.
 */
export function FiguresBox({ testId, children, note }: { testId: string; children: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid={testId}>
      <dl className="grid gap-1.5 text-sm">{children}</dl>
      {note}
    </div>
  );
}

/**
 * Under a change's total: the broker's commission on it at the policy's rate and the net premium after it, as the
 * policy screen and the bordereau will count them once the change is made. A return gives commission back, and the
 * broker is returned the rest. Nothing for a policy with no commission.
 */
export function CommissionRows({ commission, returned }: { commission: QuoteCommission | null; returned: boolean }) {
  if (!commission) return null;
  const name = returned ? COMMISSION_LABELS.commissionReturned : COMMISSION_LABELS.commission;
  return (
    <>
      <Row label={commissionLineLabel(commission, name)}>{moneySize(commission.amount)}</Row>
      <Row label={returned ? COMMISSION_LABELS.netReturned : COMMISSION_LABELS.netPremium} strong>
        {moneySize(commission.netPremium)}
      </Row>
    </>
  );
}
