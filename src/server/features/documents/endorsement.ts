/**
 * An endorsement (docs/product/documents.md): 'Endorsement No. n' to a policy, saying what changed, from when, and
 * the additional or return premium with its IPT, exactly as the adjustment stored them.
 */
import { formatGbp } from "../../../domain/money";
import { PREMIUM_LINES } from "../../../domain/quote/premium-lines";
import type { EndorsementView } from "../quotes/adjustment-service";
import { dateGb, productName } from "./document-view";
import { INSURER_NAME, PdfWriter } from "./pdf-writer";

export async function renderEndorsement(view: EndorsementView): Promise<Buffer> {
  const title = `Endorsement No. ${view.endorsement}`;
  const writer = new PdfWriter({
    title,
    reference: view.reference,
    createdAt: new Date(view.generatedAt),
    subject: `${title} to policy ${view.policyNumber} for ${view.insuredName}`,
    footerNote: `${INSURER_NAME}  |  Policy ${view.policyNumber}  |  ${title}  |  Produced ${dateGb(view.generatedAt)}`,
  });
  writer.titleBand(title, [
    `${productName(view.productCode)}  |  Reference ${view.reference}`,
    `Policy number ${view.policyNumber}`,
  ]);
  writer.notice(
    `With effect from ${dateGb(view.effectiveDate)} the policy is amended as below. All other terms, conditions and exclusions remain unchanged.`,
  );

  writer.heading("Policy");
  writer.keyValues([
    { label: "Policy number", value: view.policyNumber },
    { label: "Insurer", value: INSURER_NAME },
    { label: "Insured", value: view.insuredName },
    { label: "Broker", value: view.broker ? `${view.broker.name} (${view.broker.email})` : "Not recorded" },
    {
      label: "Period of insurance",
      value: `From ${dateGb(view.period.from)} to ${dateGb(view.period.to)}, both days inclusive`,
    },
    { label: "Effective from", value: dateGb(view.effectiveDate) },
    { label: "Recorded on", value: dateGb(view.recordedAt) },
  ]);

  writer.heading("What changes");
  writer.table(
    [
      { header: "Answer", width: 0.34 },
      { header: "Was", width: 0.33 },
      { header: "Now", width: 0.33 },
    ],
    view.changes.map((line) => [line.label, line.from, line.to]),
  );

  writer.heading("Premium");
  const returned = view.total < 0;
  const kind = returned ? "Return premium" : "Additional premium";
  const shown = (pence: number) => formatGbp(Math.abs(pence));
  writer.table(
    [
      { header: "", width: 0.7 },
      { header: "Amount", width: 0.3, align: "right" },
    ],
    [
      [kind, shown(view.premium)],
      [`${PREMIUM_LINES.taxes.label}${returned ? " returned" : ""}`, shown(view.taxes)],
      [returned ? "Total returned to the insured" : "Total payable", shown(view.total)],
    ],
    { boldLastRow: true },
  );
  if (view.waived) {
    writer.paragraph("The difference in premium is below the insurer's minimum and is waived.", { muted: true });
  }
  return writer.finish();
}
