/**
 * The statement of fact: every answer the insured gave across the wizard's seven steps, laid out as the
 * proposal form a broker sends to the insurer and the insured signs. It is the record of the fair
 * presentation of the risk (Insurance Act 2015), so nothing the insured answered is left out.
 */
import { TURNOVER_BANDS } from "../../../domain/constants";
import { excessAmount } from "../../../domain/format/excess";
import { defenceCostsOf, limitBasisOf, limitTermsText } from "../../../domain/format/limit-basis";
import { formatGbp, parseMoneyString } from "../../../domain/money";
import { activitySplitTotal } from "../../../domain/quote/activity-split";
import {
  ACTIVITY_FIELDS,
  ACTIVITY_SPLIT_QUESTIONS,
  CONTRACT_TYPE_FIELDS,
  CONTRACTS_QUESTIONS,
  DECLARATION_DETAILS_QUESTIONS,
  DECLARATION_GROUPS,
  DESIGN_LIABILITY_QUESTIONS,
  FINANCIAL_OVERVIEW_QUESTIONS,
  INSUREDS_DETAILS_QUESTIONS,
  RECURRING_CONTRACT_QUESTIONS,
  RETROACTIVE_COVER_TITLE,
  recordLabel,
  SPECIAL_AREAS,
  sectionDocumentHeading,
  TURNOVER_SPLIT_FIELDS,
} from "../../../domain/quote/catalogue";
import { contractTypeTotal } from "../../../domain/quote/contracts";
import { hasMaterialFacts } from "../../../domain/quote/declaration";
import { turnoverSplitTotal } from "../../../domain/quote/design-liability";
import { ADDITIONAL_COVERS } from "../../../domain/quote/financial-overview";
import type { QuotationOptionsResponse } from "../../../domain/quote/quotation-options";
import { deriveRatingInput, selectionsFromRisk } from "../../../domain/quote/rating-input";
import { brokerChosenBandNote, turnoverBandUsed } from "../../../domain/quote/rating-turnover";
import { retroactiveCoverRecord } from "../../../domain/quote/retroactive-cover";
import { EXCESS_OPTION_LABELS } from "../../../domain/quote/risk";
import { runOffCoverText } from "../../../domain/quote/run-off";
import { TURNOVER_BAND_LABELS } from "../../../domain/quote/turnover-band";
import {
  asExcessOption,
  dateGb,
  insuredsDetailsOf,
  percent,
  pounds,
  productName,
  type QuoteDocumentView,
  text,
  yesNo,
} from "./document-view";
import { INSURER_NAME, PdfWriter } from "./pdf-writer";
import { writeDecisionTerms } from "./terms-section";
import { writeUnderwritersTerms } from "./underwriters-terms";

export const DECLARATION_PARAGRAPHS = [
  "I/We declare that, having made a reasonable search of the information available to me/us, including enquiries of the partners, directors, senior managers and those responsible for arranging insurance, the statements and particulars in this statement of fact are true and complete, and that I/we have not misstated or withheld any material fact.",
  "I/We understand that this statement of fact is the presentation of the risk on which the insurer relies, that I/we must make a fair presentation of the risk as required by the Insurance Act 2015, and that a failure to do so may result in the insurance being avoided, its terms changed or a claim being reduced.",
  "I/We undertake to tell the insurer, through my/our broker, of any material change to these facts before the insurance starts and during the period of insurance.",
  "I/We consent to the insurer and my/our broker using the information in this statement of fact, including any personal data, to underwrite and administer the insurance, handle claims and prevent fraud.",
];

/**
 * 'Quotation options' (asked for with the document): the premium at each cover limit and excess, priced when the
 * document was produced, so the insured sees the alternatives beside what was requested. A cell that would
 * have to go to an underwriter says so in words.
 */
