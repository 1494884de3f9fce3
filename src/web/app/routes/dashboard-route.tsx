import { DEFAULT_PAGE_SIZE } from "@domain/constants";
import { QUOTE_STATUSES, statusLabel } from "@domain/quote/status";
import { FilePlus2, Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link } from "wouter";
import { AppLayout } from "../../components/layout/app-layout";
import { Button } from "../../components/ui/button";
import { Card, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Pagination } from "../../components/ui/pagination";
import { Select } from "../../components/ui/select";
import { FullPageSpinner, Spinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { IssuePolicyAction } from "../../features/quote-wizard/components/quote/issue-policy-action";
import { useQuotes } from "../../features/quotes/api/get-quotes";
import { QuoteStatsPanel } from "../../features/quotes/components/quote-stats";
import { QuotesTable } from "../../features/quotes/components/quotes-table";
import { useRenewalsDue } from "../../features/renewals/api/get-renewals-due";
import { RenewalsDueCard } from "../../features/renewals/components/renewals-due-card";
import { QueueSummary } from "../../features/underwriting/components/queue-summary";
import { useDebouncedValue } from "../../hooks/use-debounced-value";
import { useNow } from "../../hooks/use-now";
import { pageTitle, usePageTitle } from "../../hooks/use-page-title";
import { useMe } from "../../lib/api/get-me";
import { errorMessageOf } from "../../lib/api-client";

/** A pause after the last key before searching, so a broker typing a name sends one request. */
const SEARCH_DEBOUNCE_MS = 300;
const ANY_STATUS = "ALL";

const STATUS_FILTER_OPTIONS = [
  { value: ANY_STATUS, label: "All statuses" },
  ...QUOTE_STATUSES.map((status) => ({ value: status, label: statusLabel(status, "wizard") })),
];

export default function DashboardRoute() {
  usePageTitle(pageTitle("Dashboard"));
  const me = useMe();
  const now = useNow();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState(ANY_STATUS);
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const quotes = useQuotes({
    q,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    ...(status === ANY_STATUS ? {} : { status }),
  });
  // The list is the screen's heaviest drawing: done as a transition, in slices, so a phone answers a tap meanwhile.
  const list = useDeferredValue(quotes.data);
  const canCreateQuotes = me.data?.role === "BROKER" || me.data?.role === "UNDERWRITER";
  // 'Renewals due' shows only when there are some, above the search and the list: those wait until it is known
  // whether it shows, so they appear where they stay instead of being pushed down by it (no layout shift).
  const renewalsDue = useRenewalsDue(canCreateQuotes, 1, DEFAULT_PAGE_SIZE);
  const belowRenewalsReady = !canCreateQuotes || !renewalsDue.isPending;

  return (
    <AppLayout>
      <div className="grid gap-5">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Dashboard</h1>
          <p className="text-sm text-slate-600">Manage your quotes and track performance</p>
        </div>
        {me.data?.role === "UNDERWRITER" ? <QueueSummary /> : null}
        <QuoteStatsPanel />
        {canCreateQuotes ? <RenewalsDueCard now={now} /> : null}
        {belowRenewalsReady ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <div className="relative min-w-64 flex-1">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-500"
                />
                <Input
                  type="search"
                  aria-label="Search quotes"
                  placeholder="Search quotes by reference, company, broker, or product"
                  className="pl-9"
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setPage(1);
                  }}
                />
              </div>
              <div className="w-48">
                <Select
                  aria-label="Filter by status"
                  value={status}
                  onValueChange={(value) => {
                    setStatus(value);
                    setPage(1);
                  }}
                  options={STATUS_FILTER_OPTIONS}
                />
              </div>
            </div>
            <Card>
              <CardHeader>
                <div className="flex items-center gap-2">
                  <CardTitle>Recent Quotes</CardTitle>
                  {quotes.isFetching && !quotes.isPending ? <Spinner className="h-4 w-4" label="Updating" /> : null}
                </div>
                {canCreateQuotes ? (
                  <Button asChild size="sm">
                    <Link href={paths.quoteNew}>
                      <FilePlus2 aria-hidden="true" className="h-4 w-4" />
                      New Quote
                    </Link>
                  </Button>
                ) : null}
              </CardHeader>
              {quotes.isError ? (
                <p role="alert" className="px-4 py-6 text-sm text-red-700">
                  {errorMessageOf(quotes.error)}
                </p>
              ) : list === undefined ? (
                <FullPageSpinner label="Loading quotes" />
              ) : list.rows.length === 0 ? (
                <div className="px-4 py-10 text-center">
                  <p className="font-medium text-slate-900">No quotes found</p>
                  <p className="mt-1 text-sm text-slate-600">Create your first quote to get started</p>
                </div>
              ) : (
                <>
                  <QuotesTable
                    rows={list.rows}
                    now={now}
                    issueAction={(quote) => (
                      <IssuePolicyAction quote={quote} now={now} size="sm" label={`Issue Policy ${quote.reference}`} />
                    )}
                  />
                  <Pagination meta={list.meta} onPageChange={setPage} label="Quote pages" />
                </>
              )}
            </Card>
          </>
        ) : null}
      </div>
    </AppLayout>
  );
}
