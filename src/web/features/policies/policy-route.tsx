import { formatDateGb, formatDateTimeGb } from "@domain/format/dates";
import { EXCESS_OPTION_LABELS } from "@domain/format/excess";
import { DEFENCE_COSTS_LABELS, LIMIT_BASIS_LABELS } from "@domain/format/limit-basis";
import type { PolicyStatus } from "@domain/quote/policy";
import type { PolicyView } from "@domain/quote/policy-schema";
import { runOffCoverText } from "@domain/quote/run-off";
import { statusLabel } from "@domain/quote/status";
import { AppLayout } from "@web/components/layout/app-layout";
import { QuoteTermsPanel } from "@web/components/terms/quote-terms-panel";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { paths } from "@web/config/paths";
import { pageTitle, usePageTitle } from "@web/hooks/use-page-title";
import { useMe } from "@web/lib/api/get-me";
import { Ban, FileCheck2, FilePen, History, Hourglass, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { usePolicy } from "./api/get-policy";
import { AdjustPolicyAction } from "./components/adjust-policy-action";
import { CancelPolicyAction } from "./components/cancel-policy-action";
import { PendingChange } from "./components/pending-change";
import { PolicyCancellation } from "./components/policy-cancellation";
import { PolicyDocuments } from "./components/policy-documents";
import { money, Row } from "./components/policy-parts";
import { PolicyPremium } from "./components/policy-premium";
import { RunOffPolicyAction } from "./components/run-off-policy-action";

const STATUS_TONES: Readonly<Record<PolicyStatus, BadgeTone>> = {
  "In force": "success",
  Expired: "warning",
  Renewed: "violet",
  Cancelled: "danger",
};

export const POLICY_NOT_FOUND_TITLE = "Policy Not Found";
export const POLICY_NOT_FOUND_TEXT = "The requested policy could not be found or you don't have permission to see it.";

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const HISTORY_ICONS: Partial<Record<PolicyView["history"][number]["event"], typeof History>> = {
  issued: FileCheck2,
  renewal_started: RefreshCw,
  run_off_started: Hourglass,
  adjusted: FilePen,
  cancelled: Ban,
};

function PolicyHistory({ policy }: { policy: PolicyView }) {
  return (
    <ol className="grid gap-3 text-sm" data-testid="policy-history">
      {policy.history.map((entry) => {
        const Icon = HISTORY_ICONS[entry.event] ?? History;
        return (
          <li key={`${entry.event}-${entry.at}`} className="flex gap-2">
            <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{entry.title}</p>
              <p className="text-xs text-slate-600">
                {formatDateTimeGb(entry.at)}
                {entry.actor ? ` by ${entry.actor.name}` : ""}
              </p>
              {entry.lines.length > 0 ? (
                <ul className="mt-1 grid gap-0.5 text-xs break-words text-slate-700">
                  {entry.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Where the renewal stands: a link to the renewal's own policy once issued, else to its quote for those who quote. */
function RenewalNote({ policy, canQuote }: { policy: PolicyView; canQuote: boolean }) {
  const { renewal, renewalOf } = policy;
  return (
    <>
      {renewalOf?.policyNumber ? (
        <p className="text-sm text-slate-700">
          Renewal of{" "}
          <Link className="font-mono font-medium text-blue-800 underline" href={paths.policy(renewalOf.policyNumber)}>
            {renewalOf.policyNumber}
          </Link>
        </p>
      ) : null}
      {renewal?.policyNumber ? (
        <p className="text-sm text-slate-700">
          Renewed as{" "}
          <Link className="font-mono font-medium text-blue-800 underline" href={paths.policy(renewal.policyNumber)}>
            {renewal.policyNumber}
          </Link>
        </p>
      ) : renewal ? (
        <p className="text-sm text-slate-700">
          Renewal{" "}
          {canQuote ? (
            <Link className="font-mono font-medium text-blue-800 underline" href={paths.quote(renewal.quoteId)}>
              {renewal.reference}
            </Link>
          ) : (
            <span className="font-mono font-medium">{renewal.reference}</span>
          )}{" "}
          ({statusLabel(renewal.status, "wizard")})
        </p>
      ) : null}
    </>
  );
}

function PolicyBody({ policy, canQuote }: { policy: PolicyView; canQuote: boolean }) {
  const { insured, period, cover } = policy;
  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold break-words text-slate-900">Policy {policy.policyNumber}</h1>
          <Badge tone={STATUS_TONES[policy.status]} data-testid="policy-status">
            {policy.status}
          </Badge>
        </div>
        <p className="text-sm break-words text-slate-700">
          <span className="font-medium text-slate-900">{insured.proposerName}</span>
          {insured.tradingName ? `, trading as ${insured.tradingName}` : ""}
        </p>
        <p className="text-sm text-slate-600">
          Quote{" "}
          {canQuote ? (
            <Link className="font-mono text-blue-800 underline" href={paths.quote(policy.quoteId)}>
              {policy.reference}
            </Link>
          ) : (
            <span className="font-mono">{policy.reference}</span>
          )}
          {policy.issuedAt ? `, issued on ${formatDateGb(policy.issuedAt)}` : ""}
          {policy.broker ? ` by broker ${policy.broker.name}` : ""}
        </p>
        <RenewalNote policy={policy} canQuote={canQuote} />
        {/* Always there, so a dialog open when the policy changes closes the usual way; hidden when empty. */}
        <div className="mt-2 flex flex-wrap items-start gap-3 empty:hidden">
          {policy.cancellation ? (
            <div className="grid basis-full justify-items-start">
              <PolicyCancellation cancellation={policy.cancellation} />
            </div>
          ) : null}
          {policy.pendingChange ? (
            <div className="grid basis-full">
              <PendingChange policy={policy} change={policy.pendingChange} />
            </div>
          ) : null}
          <AdjustPolicyAction policy={policy} />
          <CancelPolicyAction policy={policy} />
          <RunOffPolicyAction policy={policy} />
        </div>
      </div>
      <PolicyTerms quoteId={policy.quoteId} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <Section title="Insured" id="policy-insured">
            <dl className="grid gap-1.5 text-sm">
              <Row label="Name">{insured.proposerName}</Row>
              {insured.tradingName ? <Row label="Trading as">{insured.tradingName}</Row> : null}
              <Row label="Address">{insured.businessAddress ?? "-"}</Row>
              <Row label="Business activity">{insured.businessActivity ?? "-"}</Row>
            </dl>
          </Section>
          <Section title="Period of insurance" id="policy-period">
            <dl className="grid gap-1.5 text-sm">
              <Row label="Inception date">{formatDateGb(period.inceptionDate)}</Row>
              <Row label="Expiry date">{formatDateGb(period.expiryDate)}</Row>
              {period.runOffYears === null ? null : (
                <Row label="Cover">
                  {runOffCoverText(period.runOffYears)}: claims made in the period for work done before it
                </Row>
              )}
            </dl>
            <p className="mt-2 text-xs text-slate-600">
              Both days inclusive: cover ends at the end of the expiry date.
            </p>
          </Section>
          <Section title="Cover" id="policy-cover">
            <dl className="grid gap-1.5 text-sm">
              <Row label="Limit of indemnity">{money(cover.coverLimit)}</Row>
              <Row label="Limit basis">{LIMIT_BASIS_LABELS[cover.limitBasis]}</Row>
              <Row label="Defence costs">{DEFENCE_COSTS_LABELS[cover.defenceCosts]}</Row>
              <Row label="Excess">
                {money(cover.excess)} ({EXCESS_OPTION_LABELS[cover.excessOption]})
              </Row>
              <Row label="Retroactive date">{cover.retroactiveDate}</Row>
              {cover.additionalCovers.length === 0 ? (
                <Row label="Additional covers">None</Row>
              ) : (
                cover.additionalCovers.map((extra) => (
                  <Row key={extra.label} label={extra.label}>
                    {money(extra.limit)}
                  </Row>
                ))
              )}
            </dl>
          </Section>
        </div>
        <div className="grid content-start gap-4">
          <Section title="Premium paid" id="policy-premium">
            <PolicyPremium policy={policy} />
          </Section>
          <Section title="Documents" id="policy-documents">
            <PolicyDocuments policy={policy} />
          </Section>
          <Section title="History" id="policy-history">
            <PolicyHistory policy={policy} />
          </Section>
        </div>
      </div>
    </div>
  );
}

/** The policy's clauses and subjectivities; an underwriter marks the post-bind ones as they are met. */
function PolicyTerms({ quoteId }: { quoteId: string }) {
  const me = useMe();
  return <QuoteTermsPanel quoteId={quoteId} canMark={me.data?.role === "UNDERWRITER"} only="POST_BIND" />;
}

/** /policies/{policy number} (docs/product/screens.md "Policy"): an issued policy, for whoever may see its quote. */
export default function PolicyRoute({ policyNumber }: { policyNumber: string }) {
  usePageTitle(pageTitle(`Policy ${policyNumber}`));
  const me = useMe();
  const policy = usePolicy(policyNumber);
  const canQuote = me.data?.role === "BROKER" || me.data?.role === "UNDERWRITER";
  let body: ReactNode;
  if (policy.isPending) body = <FullPageSpinner label="Loading the policy" />;
  else if (policy.isError) {
    body = (
      <div role="alert" className="mx-auto mt-10 max-w-lg rounded-md border border-red-200 bg-red-50 p-5 text-red-900">
        <h1 className="text-lg font-semibold">{POLICY_NOT_FOUND_TITLE}</h1>
        <p className="mt-1 text-sm">{POLICY_NOT_FOUND_TEXT}</p>
      </div>
    );
  } else body = <PolicyBody policy={policy.data} canQuote={canQuote} />;
  return <AppLayout>{body}</AppLayout>;
}
