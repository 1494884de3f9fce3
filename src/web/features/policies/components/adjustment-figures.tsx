import { parseMoneyString } from "@domain/money";
import type { AdjustmentFiguresAnswer } from "@domain/quote/policy-schema";
import { CommissionRows, FiguresBox, Row, moneySize as size } from "./policy-parts";

/** An additional premium is charged, a return paid back; a change that moves nothing says so. */
function wording(total: string) {
  const pence = parseMoneyString(total) ?? 0;
  if (pence > 0) return { premium: "Additional premium", taxes: "IPT", total: "Total to pay" };
  if (pence < 0) return { premium: "Return premium", taxes: "IPT returned", total: "Total returned" };
  return { premium: "Premium change", taxes: "IPT", total: "Total" };
}

/**
 * What a change does, exactly as the server answered it: each answer that changes (was and now), the year's
 * premium before and after, the days left, and the additional or return premium for them with its IPT and the
 * broker's commission on it; then whether it is waived and why it needs an underwriter.
 */
export function AdjustmentFigures({ figures }: { figures: AdjustmentFiguresAnswer }) {
  const words = wording(figures.total);
  return (
    <div className="grid gap-2">
      <ul className="grid gap-1 text-sm" aria-label="What changes" data-testid="adjustment-changes">
        {figures.changes.map((change) => (
          <li key={change.label} className="break-words">
            <span className="font-medium text-slate-900">{change.label}:</span>{" "}
            <span className="text-slate-700">
              was {change.from}, now {change.to}
            </span>
          </li>
        ))}
      </ul>
      <FiguresBox
        testId="adjustment-figures"
        note={
          figures.waived ? (
            <p className="mt-2 text-xs text-slate-600" data-testid="adjustment-waived">
              Waived: the difference is under the policy's threshold, so nothing is charged or returned.
            </p>
          ) : (
            <p className="mt-2 text-xs text-slate-600">Fees do not change.</p>
          )
        }
      >
        <Row label="Year's premium before">{size(figures.annualBefore)}</Row>
        <Row label="Year's premium after">{size(figures.annualAfter)}</Row>
        <Row label="Days remaining">
          {figures.daysRemaining} of {figures.daysInPeriod} days
        </Row>
        <Row label={words.premium}>{size(figures.premium)}</Row>
        <Row label={words.taxes}>{size(figures.taxes)}</Row>
        <Row label={words.total} strong>
          {size(figures.total)}
          {figures.waived ? " (waived)" : ""}
        </Row>
        <CommissionRows commission={figures.commission} returned={(parseMoneyString(figures.total) ?? 0) < 0} />
      </FiguresBox>
      {figures.referralReasons.length > 0 ? (
        <div
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="adjustment-referral"
        >
          <p className="font-medium">This change needs an underwriter:</p>
          <ul className="mt-1 list-disc pl-5">
            {figures.referralReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
