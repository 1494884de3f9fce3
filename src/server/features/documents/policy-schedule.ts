/**
 * The policy schedule: the insured, the period, the limit, the excess, the additional covers and the
 * premium with IPT. Until the quote is issued it is a quotation and says so on every page; once issued it
 * carries the policy number.
 */

import { excessAmount } from "../../../domain/format/excess";
import { defenceCostsOf, limitBasisOf, limitTermsText } from "../../../domain/format/limit-basis";
import { formatGbp, parseMoneyString } from "../../../domain/money";
import { INSUREDS_DETAILS_QUESTIONS, recordLabel } from "../../../domain/quote/catalogue";
import { ADDITIONAL_COVERS } from "../../../domain/quote/financial-overview";
import { periodOfInsurance } from "../../../domain/quote/policy-period";
import { PREMIUM_LINES } from "../../../domain/quote/premium-lines";
import { deriveRatingInput, selectionsFromRisk } from "../../../domain/quote/rating-input";
import { retroactiveCoverText } from "../../../domain/quote/retroactive-cover";
import { EXCESS_OPTION_LABELS } from "../../../domain/quote/risk";
import { runOffCoverText, runOffScheduleWording, runOffYearsText } from "../../../domain/quote/run-off";
import { statusLabel } from "../../../domain/quote/status";
import { quoteValidUntil } from "../../../domain/quote/validity";
import { ratingVersionTitle } from "../../../domain/rating/version";
import { shortReceiptHash } from "../../../domain/receipt/short-hash";
import { DC_WORDING } from "./dc-wording-text";
import {
  asExcessOption,
  dateGb,
  insuredsDetailsOf,
  pounds,
  productName,
  type QuoteDocumentView,
  text,
} from "./document-view";
import { INSURER_NAME, PdfWriter } from "./pdf-writer";
import { writeDecisionTerms } from "./terms-section";
import { writeUnderwritersTerms } from "./underwriters-terms";

function money(amount: string | null): string {
  const pence = amount === null ? null : parseMoneyString(amount);
  return pence === null ? "-" : formatGbp(pence);
}

/** How the single premium was reached, from the policy's last annual base premium when it was quoted from one. */
function runOffBasisText(annualBasePremium: string | null): string {
  return annualBasePremium === null ? "" : `, from the last annual base premium of ${money(annualBasePremium)}`;
}

/** IPT as a percentage of the premium it is charged on, e.g. 12 or 12.5. */
function taxRatePercent(subtotalPence: number, taxesPence: number): string {
  if (subtotalPence <= 0) return "";
  const rate = Math.round((taxesPence * 1_000) / subtotalPence) / 10;
  return ` at ${rate}%`;
}

/** One line on how anyone can check the premium (docs/product/receipts.md "Verifying"). */
export const RECEIPT_VERIFY_TEXT =
  "Anyone can rate this premium again: ask your broker for the rating receipt (GET /api/quotes/{id}/receipt) and run node verify-receipt.mjs receipt.json, which says verified when the premium follows from the answers and the rating version; the receipt's hash starts with the characters above.";

