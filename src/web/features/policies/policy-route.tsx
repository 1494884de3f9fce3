import { DOCUMENT_TYPES, type DocumentType } from "@domain/constants";
import { formatDateGb, formatDateTimeGb } from "@domain/format/dates";
import { EXCESS_OPTION_LABELS } from "@domain/format/excess";
import { formatGbp, parseMoneyString } from "@domain/money";
import { PREMIUM_LINES } from "@domain/quote/catalogue";
import type { PolicyStatus } from "@domain/quote/policy";
import type { PolicyView } from "@domain/quote/policy-schema";
import { statusLabel } from "@domain/quote/status";
import { AppLayout } from "@web/components/layout/app-layout";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast-store";
import { paths } from "@web/config/paths";
import { pageTitle, usePageTitle } from "@web/hooks/use-page-title";
import { useMe } from "@web/lib/api/get-me";
import {
  browserDocumentEffects,
  DOCUMENT_LABELS,
  type DocumentSelection,
  downloadSelectedDocuments,
} from "@web/lib/documents/document-actions";
import { Download, FileCheck2, History, RefreshCw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { usePolicy } from "./api/get-policy";

const STATUS_TONES: Readonly<Record<PolicyStatus, BadgeTone>> = {
  "In force": "success",
  Expired: "warning",
  Renewed: "violet",
  Cancelled: "danger",
};

export const POLICY_NOT_FOUND_TITLE = "Policy Not Found";
export const POLICY_NOT_FOUND_TEXT = "The requested policy could not be found or you don't have permission to see it.";

function money(amount: string | null): string {
  const pence = amount === null ? null : parseMoneyString(amount);
  return pence === null ? "-" : formatGbp(pence);
}

/** A label and its value, the value allowed to wrap so a long address never widens the page. */
function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? "flex justify-between gap-3 border-t border-slate-200 pt-1.5 font-semibold text-slate-900"
          : "flex justify-between gap-3"
      }
    >
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right break-words whitespace-pre-line text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

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

const ONE_DOCUMENT = (type: DocumentType): DocumentSelection => ({
  statementOfFact: type === "statementOfFact",
  policySchedule: type === "policySchedule",
  dcPolicyWording: type === "dcPolicyWording",
});

/** The policy's documents as issued, each downloaded again the way the dashboard's menu downloads it. */
function PolicyDocuments({ policy }: { policy: PolicyView }) {
  const [busy, setBusy] = useState<DocumentType | null>(null);
  const quote = { id: policy.quoteId, reference: policy.reference, proposerName: policy.insured.proposerName };
  const download = async (type: DocumentType) => {
    setBusy(type);
    try {
      await downloadSelectedDocuments(quote, ONE_DOCUMENT(type), browserDocumentEffects(toast));
    } finally {
      setBusy(null);
    }
  };
  const offered = DOCUMENT_TYPES.filter((type) => policy.documents.some((document) => document.type === type));
  return (
    <ul className="grid gap-2 text-sm">
      {offered.map((type) => (
        <li key={type} className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium text-slate-900">{DOCUMENT_LABELS[type]}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={busy !== null}
            aria-label={`Download ${DOCUMENT_LABELS[type]} for ${policy.policyNumber}`}
            onClick={() => void download(type)}
          >
            <Download aria-hidden="true" className="h-3.5 w-3.5" />
            {busy === type ? "Downloading..." : "Download"}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function PolicyHistory({ policy }: { policy: PolicyView }) {
  return (
    <ol className="grid gap-3 text-sm" data-testid="policy-history">
      {policy.history.map((entry) => {
        const Icon = entry.event === "issued" ? FileCheck2 : entry.event === "renewal_started" ? RefreshCw : History;
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
  const { insured, period, cover, premium } = policy;
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
      </div>
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
            </dl>
            <p className="mt-2 text-xs text-slate-600">
              Both days inclusive: cover ends at the end of the expiry date.
            </p>
          </Section>
          <Section title="Cover" id="policy-cover">
            <dl className="grid gap-1.5 text-sm">
              <Row label="Limit of indemnity">{money(cover.coverLimit)}</Row>
              <Row label="Excess">
                {money(cover.excess)} ({EXCESS_OPTION_LABELS[cover.excessOption]})
              </Row>
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
            <dl className="grid gap-1.5 text-sm" data-testid="policy-premium">
              <Row label={PREMIUM_LINES.basePremium.label}>{money(premium.basePremium)}</Row>
              {premium.fees.map((fee) => (
                <Row key={fee.code} label={fee.label}>
                  {money(fee.amount)}
                </Row>
              ))}
              <Row label={PREMIUM_LINES.taxes.label}>{money(premium.taxes)}</Row>
              <Row label={PREMIUM_LINES.totalPremium.label} strong>
                {money(premium.totalPremium)}
              </Row>
            </dl>
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
