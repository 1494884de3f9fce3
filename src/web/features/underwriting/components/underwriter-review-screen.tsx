import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { COUNTER_MULTIPLIER_DEFAULT } from "../../../../domain/constants";
import { formatDateGb } from "../../../../domain/format/dates";
import { formatWholeNumber } from "../../../../domain/format/numbers";
import { formatGbp, formatGbpWhole, parseMoneyString, poundsToPence } from "../../../../domain/money";
import { splitReferralReason } from "../../../../domain/quote/premium";
import { statusLabel } from "../../../../domain/quote/status";
import { underwriterDecisionSchema } from "../../../../domain/underwriting/decision";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast-store";
import { paths } from "../../../config/paths";
import { errorMessageOf } from "../../../lib/api-client";
import { useMe } from "../../auth/api/get-me";
import { type RiskAssessment, type UnderwriterReview, useUnderwriterReview } from "../api/get-underwriter-review";
import { useRecordDecision } from "../api/record-decision";
import { type DecisionDraft, DecisionForm } from "./decision-form";
import { PremiumSummary, QuoteHistory } from "./review-panels";

export const QUOTE_NOT_FOUND_TITLE = "Quote Not Found";
export const QUOTE_NOT_FOUND_TEXT = "The requested quote could not be found or you don't have permission to access it.";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function RiskBadge({ label, present }: { label: string; present: boolean }) {
  return (
    <Badge tone={present ? "warning" : "neutral"}>
      {label}: {present ? "Yes" : "No"}
    </Badge>
  );
}

function RiskAssessmentDetails({ risk }: { risk: RiskAssessment }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Risk Assessment Details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          <Field label="Annual Turnover">{formatGbpWhole(poundsToPence(risk.annualTurnover))}</Field>
          <Field label="Industry">{risk.industry.charAt(0).toUpperCase() + risk.industry.slice(1)}</Field>
          <Field label="Employees">{formatWholeNumber(risk.employees)}</Field>
          <Field label="Public Liability Limit">{formatGbpWhole(poundsToPence(risk.publicLiabilityLimit))}</Field>
        </dl>
        <div className="flex flex-wrap gap-2">
          <RiskBadge label="Previous Claims" present={risk.previousClaims} />
          <RiskBadge label="Export Business" present={risk.exportBusiness} />
          <RiskBadge label="Hazardous Activities" present={risk.hazardousActivities} />
          <RiskBadge label="24/7 Operations" present={risk.operates24_7} />
        </div>
      </CardContent>
    </Card>
  );
}

function ReviewBody({ review, canDecide }: { review: UnderwriterReview; canDecide: boolean }) {
  const { quote } = review;
  const [, navigate] = useLocation();
  const record = useRecordDecision();
  const [draft, setDraft] = useState<DecisionDraft>({
    decision: null,
    multiplier: COUNTER_MULTIPLIER_DEFAULT,
    note: "",
  });
  const [error, setError] = useState<string | undefined>();
  const reasons =
    review.referralReasons.length > 0 ? review.referralReasons : splitReferralReason(quote.referralReason);
  const awaitingDecision = quote.status === "REFERRED" || quote.status === "UW_REQUESTED";
  const total = quote.totalPremium ? parseMoneyString(quote.totalPremium) : null;
  const multiplier = draft.decision === "COUNTER" ? draft.multiplier : COUNTER_MULTIPLIER_DEFAULT;

  const submit = async () => {
    // The multiplier travels only with a counter offer (SPEC.md §5); the schema holds every other rule.
    const parsed = underwriterDecisionSchema.safeParse({
      decision: draft.decision ?? undefined,
      uwNote: draft.note.trim() === "" ? undefined : draft.note,
      ...(draft.decision === "COUNTER" ? { adjustmentMultiplier: draft.multiplier } : {}),
      expectedVersion: quote.version,
    });
    if (!parsed.success) {
      setError(draft.decision ? parsed.error.issues[0]?.message : "Choose Approve, Counter Offer or Decline");
      return;
    }
    setError(undefined);
    try {
      await record.mutateAsync({ quoteId: quote.id, body: parsed.data });
      toast({
        title: "Decision Recorded",
        description: `Quote ${parsed.data.decision.toLowerCase()} successfully`,
      });
      navigate(paths.dashboard);
    } catch (failure) {
      toast({ title: "Decision Error", description: errorMessageOf(failure), variant: "destructive" });
    }
  };

  return (
    <div className="grid gap-5">
      <div
        role="status"
        className="flex items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      >
        <AlertTriangle aria-hidden="true" className="h-5 w-5" />
        <div>
          <h1 className="text-lg font-semibold">Review Required</h1>
          <p className="text-sm">
            {quote.reference} for {quote.proposerName} needs an underwriting decision.
          </p>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Quote Summary</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-3">
                <Field label="Reference">{quote.reference}</Field>
                <Field label="Proposer">{quote.proposerName}</Field>
                <Field label="Product">{quote.productCode}</Field>
                <Field label="Inception Date">{formatDateGb(quote.inceptionDate)}</Field>
                <Field label="Current Premium">{total === null ? "-" : formatGbp(total)}</Field>
                <Field label="Status">{statusLabel(quote.status, "wizard")}</Field>
              </dl>
            </CardContent>
          </Card>
          {review.riskAssessment ? <RiskAssessmentDetails risk={review.riskAssessment} /> : null}
          <Card>
            <CardHeader>
              <CardTitle>Referral Reasons</CardTitle>
            </CardHeader>
            <CardContent>
              {reasons.length > 0 ? (
                <ul className="grid gap-1.5 text-sm text-slate-800">
                  {reasons.map((reason) => (
                    <li key={reason} className="flex gap-2">
                      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
                      {reason}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">No referral rule was hit: the broker asked for a review.</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Underwriter Decision</CardTitle>
            </CardHeader>
            <CardContent>
              {canDecide && awaitingDecision ? (
                <DecisionForm
                  draft={draft}
                  onChange={setDraft}
                  onSubmit={() => void submit()}
                  submitting={record.isPending}
                  error={error}
                />
              ) : (
                <p className="text-sm text-slate-700">
                  {awaitingDecision
                    ? "An underwriter will record the decision. This review is read-only for you."
                    : `A decision has been recorded: the quote is ${statusLabel(quote.status, "wizard")}.`}
                </p>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-4">
          <PremiumSummary quote={quote} multiplier={multiplier} />
          <QuoteHistory quote={quote} />
        </div>
      </div>
    </div>
  );
}

export function UnderwriterReviewScreen({ quoteId, token }: { quoteId: string; token: string | undefined }) {
  const me = useMe();
  const review = useUnderwriterReview(quoteId, token);
  if (review.isPending) return <FullPageSpinner label="Loading the review" />;
  if (review.isError) {
    return (
      <div role="alert" className="mx-auto mt-10 max-w-lg rounded-md border border-red-200 bg-red-50 p-5 text-red-900">
        <h1 className="text-lg font-semibold">{QUOTE_NOT_FOUND_TITLE}</h1>
        <p className="mt-1 text-sm">{QUOTE_NOT_FOUND_TEXT}</p>
      </div>
    );
  }
  return <ReviewBody review={review.data} canDecide={me.data?.role === "UNDERWRITER"} />;
}
