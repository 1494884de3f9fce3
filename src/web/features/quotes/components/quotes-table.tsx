import { formatRelativeTime } from "@domain/format/relative-time";
import { formatGbp, parseMoneyString } from "@domain/money";
import { isQuoteDataComplete } from "@domain/quote/completeness";
import { dashboardRowActions } from "@domain/quote/lifecycle";
import type { Quote } from "@domain/quote/quote";
import { DocumentDownloadMenu } from "@web/components/documents/document-download-menu";
import { EmailPackageButton } from "@web/components/documents/email-package-button";
import { HandOverButton } from "@web/components/firm/hand-over-button";
import { QuoteStatusBadge } from "@web/components/quote/quote-status-badge";
import { QuoteValidityNote } from "@web/components/quote/quote-validity";
import { Button } from "@web/components/ui/button";
import { CardList, CardListField, CardListFields, CardListHeader, CardListItem } from "@web/components/ui/card-list";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { Tooltip } from "@web/components/ui/tooltip";
import { paths } from "@web/config/paths";
import { MD_QUERY, useMediaQuery } from "@web/hooks/use-media-query";
import { rememberedQuoteStep } from "@web/lib/last-quote-step";
import { CircleCheck, FileText, Pencil, Play } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { QuoteRow } from "../api/get-quotes";
import { ReviewAction, RowDecision } from "./row-decision";
import { RowQuestion } from "./row-question";

function premiumText(totalPremium: string | null | undefined): string {
  if (!totalPremium) return "-";
  const pence = parseMoneyString(totalPremium);
  return pence === null ? "-" : formatGbp(pence);
}

/**
 * Binding is the quote wizard's (its confirmation and request are written once, there); the dashboard screen hands
 * it to the rows, since one feature never reaches into another.
 */
export type IssueActionSlot = (quote: Quote) => ReactNode;

function RowActions({ row, issueAction }: { row: QuoteRow; issueAction: IssueActionSlot | undefined }) {
  const { quote } = row;
  const actions = dashboardRowActions(quote.status, isQuoteDataComplete(quote));
  if (actions.issuedLabel) {
    return (
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-violet-800">
          <CircleCheck aria-hidden="true" className="h-4 w-4" />
          Issued
        </span>
        {quote.policyNumber ? (
          <Button asChild size="sm" variant="outline">
            <Link href={paths.policy(quote.policyNumber)} aria-label={`View policy ${quote.policyNumber}`}>
              <FileText aria-hidden="true" className="h-3.5 w-3.5" />
              View policy
            </Link>
          </Button>
        ) : null}
        <HandOverButton quote={quote} />
      </div>
    );
  }
  const documentQuote = { id: quote.id, reference: quote.reference, proposerName: quote.proposerName };
  // Continue and Edit reopen the step the broker last had open here; otherwise the wizard picks one.
  const lastStep = rememberedQuoteStep(quote.id);
  const wizardPath = lastStep ? paths.quoteStep(quote.id, lastStep) : paths.quote(quote.id);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ReviewAction quote={quote} />
      {issueAction?.(quote)}
      {actions.continue ? (
        <Button asChild size="sm" variant="primary">
          <Link href={wizardPath} aria-label={`Continue ${quote.reference}`}>
            <Play aria-hidden="true" className="h-3.5 w-3.5" />
            Continue
          </Link>
        </Button>
      ) : null}
      {actions.edit ? (
        <Tooltip content={`Edit ${quote.reference}`}>
          <Button asChild size="icon" variant="outline">
            <Link href={wizardPath} aria-label={`Edit ${quote.reference}`}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
            </Link>
          </Button>
        </Tooltip>
      ) : null}
      {actions.downloadMenu ? <DocumentDownloadMenu quote={documentQuote} /> : null}
      {actions.emailPackage ? <EmailPackageButton quote={documentQuote} /> : null}
      <HandOverButton quote={quote} />
    </div>
  );
}

