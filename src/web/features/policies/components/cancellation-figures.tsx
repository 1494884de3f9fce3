import { cancellationBasisInWords } from "@domain/quote/cancellation";
import type { CancellationFiguresAnswer } from "@domain/quote/policy-schema";
import { CommissionRows, FiguresBox, money, Row } from "./policy-parts";

/**
 * What cancelling from the chosen date returns, exactly as the server answered it: the premium paid, what the
 * insurer keeps, the premium and IPT returned and their total, the commission the broker gives back on it, and the
 * basis in the notice's words.
 */
export function CancellationFigures({
  figures,
  inceptionDate,
}: {
  figures: CancellationFiguresAnswer;
  inceptionDate: string;
}) {
  return (
    <FiguresBox
      testId="cancellation-figures"
      note={
        <p className="mt-2 text-xs text-slate-600" data-testid="cancellation-basis">
          {cancellationBasisInWords({ ...figures, inceptionDate })}.{" "}
          {figures.daysInForce === 0
            ? "Fees are not returned."
            : "The insurer keeps at least its minimum premium, and fees are not returned."}
        </p>
      }
    >
      <Row label="Premium paid">{money(figures.paid.totalPremium)}</Row>
      <Row label="Premium kept">{money(figures.retainedPremium)}</Row>
      <Row label="Return premium">{money(figures.returnPremium)}</Row>
      <Row label="IPT returned">{money(figures.returnTaxes)}</Row>
      <Row label="Total returned" strong>
        {money(figures.returnTotal)}
      </Row>
      <CommissionRows commission={figures.commission} returned />
    </FiguresBox>
  );
}