function writeQuotationOptions(writer: PdfWriter, options: QuotationOptionsResponse): void {
  writer.heading("Quotation options");
  writer.paragraph(
    `Total premium (including Insurance Premium Tax) for each limit of indemnity and excess, on the answers above, each limit ${limitTermsText(options.limitBasis, options.defenceCosts)}. The option requested is marked 'requested'; an option marked 'refers' needs an underwriter's agreement before it can be offered.`,
    { muted: true },
  );
  const share = 0.81 / options.excessOptions.length;
  writer.table(
    [
      { header: "Limit of indemnity", width: 0.19 },
      ...options.excessOptions.map((excess) => ({
        header: EXCESS_OPTION_LABELS[excess],
        width: share,
        align: "right" as const,
      })),
    ],
    options.coverLimits.map((limit) => [
      pounds(limit),
      ...options.excessOptions.map((excess) => {
        const cell = options.cells.find((candidate) => candidate.coverLimit === limit && candidate.excess === excess);
        if (!cell) return "-";
        const marks = [cell.current ? "requested" : null, cell.refers ? "refers" : null].filter(Boolean);
        const pence = parseMoneyString(cell.totalPremium);
        const premium = pence === null ? cell.totalPremium : formatGbp(pence);
        return `${premium} (excess ${pounds(cell.excessAmount)})${marks.length > 0 ? ` ${marks.join(", ")}` : ""}`;
      }),
    ]),
  );
}

