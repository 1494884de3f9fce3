import { DEFAULT_PAGE_SIZE } from "@domain/constants";
import { formatDateTimeGb } from "@domain/format/dates";
import { formatGbp, parseMoneyString } from "@domain/money";
import { type UnderwriterQueueItem, type UnderwriterQueueResponse, waitingTime } from "@domain/underwriting/queue";
import { QUEUE_VIEW_LABELS, QUEUE_VIEWS, type QueueView, targetInWords } from "@domain/underwriting/response-target";
import { QuoteStatusBadge } from "@web/components/quote/quote-status-badge";
import { Button, focusRing } from "@web/components/ui/button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/card";
import {
  CardList,
  CardListActions,
  CardListField,
  CardListFields,
  CardListHeader,
  CardListItem,
} from "@web/components/ui/card-list";
import { Pagination } from "@web/components/ui/pagination";
import { FullPageSpinner, Spinner } from "@web/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { paths } from "@web/config/paths";
import { MD_QUERY, useMediaQuery } from "@web/hooks/use-media-query";
import { useNow } from "@web/hooks/use-now";
import { useMe } from "@web/lib/api/get-me";
import { errorMessageOf } from "@web/lib/api-client";
import { cn } from "@web/lib/cn";
import { AlertTriangle, ClipboardCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { useUnderwriterQueue } from "../api/get-underwriter-queue";
import { type AuthorityChoice, AuthorityFilterSelect, NeedsHigherAuthorityMark } from "./authority-filter";
import { AwaitingBrokerMark, AwaitingBrokerToggle } from "./awaiting-broker";
import { OverdueSubjectivities } from "./overdue-subjectivities";
import { PolicyChangesQueue } from "./policy-changes-queue";

function premiumText(totalPremium: string | null): string {
  const pence = totalPremium ? parseMoneyString(totalPremium) : null;
  return pence === null ? "-" : formatGbp(pence);
}

function ItemBroker({ item }: { item: UnderwriterQueueItem }) {
  return (
    <>
      <div>{item.broker?.name ?? "N/A"}</div>
      <div className="text-xs text-slate-600">{item.broker?.email ?? ""}</div>
    </>
  );
}

function ItemReasons({ item }: { item: UnderwriterQueueItem }) {
  if (item.referralReasons.length === 0) {
    return <span className="text-sm text-slate-600">Review requested by the broker</span>;
  }
  return (
    <ul className="grid gap-1 text-sm text-slate-800">
      {item.referralReasons.map((reason) => (
        <li key={reason} className="flex gap-1.5">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0 text-amber-700" />
          {reason}
        </li>
      ))}
    </ul>
  );
}

/** How long it has waited, and by when the underwriters aim to decide it: overdue ones say so in red. */
function ItemWaiting({ item, now }: { item: UnderwriterQueueItem; now: Date }) {
  if (!item.referredAt) return "-";
  return (
    <div className="grid gap-0.5">
      <time dateTime={item.referredAt} title={formatDateTimeGb(item.referredAt)}>
        {waitingTime(item.referredAt, now)}
      </time>
      {item.respondBy ? (
        <span
          data-testid="queue-target"
          className={cn("text-xs", item.overdue ? "font-semibold text-red-700" : "text-slate-600")}
        >
          {item.overdue ? "Overdue since " : "Respond by "}
          <time dateTime={item.respondBy}>{formatDateTimeGb(item.respondBy)}</time>
        </span>
      ) : null}
    </div>
  );
}

/** The views of the queue, each with how many it holds. */
function QueueViews({
  show,
  meta,
  onShow,
}: {
  show: QueueView;
  meta: UnderwriterQueueResponse["meta"] | undefined;
  onShow: (view: QueueView) => void;
}) {
  const counts: Record<QueueView, number | undefined> = { all: meta?.waiting, overdue: meta?.overdue };
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Show</legend>
      {QUEUE_VIEWS.map((view) => (
        <button
          key={view}
          type="button"
          aria-pressed={show === view}
          onClick={() => onShow(view)}
          className={cn(
            "inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium",
            show === view ? "border-blue-800 bg-blue-50 text-blue-950" : "border-slate-300 bg-white text-slate-800",
            focusRing,
          )}
        >
          {QUEUE_VIEW_LABELS[view]}
          {counts[view] === undefined ? null : <span className="tabular-nums text-slate-600">{counts[view]}</span>}
        </button>
      ))}
    </fieldset>
  );
}

function ReviewLink({ item }: { item: UnderwriterQueueItem }) {
  return (
    <Button asChild size="sm">
      <Link href={paths.underwriterReview(item.id)} aria-label={`Review ${item.reference}`}>
        <ClipboardCheck aria-hidden="true" className="h-3.5 w-3.5" />
        Review
      </Link>
    </Button>
  );
}