/** The status badge with the decision and the validity or policy number under it. */
function RowStatus({ row, now }: { row: QuoteRow; now: Date }) {
  return (
    <>
      <QuoteStatusBadge status={row.quote.status} />
      <RowDecision quote={row.quote} />
      <RowQuestion quote={row.quote} />
      <QuoteValidityNote quote={row.quote} now={now} className="mt-1" />
    </>
  );
}

function RowUpdated({ row, now }: { row: QuoteRow; now: Date }) {
  return <time dateTime={row.quote.updatedAt}>{formatRelativeTime(new Date(row.quote.updatedAt), now)}</time>;
}

function RowCompany({ row }: { row: QuoteRow }) {
  return (
    <>
      <div className="font-medium text-slate-900">{row.quote.proposerName}</div>
      <div className="text-xs break-all text-slate-600">{row.quote.contactEmail ?? ""}</div>
    </>
  );
}

function RowBroker({ row }: { row: QuoteRow }) {
  return (
    <>
      <div>{row.broker?.name ?? "N/A"}</div>
      <div className="text-xs break-all text-slate-600">{row.broker?.email ?? ""}</div>
    </>
  );
}

/**
 * The dashboard's quotes: a table from md up, and below it one card per quote with the same parts and
 * actions, since eight columns cannot fit a phone without the page scrolling sideways.
 */
export function QuotesTable({
  rows,
  now,
  issueAction,
}: {
  rows: readonly QuoteRow[];
  now: Date;
  /** 'Issue Policy' for a row, shown where the life cycle allows it. */
  issueAction?: IssueActionSlot;
}) {
  const wide = useMediaQuery(MD_QUERY);
  return wide ? (
    <QuotesGrid rows={rows} now={now} issueAction={issueAction} />
  ) : (
    <QuoteCards rows={rows} now={now} issueAction={issueAction} />
  );
}

type RowsProps = { rows: readonly QuoteRow[]; now: Date; issueAction: IssueActionSlot | undefined };

function QuoteCards({ rows, now, issueAction }: RowsProps) {
  return (
    <CardList label="Quotes">
      {rows.map((row) => (
        <CardListItem key={row.quote.id} data-testid="quote-row" data-reference={row.quote.reference}>
          <CardListHeader figure={premiumText(row.quote.totalPremium)} figureLabel="Premium">
            <div className="font-mono text-xs font-semibold">{row.quote.reference}</div>
            <RowCompany row={row} />
          </CardListHeader>
          <CardListFields>
            <CardListField label="Broker">
              <RowBroker row={row} />
            </CardListField>
            <CardListField label="Product">{row.quote.productCode}</CardListField>
            <CardListField label="Status">
              <RowStatus row={row} now={now} />
            </CardListField>
            <CardListField label="Updated" className="text-slate-700">
              <RowUpdated row={row} now={now} />
            </CardListField>
          </CardListFields>
          <RowActions row={row} issueAction={issueAction} />
        </CardListItem>
      ))}
    </CardList>
  );
}

function QuotesGrid({ rows, now, issueAction }: RowsProps) {
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeaderCell>Reference</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell>Broker</TableHeaderCell>
          <TableHeaderCell>Product</TableHeaderCell>
          <TableHeaderCell className="text-right">Premium</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Updated</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.quote.id} data-testid="quote-row" data-reference={row.quote.reference}>
            <TableCell className="font-mono text-xs font-semibold whitespace-nowrap">{row.quote.reference}</TableCell>
            <TableCell>
              <RowCompany row={row} />
            </TableCell>
            <TableCell>
              <RowBroker row={row} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{row.quote.productCode}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {premiumText(row.quote.totalPremium)}
            </TableCell>
            <TableCell>
              <RowStatus row={row} now={now} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-slate-700">
              <RowUpdated row={row} now={now} />
            </TableCell>
            <TableCell>
              <RowActions row={row} issueAction={issueAction} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
