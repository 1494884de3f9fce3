import { CircleCheck, Pencil, Play } from "lucide-react";
import { Link } from "wouter";
import { formatRelativeTime } from "../../../../domain/format/relative-time";
import { formatGbp, parseMoneyString } from "../../../../domain/money";
import { isQuoteDataComplete } from "../../../../domain/quote/completeness";
import { dashboardRowActions } from "../../../../domain/quote/lifecycle";
import { Button } from "../../../components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "../../../components/ui/table";
import { Tooltip } from "../../../components/ui/tooltip";
import { paths } from "../../../config/paths";
import { rememberedQuoteStep } from "../../../lib/last-quote-step";
import { DocumentDownloadMenu } from "../../documents/components/document-download-menu";
import { EmailPackageButton } from "../../documents/components/email-package-button";
import { QuoteValidityNote } from "../../quote-wizard/components/quote/quote-validity";
import type { QuoteRow } from "../api/get-quotes";
import { QuoteStatusBadge } from "./quote-status-badge";
import { ReviewAction, RowDecision } from "./row-decision";

function premiumText(totalPremium: string | null | undefined): string {
  if (!totalPremium) return "-";
  const pence = parseMoneyString(totalPremium);
  return pence === null ? "-" : formatGbp(pence);
}

function RowActions({ row }: { row: QuoteRow }) {
  const { quote } = row;
  const actions = dashboardRowActions(quote.status, isQuoteDataComplete(quote));
  if (actions.issuedLabel) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-violet-800">
        <CircleCheck aria-hidden="true" className="h-4 w-4" />
        Issued
      </span>
    );
  }
  const documentQuote = { id: quote.id, reference: quote.reference, proposerName: quote.proposerName };
  // Continue and Edit reopen the step the broker last had open here; otherwise the wizard picks one.
  const lastStep = rememberedQuoteStep(quote.id);
  const wizardPath = lastStep ? paths.quoteStep(quote.id, lastStep) : paths.quote(quote.id);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ReviewAction quote={quote} />
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
    </div>
  );
}

export function QuotesTable({ rows, now }: { rows: readonly QuoteRow[]; now: Date }) {
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
              <div className="font-medium text-slate-900">{row.quote.proposerName}</div>
              <div className="text-xs text-slate-600">{row.quote.contactEmail ?? ""}</div>
            </TableCell>
            <TableCell>
              <div>{row.broker?.name ?? "N/A"}</div>
              <div className="text-xs text-slate-600">{row.broker?.email ?? ""}</div>
            </TableCell>
            <TableCell className="whitespace-nowrap">{row.quote.productCode}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {premiumText(row.quote.totalPremium)}
            </TableCell>
            <TableCell>
              <QuoteStatusBadge status={row.quote.status} />
              <RowDecision quote={row.quote} />
              <QuoteValidityNote quote={row.quote} now={now} className="mt-1" />
            </TableCell>
            <TableCell className="whitespace-nowrap text-slate-700">
              <time dateTime={row.quote.updatedAt}>{formatRelativeTime(new Date(row.quote.updatedAt), now)}</time>
            </TableCell>
            <TableCell>
              <RowActions row={row} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