function QueueGrid({ items, now }: { items: readonly UnderwriterQueueItem[]; now: Date }) {
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeaderCell>Reference</TableHeaderCell>
          <TableHeaderCell>Company</TableHeaderCell>
          <TableHeaderCell>Product</TableHeaderCell>
          <TableHeaderCell>Broker</TableHeaderCell>
          <TableHeaderCell>Referral Reasons</TableHeaderCell>
          <TableHeaderCell className="text-right">Premium</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Waiting</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow
            key={item.id}
            data-testid="queue-row"
            data-reference={item.reference}
            data-overdue={item.overdue || undefined}
            className={item.overdue ? "bg-red-50" : undefined}
          >
            <TableCell className="font-mono text-xs font-semibold whitespace-nowrap">{item.reference}</TableCell>
            <TableCell className="font-medium text-slate-900">{item.proposerName}</TableCell>
            <TableCell className="whitespace-nowrap">{item.productCode}</TableCell>
            <TableCell>
              <ItemBroker item={item} />
            </TableCell>
            <TableCell>
              <ItemReasons item={item} />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {premiumText(item.totalPremium)}
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-1">
                <QuoteStatusBadge status={item.status} />
                <NeedsHigherAuthorityMark item={item} />
                <AwaitingBrokerMark item={item} />
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap text-slate-700">
              <ItemWaiting item={item} now={now} />
            </TableCell>
            <TableCell>
              <ReviewLink item={item} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below md, one card per referral with the same values and Review: underwriters decide from their phones. */
function QueueCards({ items, now }: { items: readonly UnderwriterQueueItem[]; now: Date }) {
  return (
    <CardList label="Quotes awaiting a decision">
      {items.map((item) => (
        <CardListItem
          key={item.id}
          data-testid="queue-row"
          data-reference={item.reference}
          data-overdue={item.overdue || undefined}
          className={item.overdue ? "bg-red-50" : undefined}
        >
          <CardListHeader figure={premiumText(item.totalPremium)} figureLabel="Premium">
            <div className="font-mono text-xs font-semibold">{item.reference}</div>
            <div className="font-medium text-slate-900">{item.proposerName}</div>
          </CardListHeader>
          <CardListFields>
            <CardListField label="Product">{item.productCode}</CardListField>
            <CardListField label="Broker" className="break-words">
              <ItemBroker item={item} />
            </CardListField>
            <CardListField label="Status">
              <div className="flex flex-wrap gap-1">
                <QuoteStatusBadge status={item.status} />
                <NeedsHigherAuthorityMark item={item} />
                <AwaitingBrokerMark item={item} />
              </div>
            </CardListField>
            <CardListField label="Waiting" className="text-slate-700">
              <ItemWaiting item={item} now={now} />
            </CardListField>
            <CardListField label="Referral reasons" wide>
              <ItemReasons item={item} />
            </CardListField>
          </CardListFields>
          <CardListActions>
            <ReviewLink item={item} />
          </CardListActions>
        </CardListItem>
      ))}
    </CardList>
  );
}

/** The underwriters' queue (ADR 0030): what awaits a decision, the longest waiting first. */
export function UnderwriterQueue() {
  const now = useNow();
  const [page, setPage] = useState(1);
  const [show, setShow] = useState<QueueView>("all");
  const [authority, setAuthority] = useState<AuthorityChoice>("all");
  const [awaitingBroker, setAwaitingBroker] = useState(false);
  // Only an underwriter has an authority to filter by; an administrator sees every referral unmarked.
  const isUnderwriter = useMe().data?.role === "UNDERWRITER";
  const queue = useUnderwriterQueue({
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    show,
    ...(authority === "all" ? {} : { authority }),
    ...(awaitingBroker ? { waiting: "broker" as const } : {}),
  });
  const meta = queue.data?.meta;
  const wide = useMediaQuery(MD_QUERY);
  return (
    <div className="grid gap-5">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Review Queue</h1>
        <p className="text-sm text-slate-600">
          Quotes awaiting your decision, the longest waiting first
          {meta ? `; ${targetInWords(meta.targetWorkingHours)} (Monday to Friday, 09:00-17:00)` : ""}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <QueueViews
            show={show}
            meta={meta}
            onShow={(view) => {
              setShow(view);
              setPage(1);
            }}
          />
          <AwaitingBrokerToggle
            on={awaitingBroker}
            onToggle={() => {
              setAwaitingBroker(!awaitingBroker);
              setPage(1);
            }}
          />
        </div>
        {isUnderwriter ? (
          <AuthorityFilterSelect
            value={authority}
            onChange={(next) => {
              setAuthority(next);
              setPage(1);
            }}
          />
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <div className="flex items-center gap-2">
            <CardTitle>Awaiting a decision</CardTitle>
            {queue.isFetching && !queue.isPending ? <Spinner className="h-4 w-4" label="Updating" /> : null}
          </div>
          {queue.data ? <span className="text-sm text-slate-600">{queue.data.meta.total} waiting</span> : null}
        </CardHeader>
        {queue.isPending ? (
          <FullPageSpinner label="Loading the queue" />
        ) : queue.isError ? (
          <p role="alert" className="px-4 py-6 text-sm text-red-700">
            {errorMessageOf(queue.error)}
          </p>
        ) : queue.data.data.length === 0 ? (
          <div className="px-4 py-10 text-center">
            <p className="font-medium text-slate-900">
              {show === "overdue" ? "Nothing is overdue" : "Nothing is waiting"}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {show === "overdue"
                ? "Every referral waiting is within its response target"
                : "Referred quotes appear here until they are decided"}
            </p>
          </div>
        ) : (
          <>
            {wide ? <QueueGrid items={queue.data.data} now={now} /> : <QueueCards items={queue.data.data} now={now} />}
            <Pagination meta={queue.data.meta} onPageChange={setPage} label="Queue pages" />
          </>
        )}
      </Card>
      <PolicyChangesQueue />
      <OverdueSubjectivities />
    </div>
  );
}