export async function renderStatementOfFact(view: QuoteDocumentView): Promise<Buffer> {
  const { quote } = view;
  const details = insuredsDetailsOf(quote);
  const writer = new PdfWriter({
    title: "Statement of Fact",
    reference: quote.reference,
    createdAt: view.generatedAt,
    subject: `Statement of fact for ${details.proposerName}`,
    footerNote: `${INSURER_NAME}  |  Statement of fact ${quote.reference}  |  Produced ${dateGb(view.generatedAt)}`,
  });

  writer.titleBand("Statement of Fact", [
    `${productName(quote.productCode)}  |  Reference ${quote.reference}`,
    `Proposer: ${details.proposerName}  |  Produced ${dateGb(view.generatedAt)}`,
    ...(view.renewalOf ? [`Renewal of ${view.renewalOf}`] : []),
  ]);
  writer.paragraph(
    "This statement of fact records the information given to the insurer about the proposer's business. Please check every answer carefully: if anything is wrong or incomplete, tell your broker before the insurance starts. The declaration at the end must be signed by a partner, director or principal.",
    { muted: true },
  );

  writer.heading("Quote");
  writer.keyValues([
    { label: "Reference", value: quote.reference },
    { label: "Product", value: productName(quote.productCode) },
    { label: "Insurer", value: INSURER_NAME },
    { label: "Broker", value: quote.broker ? `${quote.broker.name} (${quote.broker.email})` : "Not recorded" },
    ...(quote.contactEmail ? [{ label: "Contact e-mail", value: quote.contactEmail }] : []),
    { label: "Date produced", value: dateGb(view.generatedAt) },
  ]);

  const insured = INSUREDS_DETAILS_QUESTIONS;
  writer.heading(sectionDocumentHeading("insuredsDetails"));
  writer.keyValues([
    ...(details.isSoleTrader
      ? [
          { label: "Name of the sole trader", value: details.proposerName },
          { label: "Legal status", value: "Sole trader (not incorporated)" },
        ]
      : [{ label: recordLabel(insured.proposerName), value: details.proposerName }]),
    { label: recordLabel(insured.tradingName), value: text(details.tradingName, "None") },
    { label: recordLabel(insured.businessActivity), value: text(details.businessActivity, "Not given") },
    { label: recordLabel(insured.businessAddress), value: text(details.businessAddress, "Not given") },
    details.isSoleTrader
      ? { label: recordLabel(insured.tradingSince), value: dateGb(details.tradingSince) }
      : { label: recordLabel(insured.incorporationDate), value: dateGb(details.incorporationDate) },
    { label: recordLabel(insured.inceptionDate), value: dateGb(details.inceptionDate) },
    { label: recordLabel(insured.numberOfDirectors), value: String(details.numberOfDirectors ?? "Not given") },
    {
      label: recordLabel(insured.numberOfQualifiedStaff),
      value: String(details.numberOfQualifiedStaff ?? "Not given"),
    },
    { label: recordLabel(insured.hasFinancialInterest), value: yesNo(details.hasFinancialInterest) },
    ...(details.hasFinancialInterest
      ? [{ label: recordLabel(insured.financialInterestDetails), value: text(details.financialInterestDetails) }]
      : []),
  ]);

  const overview = quote.financialOverview;
  const financial = FINANCIAL_OVERVIEW_QUESTIONS;
  writer.heading(sectionDocumentHeading("financialOverview"));
  if (overview) {
    writer.keyValues([
      { label: recordLabel(financial.turnover), value: pounds(overview.turnover) },
      { label: recordLabel(financial.largestSingleProjectValue), value: pounds(overview.largestSingleProjectValue) },
      { label: recordLabel(financial.isAllTurnoverUK), value: yesNo(overview.isAllTurnoverUK) },
      ...(overview.isAllTurnoverUK === false
        ? [
            { label: recordLabel(financial.overseasWorkSplit), value: text(overview.overseasWorkSplit) },
            {
              label: recordLabel(financial.hasNonUKJurisdictionWork),
              value: yesNo(overview.hasNonUKJurisdictionWork),
            },
          ]
        : []),
      {
        label: recordLabel(financial.turnoverIncrease20Percent),
        value: yesNo(overview.turnoverIncrease20Percent),
      },
    ]);
  } else {
    writer.paragraph("Not completed.", { muted: true });
  }

  const design = quote.designLiability;
  const designQuestions = DESIGN_LIABILITY_QUESTIONS;
  writer.heading(sectionDocumentHeading("designLiability"));
  if (design) {
    writer.subheading("Split of turnover by design arrangement");
    writer.table(
      [
        { header: "Arrangement", width: 0.8 },
        { header: "Share of turnover", width: 0.2, align: "right" },
      ],
      [
        ...TURNOVER_SPLIT_FIELDS.map((field) => [recordLabel(field), percent(design[field.key])]),
        ["Total", percent(turnoverSplitTotal(design))],
      ],
      { boldLastRow: true },
    );
    writer.keyValues([
      ...(design.turnoverSplitOther > 0
        ? [
            {
              label: recordLabel(designQuestions.turnoverSplitOtherDetails),
              value: text(design.turnoverSplitOtherDetails),
            },
          ]
        : []),
      { label: recordLabel(designQuestions.undertakesWorkForFee), value: yesNo(design.undertakesWorkForFee) },
      ...(design.undertakesWorkForFee
        ? [
            {
              label: recordLabel(designQuestions.feesDesignSupervisory),
              value: pounds(design.feesDesignSupervisory),
            },
            { label: recordLabel(designQuestions.feesOtherWork), value: pounds(design.feesOtherWork) },
            ...(design.feesOtherWork > 0
              ? [
                  {
                    label: recordLabel(designQuestions.feesOtherWorkDetails),
                    value: text(design.feesOtherWorkDetails),
                  },
                ]
              : []),
          ]
        : []),
    ]);
  } else {
    writer.paragraph("Not completed.", { muted: true });
  }

  const activities = quote.activitySplit;
  writer.heading(sectionDocumentHeading("activitySplit"));
  if (activities) {
    writer.table(
      [
        { header: "Professional activity", width: 0.8 },
        { header: "Share of work", width: 0.2, align: "right" },
      ],
      [
        ...ACTIVITY_FIELDS.map((field) => [recordLabel(field), percent(activities[field.key])]),
        ["Total", percent(activitySplitTotal(activities))],
      ],
      { boldLastRow: true },
    );
    if (activities.other > 0) {
      writer.keyValues([
        { label: recordLabel(ACTIVITY_SPLIT_QUESTIONS.otherDetails), value: text(activities.otherDetails) },
      ]);
    }
  } else {
    writer.paragraph("Not completed.", { muted: true });
  }

  const contracts = quote.contracts;
  const contractQuestions = CONTRACTS_QUESTIONS;
  const entry = RECURRING_CONTRACT_QUESTIONS;
  writer.heading(sectionDocumentHeading("contracts"));
  if (contracts) {
    writer.keyValues([
      {
        label: recordLabel(contractQuestions.hasRecurringContracts),
        value: yesNo(contracts.hasRecurringContracts),
      },
    ]);
    if (contracts.hasRecurringContracts && contracts.recurringContracts.length > 0) {
      writer.subheading(recordLabel(contractQuestions.recurringContracts));
      writer.table(
        [
          { header: recordLabel(entry.clientName), width: 0.2 },
          { header: recordLabel(entry.valueToFirm), width: 0.15, align: "right" },
          { header: recordLabel(entry.overallContractValue), width: 0.15, align: "right" },
          { header: recordLabel(entry.scopeOfWork), width: 0.35 },
          { header: recordLabel(entry.startDate), width: 0.15 },
        ],
        contracts.recurringContracts.map((contract) => [
          contract.clientName,
          pounds(contract.valueToFirm),
          contract.overallContractValue === null || contract.overallContractValue === undefined
            ? "Not given"
            : pounds(contract.overallContractValue),
          contract.scopeOfWork,
          dateGb(contract.startDate),
        ]),
      );
    }
    writer.subheading("Split of work by contract type");
    writer.table(
      [
        { header: "Contract type", width: 0.8 },
        { header: "Share of work", width: 0.2, align: "right" },
      ],
      [
        ...CONTRACT_TYPE_FIELDS.map((field) => [recordLabel(field), percent(contracts[field.key])]),
        ["Total", percent(contractTypeTotal(contracts))],
      ],
      { boldLastRow: true },
    );
    writer.subheading(contractQuestions.specialAreaDetails.label);
    writer.paragraph(`Special areas: ${SPECIAL_AREAS.join("; ")}.`, { muted: true });
    writer.keyValues([
      {
        label: recordLabel(contractQuestions.specialAreaDetails),
        value: text(contracts.specialAreaDetails, "None declared"),
      },
      {
        label: recordLabel(contractQuestions.otherContractDetails),
        value: text(contracts.otherContractDetails, "None"),
      },
    ]);
  } else {
    writer.paragraph("Not completed.", { muted: true });
  }

  const declaration = quote.declaration;
  writer.heading(sectionDocumentHeading("declaration"));
  if (declaration) {
    for (const group of DECLARATION_GROUPS) {
      writer.subheading(group.title);
      writer.table(
        [
          { header: "Question", width: 0.85 },
          { header: "Answer", width: 0.15, align: "right" },
        ],
        group.questions.map((question) => [recordLabel(question), yesNo(declaration[question.key])]),
      );
      if (group.detailsField) {
        const answered = declaration[group.detailsField];
        if (group.questions.some((question) => declaration[question.key] === true) || answered) {
          writer.keyValues([
            { label: recordLabel(DECLARATION_DETAILS_QUESTIONS[group.detailsField]), value: text(answered) },
          ]);
        }
      }
    }
    writer.subheading(RETROACTIVE_COVER_TITLE);
    writer.keyValues(retroactiveCoverRecord(declaration));
    if (hasMaterialFacts(declaration) || declaration.comprehensiveDetails) {
      writer.subheading("Additional information");
      writer.keyValues([
        {
          label: recordLabel(DECLARATION_DETAILS_QUESTIONS.comprehensiveDetails),
          value: text(declaration.comprehensiveDetails),
        },
      ]);
    }
  } else {
    writer.paragraph("Not completed.", { muted: true });
  }

  const input = deriveRatingInput(quote, selectionsFromRisk(quote.risk, quote.turnoverBand));
  const excessOption = asExcessOption(input.excessOption);
  const chosen = quote.turnoverBand && TURNOVER_BANDS.includes(quote.turnoverBand) ? quote.turnoverBand : null;
  // The band the premium was rated on: a band chosen below the declared turnover's (before the server refused
  // that) prints as the declared band it was rated in, so the document never contradicts the premium.
  const band = chosen ? turnoverBandUsed(chosen, quote.financialOverview?.turnover) : null;
  const brokerChoice = brokerChosenBandNote(chosen, quote.financialOverview?.turnover);
  writer.heading("7. Cover requested");
  writer.keyValues([
    { label: "Revenue classification", value: band ? TURNOVER_BAND_LABELS[band] : "Not selected" },
    ...(brokerChoice ? [{ label: "Band chosen by the broker", value: brokerChoice }] : []),
    {
      label: "Limit of indemnity",
      value: `${pounds(input.coverLimit)} ${limitTermsText(limitBasisOf(input.limitBasis), defenceCostsOf(input.defenceCosts))}`,
    },
    {
      label: "Excess",
      value: `${pounds(excessAmount(input.coverLimit, excessOption))} each and every claim (${EXCESS_OPTION_LABELS[excessOption]})`,
    },
    {
      label: "Policy period",
      value:
        quote.runOffYears === null
          ? "12 Months"
          : `${runOffCoverText(quote.runOffYears)} from ${dateGb(details.inceptionDate)}, one single premium`,
    },
    ...ADDITIONAL_COVERS.map((cover) => ({
      label: cover.label,
      value: input[cover.flag] ? `Yes, limit ${pounds(input[cover.limit])}` : "Not required",
    })),
  ]);

  if (view.quotationOptions) writeQuotationOptions(writer, view.quotationOptions);

  writeUnderwritersTerms(writer, quote);
  writeDecisionTerms(writer, view.terms);

  writer.heading("Declaration");
  for (const paragraph of DECLARATION_PARAGRAPHS) writer.paragraph(paragraph);
  writer.signatureLines(["Signed", "Name", "Position", "Date"]);
  writer.paragraph(`Signed for and on behalf of ${details.proposerName}.`, { muted: true });

  return writer.finish();
}