export async function renderPolicySchedule(view: QuoteDocumentView): Promise<Buffer> {
  const { quote } = view;
  const details = insuredsDetailsOf(quote);
  const issued = quote.status === "ISSUED" && quote.policyNumber !== null;
  const writer = new PdfWriter({
    title: issued ? "Policy Schedule" : "Quotation Schedule",
    reference: quote.reference,
    createdAt: view.generatedAt,
    subject: `Policy schedule for ${details.proposerName}`,
    footerNote: issued
      ? `${INSURER_NAME}  |  Policy ${quote.policyNumber}  |  Produced ${dateGb(view.generatedAt)}`
      : `${INSURER_NAME}  |  QUOTATION ONLY - not evidence of cover  |  Produced ${dateGb(view.generatedAt)}`,
    ...(issued ? {} : { watermark: "QUOTATION" }),
  });

  writer.titleBand(issued ? "Policy Schedule" : "Policy Schedule - Quotation", [
    `${productName(quote.productCode)}  |  Reference ${quote.reference}`,
    issued ? `Policy number ${quote.policyNumber}` : `Status: ${statusLabel(quote.status, "wizard")}`,
    ...(view.renewalOf ? [`Renewal of ${view.renewalOf}`] : []),
  ]);

  if (!issued) {
    const until = quoteValidUntil(quote);
    const validUntil = until ? dateGb(until) : null;
    writer.notice(
      `QUOTATION - NOT EVIDENCE OF COVER. This schedule sets out the terms on which ${INSURER_NAME} is prepared to insure. Cover starts only when the quotation is accepted and the policy is issued with a policy number.${validUntil ? ` This quotation is valid until ${validUntil}.` : ""}`,
      "warning",
    );
  }
  if (quote.status === "REFERRED" || quote.status === "UW_REQUESTED") {
    writer.notice(
      `Subject to underwriter review. ${quote.referralReason ? `Referral reasons: ${quote.referralReason}.` : "The broker has asked for an underwriter's review."}`,
      "warning",
    );
  }

  writer.heading("Policy");
  writer.keyValues([
    { label: "Quote reference", value: quote.reference },
    {
      label: "Policy number",
      value: issued && quote.policyNumber ? quote.policyNumber : "Allocated when the policy is issued",
    },
    { label: "Insurer", value: INSURER_NAME },
    { label: "Product", value: productName(quote.productCode) },
    { label: "Policy wording", value: `${DC_WORDING.title}, ${DC_WORDING.edition}` },
    { label: "Broker", value: quote.broker ? `${quote.broker.name} (${quote.broker.email})` : "Not recorded" },
    ...(issued && quote.issuedAt ? [{ label: "Issued on", value: dateGb(quote.issuedAt) }] : []),
  ]);

  writer.heading("The Insured");
  writer.keyValues([
    { label: "Insured", value: details.isSoleTrader ? `${details.proposerName}, a sole trader` : details.proposerName },
    ...(details.tradingName ? [{ label: "Trading as", value: details.tradingName }] : []),
    ...(details.isSoleTrader && details.tradingSince
      ? [{ label: recordLabel(INSUREDS_DETAILS_QUESTIONS.tradingSince), value: dateGb(details.tradingSince) }]
      : []),
    { label: "Address", value: text(details.businessAddress, "Not given") },
    { label: "Professional Business", value: text(details.businessActivity, "As described in the statement of fact") },
  ]);

  const runOffYears = quote.runOffYears;
  const period = periodOfInsurance(details.inceptionDate, runOffYears ?? 1);
  const input = deriveRatingInput(quote, selectionsFromRisk(quote.risk, quote.turnoverBand));
  const excessOption = asExcessOption(input.excessOption);
  const worldwide = input.isAllTurnoverUK === false;
  writer.heading("Cover");
  writer.keyValues([
    {
      label: "Period of insurance",
      value: `From ${dateGb(period.from)} to ${dateGb(period.to)}, both days inclusive (${runOffYears === null ? "12 months" : runOffCoverText(runOffYears)})`,
    },
    ...(runOffYears === null
      ? []
      : [{ label: "Run-off cover", value: runOffScheduleWording(runOffYears, details.inceptionDate) }]),
    {
      label: "Limit of indemnity",
      value: `${pounds(input.coverLimit)} ${limitTermsText(limitBasisOf(input.limitBasis), defenceCostsOf(input.defenceCosts))}`,
    },
    {
      label: "Excess",
      value: `${pounds(excessAmount(input.coverLimit, excessOption))} each and every claim, including defence costs (${EXCESS_OPTION_LABELS[excessOption]})`,
    },
    { label: "Basis of cover", value: "Claims made and notified during the period of insurance" },
    {
      label: "Retroactive date",
      value: `${retroactiveCoverText(quote.declaration, details.inceptionDate)}, subject to Exclusion 4.2`,
    },
    {
      label: "Territorial limits",
      value: worldwide
        ? "Great Britain, Northern Ireland, the Channel Islands and the Isle of Man; work elsewhere only as declared in the statement of fact and agreed by the insurer"
        : "Great Britain, Northern Ireland, the Channel Islands and the Isle of Man",
    },
    {
      label: "Jurisdiction",
      value: input.hasNonUKJurisdictionWork
        ? "Courts of the territorial limits; other jurisdictions only as agreed by the insurer in writing"
        : "Courts of the territorial limits",
    },
  ]);

  writer.heading("Additional covers");
  const covers = ADDITIONAL_COVERS.filter((cover) => input[cover.flag]);
  if (covers.length > 0) {
    writer.table(
      [
        { header: "Cover", width: 0.65 },
        { header: "Limit", width: 0.35, align: "right" },
      ],
      covers.map((cover) => [cover.label, pounds(input[cover.limit])]),
    );
  } else {
    writer.paragraph("No additional covers selected.", { muted: true });
  }

  writer.heading("Premium");
  const base = quote.basePremium === null ? null : parseMoneyString(quote.basePremium);
  const taxes = quote.taxes === null ? null : parseMoneyString(quote.taxes);
  if (base === null || taxes === null || quote.totalPremium === null) {
    writer.notice("This quote has not been rated yet: the premium will be shown once it has been calculated.");
  } else {
    const feesPence = quote.fees.reduce((sum, fee) => sum + (parseMoneyString(fee.amount) ?? 0), 0);
    const subtotal = base + feesPence;
    writer.table(
      [
        { header: "Premium", width: 0.7 },
        { header: "Amount", width: 0.3, align: "right" },
      ],
      [
        [
          `${PREMIUM_LINES.basePremium.documentLabel}${quote.premiumOverridden ? " (set by manual override)" : ""}`,
          money(quote.basePremium),
        ],
        ...quote.fees.map((fee) => [fee.label, money(fee.amount)]),
        [PREMIUM_LINES.subtotal.label, formatGbp(subtotal)],
        [`${PREMIUM_LINES.taxes.label}${taxRatePercent(subtotal, taxes)}`, money(quote.taxes)],
        [PREMIUM_LINES.totalPremium.documentLabel, money(quote.totalPremium)],
      ],
      { boldLastRow: true },
    );
    if (runOffYears !== null) {
      writer.paragraph(
        `One single premium for the whole run-off period of ${runOffYearsText(runOffYears)}${runOffBasisText(quote.runOffAnnualPremium)}.`,
      );
    }
    writer.keyValues([
      {
        label: "Rating version",
        value: view.ratingVersion
          ? ratingVersionTitle(view.ratingVersion)
          : quote.ratingVersionId
            ? "Not recorded"
            : "Not rated",
      },
      ...(quote.ratedAt ? [{ label: "Rated on", value: dateGb(quote.ratedAt) }] : []),
      ...(view.receiptHash ? [{ label: "Rating receipt", value: shortReceiptHash(view.receiptHash) }] : []),
    ]);
    if (view.receiptHash) writer.paragraph(RECEIPT_VERIFY_TEXT);
  }

  writeUnderwritersTerms(writer, quote);
  writeDecisionTerms(writer, view.terms);

  writer.heading("Important");
  writer.paragraph(
    `This schedule forms part of, and must be read together with, the ${DC_WORDING.title} policy wording (${DC_WORDING.edition}) and the statement of fact for ${quote.reference}. Please check it carefully and tell your broker at once if anything is incorrect: the insurance is based on the information in the statement of fact.`,
  );
  writer.paragraph(
    "Claims and circumstances must be notified as soon as reasonably practicable and within 30 days, as Part 5 of the wording explains.",
  );

  return writer.finish();
}
