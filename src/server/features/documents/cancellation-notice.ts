/**
 * The cancellation notice (docs/product/documents.md): the policy, the date cover ends, the reason, and the
 * premium paid, kept and returned, exactly as the cancellation stored them, so the notice, the policy screen and
 * the bordereau agree to the penny.
 */
import { formatGbp } from "../../../domain/money";
import { cancellationBasisInWords } from "../../../domain/quote/cancellation";
import { PREMIUM_LINES } from "../../../domain/quote/premium-lines";
import type { CancellationNoticeView } from "../quotes/cancellation-service";
import { dateGb, productName } from "./document-view";
import { INSURER_NAME, PdfWriter } from "./pdf-writer";

export async function renderCancellationNotice(view: CancellationNoticeView): Promise<Buffer> {
  const writer = new PdfWriter({
    title: "Cancellation Notice",
    reference: view.reference,
    createdAt: new Date(view.generatedAt),
    subject: `Cancellation of policy ${view.policyNumber} for ${view.insured.name}`,
    footerNote: `${INSURER_NAME}  |  Policy ${view.policyNumber}  |  Produced ${dateGb(view.generatedAt)}`,
  });
  const { cancellation } = view;

  writer.titleBand("Cancellation Notice", [
    `${productName(view.productCode)}  |  Reference ${view.reference}`,
    `Policy number ${view.policyNumber}`,
  ]);
  writer.notice(
    `Policy ${view.policyNumber} is cancelled from ${dateGb(cancellation.effectiveDate)}. There is no cover for claims first made or circumstances first notified on or after that date.`,
    "warning",
  );

  writer.heading("Policy");
  writer.keyValues([
    { label: "Policy number", value: view.policyNumber },
    { label: "Insurer", value: INSURER_NAME },
    { label: "Product", value: productName(view.productCode) },
    { label: "Insured", value: view.insured.isSoleTrader ? `${view.insured.name}, a sole trader` : view.insured.name },
    ...(view.insured.tradingName ? [{ label: "Trading as", value: view.insured.tradingName }] : []),
    { label: "Address", value: view.insured.address ?? "Not given" },
    { label: "Broker", value: view.broker ? `${view.broker.name} (${view.broker.email})` : "Not recorded" },
    {
      label: "Period of insurance",
      value: `From ${dateGb(view.period.from)} to ${dateGb(view.period.to)}, both days inclusive`,
    },
  ]);

  writer.heading("Cancellation");
  writer.keyValues([
    { label: "Cancelled from", value: dateGb(cancellation.effectiveDate) },
    { label: "Reason", value: cancellation.reason },
    { label: "Recorded on", value: dateGb(cancellation.recordedAt) },
    {
      label: "Return premium basis",
      value: cancellationBasisInWords({
        ...cancellation,
        inceptionDate: view.period.from,
      }),
    },
  ]);

  writer.heading("Premium");
  writer.table(
    [
      { header: "", width: 0.7 },
      { header: "Amount", width: 0.3, align: "right" },
    ],
    [
      [`${PREMIUM_LINES.totalPremium.documentLabel} paid`, formatGbp(view.paid.totalPremium)],
      [`${PREMIUM_LINES.basePremium.documentLabel} paid`, formatGbp(view.paid.basePremium)],
      [`${PREMIUM_LINES.basePremium.documentLabel} kept`, formatGbp(view.retainedPremium)],
      ["Return premium", formatGbp(view.returnPremium)],
      [`${PREMIUM_LINES.taxes.label} returned`, formatGbp(view.returnTaxes)],
      ["Total returned to the insured", formatGbp(view.returnTotal)],
    ],
    { boldLastRow: true },
  );
  writer.paragraph("Fees are not returned. Any return premium is paid through your broker.", { muted: true });

  return writer.finish();
}
