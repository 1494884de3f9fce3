import { DEFAULT_PAGE_SIZE } from "@domain/constants";
import { formatDateGb, todayInLondon } from "@domain/format/dates";
import { formatGbp, parseMoneyString } from "@domain/money";
import { expiryText } from "@domain/quote/renewal";
import type { RenewalDue } from "@domain/quote/renewal-schema";
import { Button } from "@web/components/ui/button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/card";
import { CardList, CardListHeader, CardListItem } from "@web/components/ui/card-list";
import { Pagination } from "@web/components/ui/pagination";
import { Spinner } from "@web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { toast } from "@web/components/ui/toast-store";
import { paths } from "@web/config/paths";
import { MD_QUERY, useMediaQuery } from "@web/hooks/use-media-query";
import { errorMessageOf } from "@web/lib/api-client";
import { cn } from "@web/lib/cn";
import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { useRenewalsDue } from "../api/get-renewals-due";
import { useRenewPolicy } from "../api/renew-policy";

function premiumText(totalPremium: string | null): string {
  const pence = totalPremium ? parseMoneyString(totalPremium) : null;
  return pence === null ? "-" : formatGbp(pence);
}

/** 'Renew', or once renewed a link to the renewal: a policy is renewed once (docs/product/life-cycle.md). */
function RenewAction({ row }: { row: RenewalDue }) {
  const renew = useRenewPolicy();
  const [, navigate] = useLocation();
  if (row.renewal) {
    return (
      <Link href={paths.quote(row.renewal.id)} className="text-sm font-medium text-blue-700 underline">
        Renewal {row.renewal.reference}
      </Link>
    );
  }
  return (
    <Button
      size="sm"
      variant="primary"
      disabled={renew.isPending}
      aria-label={`Renew ${row.policyNumber ?? row.reference}`}
      onClick={() =>
        renew.mutate(row.id, {
          onSuccess: (renewal) => {
            toast({ title: "Renewal created", description: `Quote ${renewal.reference} renews ${row.policyNumber}` });
            // The declaration is answered again first: the renewal opens on step 6.
            navigate(paths.quoteStep(renewal.id, 6));
          },
          onError: (error) =>
            toast({ title: "Renewal Error", description: errorMessageOf(error), variant: "destructive" }),
        })
      }
    >
      <RefreshCw aria-hidden="true" className="h-3.5 w-3.5" />
      {renew.isPending ? "Renewing..." : "Renew"}
    </Button>
  );
}

/** The policy number opens the policy screen; on a phone it is a 40 px target like the card's buttons. */
function PolicyLink({ row, className }: { row: RenewalDue; className?: string }) {
  if (!row.policyNumber) return null;
  return (
    <Link
      href={paths.policy(row.policyNumber)}
      aria-label={`View policy ${row.policyNumber}`}
      className={cn("font-mono text-xs font-semibold text-blue-700 underline", className)}
    >
      {row.policyNumber}
    </Link>
  );
}

function Expiry({ row, today }: { row: RenewalDue; today: string }) {
  return (
    <>
      <time dateTime={row.expiryDate}>{formatDateGb(row.expiryDate)}</time>
      <div className={row.expiryDate < today ? "text-xs text-red-700" : "text-xs text-slate-600"}>
        {expiryText(row.expiryDate, today)}
      </div>
    </>
  );
}

function DueGrid({ rows, today }: { rows: readonly RenewalDue[]; today: string }) {
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeaderCell>Policy number</TableHeaderCell>
          <TableHeaderCell>Insured</TableHeaderCell>
          <TableHeaderCell>Expiry date</TableHeaderCell>
          <TableHeaderCell className="text-right">Premium</TableHeaderCell>
          <TableHeaderCell>Action</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="renewal-row" data-policy-number={row.policyNumber ?? ""}>
            <TableCell className="whitespace-nowrap">
              <PolicyLink row={row} />
            </TableCell>
            <TableCell>
              <div className="font-medium text-slate-900">{row.proposerName}</div>
              <div className="text-xs text-slate-600">{row.broker?.name ?? ""}</div>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <Expiry row={row} today={today} />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{premiumText(row.totalPremium)}</TableCell>
            <TableCell>
              <RenewAction row={row} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DueCards({ rows, today }: { rows: readonly RenewalDue[]; today: string }) {
  return (
    <CardList label="Renewals due">
      {rows.map((row) => (
        <CardListItem key={row.id} data-testid="renewal-row" data-policy-number={row.policyNumber ?? ""}>
          <CardListHeader figure={premiumText(row.totalPremium)} figureLabel="Premium">
            <PolicyLink row={row} className="inline-flex min-h-10 items-center break-all" />
            <div className="font-medium text-slate-900">{row.proposerName}</div>
          </CardListHeader>
          <div className="flex items-end justify-between gap-3 text-sm">
            <div>
              <span className="sr-only">Expiry date </span>
              <Expiry row={row} today={today} />
            </div>
            <RenewAction row={row} />
          </div>
        </CardListItem>
      ))}
    </CardList>
  );
}

/**
 * 'Renewals due' on the dashboard (docs/product/screens.md): issued policies from 60 days before their last day
 * of cover to 30 days after it, a broker's own or, for an underwriter, all, a page at a time with the dashboard's
 * pager. Hidden while there are none.
 */
export function RenewalsDueCard({ now }: { now: Date }) {
  const [page, setPage] = useState(1);
  const due = useRenewalsDue(true, page, DEFAULT_PAGE_SIZE);
  const wide = useMediaQuery(MD_QUERY);
  const meta = due.data?.meta;
  const rowCount = due.data?.data.length ?? 0;
  // Policies leave the list as days pass: a page that is now beyond the last moves back to the last.
  useEffect(() => {
    if (meta && rowCount === 0 && meta.total > 0) setPage(Math.ceil(meta.total / meta.pageSize));
  }, [meta, rowCount]);
  if (due.isPending) return null;
  if (due.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Renewals due could not be loaded: {errorMessageOf(due.error)}
      </p>
    );
  }
  const { data, meta: shown } = due.data;
  // Nothing due, or a page past the last while the effect above moves back.
  if (data.length === 0) return null;
  const today = todayInLondon(now);
  return (
    <Card aria-labelledby="renewals-due-title">
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle id="renewals-due-title">Renewals due</CardTitle>
          {due.isFetching && !due.isPending ? <Spinner className="h-4 w-4" label="Updating" /> : null}
        </div>
        <span className="text-sm text-slate-600">
          {shown.total} {shown.total === 1 ? "policy" : "policies"}
        </span>
      </CardHeader>
      {wide ? <DueGrid rows={data} today={today} /> : <DueCards rows={data} today={today} />}
      <Pagination meta={shown} onPageChange={setPage} label="Renewals due pages" />
    </Card>
  );
}
