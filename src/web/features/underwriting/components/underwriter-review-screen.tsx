import { COUNTER_MULTIPLIER_DEFAULT } from "@domain/constants";
import { formatDateGb, formatDateTimeGb } from "@domain/format/dates";
import { DEFENCE_COSTS_LABELS, LIMIT_BASIS_LABELS, type LimitTerms } from "@domain/format/limit-basis";
import { formatWholeNumber } from "@domain/format/numbers";
import { formatGbp, formatGbpWhole, parseMoneyString, poundsToPence } from "@domain/money";
import { splitReferralReason } from "@domain/quote/premium";
import { retroactiveCoverText } from "@domain/quote/retroactive-cover";
import { ANNUAL_COVER_TEXT, runOffCoverText } from "@domain/quote/run-off";
import { statusLabel } from "@domain/quote/status";
import { decisionInWords } from "@domain/underwriting/history";
import type { RiskAssessment } from "@domain/underwriting/review";
import { industryDiffers, ratingIndustryLabel } from "@domain/underwriting/risk-assessment";
import { UnsavedChangesDialog } from "@web/components/leave/unsaved-changes-dialog";
import { QuoteTermsPanel } from "@web/components/terms/quote-terms-panel";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast-store";
import { paths } from "@web/config/paths";
import { useUnsavedChangesGuard } from "@web/hooks/use-unsaved-changes-guard";
import { useMe } from "@web/lib/api/get-me";
import { useClauses } from "@web/lib/api/terms";
import { ApiError, errorMessageOf } from "@web/lib/api-client";
import type { DocumentQuote, DocumentSelection } from "@web/lib/documents/document-actions";
import { codeForPress, onFirstUse, preload } from "@web/lib/on-first-use";
import { useSingleFlight } from "@web/lib/single-flight";
import { AlertTriangle, Download, Gavel, LogIn } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { type UnderwriterReview, useUnderwriterReview } from "../api/get-underwriter-review";
import { useRecordDecision } from "../api/record-decision";
import { CommissionPanel } from "./commission-panel";
import { type DecisionDraft, type DecisionErrors, DecisionForm, errorsAfterChange } from "./decision-form";
import { termsBody } from "./decision-terms-editor";
import { DeclarationNarratives, PremiumSummary, QuoteHistory, type RecordedPremium } from "./review-panels";
import { ReviewQuestions } from "./review-questions";

/**
 * The decision's check is the server's schema (and zod with it): fetched when the underwriter comes to the
 * decision form and awaited on Submit, not with a review that is mostly read.
 */
const decisionCheck = onFirstUse(() => import("@domain/underwriting/decision"));
/** Fetching and saving the statement of fact: asked for when the pointer or focus comes to its button. */
const documentsCode = onFirstUse(() => import("@web/lib/documents/document-actions"));

async function downloadStatementOfFact(quote: DocumentQuote): Promise<void> {
  // Offline before the code arrived: the same toast as a document that could not be fetched.
  const actions = await codeForPress(documentsCode, (error) =>
    toast({ title: "Error", description: errorMessageOf(error), variant: "destructive" }),
  );
  await actions?.downloadSelectedDocuments(quote, STATEMENT_OF_FACT_ONLY, actions.browserDocumentEffects(toast));
}

export const QUOTE_NOT_FOUND_TITLE = "Quote Not Found";
export const QUOTE_NOT_FOUND_TEXT = "The requested quote could not be found or you don't have permission to access it.";

function Field({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  // A dl's group is its own div (dt and dd inside it), so a wide field spans the columns from that div.
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
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

function RiskAssessmentDetails({ risk, terms }: { risk: RiskAssessment; terms: LimitTerms }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Risk Assessment Details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          <Field label="Annual Turnover">{formatGbpWhole(poundsToPence(risk.annualTurnover))}</Field>
          <Field label="Industry">{risk.industry}</Field>
          <Field label="Employees">{formatWholeNumber(risk.employees)}</Field>
          <Field label="Public Liability Limit">{formatGbpWhole(poundsToPence(risk.publicLiabilityLimit))}</Field>
          <Field label="Limit basis">{LIMIT_BASIS_LABELS[terms.limitBasis]}</Field>
          <Field label="Defence costs">{DEFENCE_COSTS_LABELS[terms.defenceCosts]}</Field>
          {risk.turnoverBandUsedLabel !== null && risk.ratedTurnover !== risk.annualTurnover ? (
            <Field label="Turnover band used for rating" wide>
              {risk.turnoverBandUsedLabel}, rated on {formatGbpWhole(poundsToPence(risk.ratedTurnover))}
              {risk.turnoverBandNote ? (
                <span className="block font-normal text-slate-700">{risk.turnoverBandNote}</span>
              ) : null}
            </Field>
          ) : null}
          {industryDiffers(risk) ? (
            <Field label="Rating industry">{ratingIndustryLabel(risk.ratingIndustry)}</Field>
          ) : null}
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

/** Where a signed-out holder of the e-mailed link signs in, coming back to this review without the token. */
export function signInToDecideHref(quoteId: string): string {
  return `${paths.login}?next=${encodeURIComponent(paths.underwriterReview(quoteId))}`;
}

function pence(amount: string | null | undefined): number | null {
  return amount ? parseMoneyString(amount) : null;
}

/** What the standing decision recorded: the premium before it (from the decision history), its adjustment, now. */
function recordedPremium(review: UnderwriterReview): RecordedPremium | undefined {
  const { quote } = review;
  if (!quote.decision) return undefined;
  const latest = review.history.at(-1);
  return {
    originalPence: pence(latest?.totalPremiumBefore ?? quote.totalPremium),
    multiplier: quote.decision === "COUNTER" ? (quote.adjustmentMultiplier ?? COUNTER_MULTIPLIER_DEFAULT) : 1,
    finalPence: pence(quote.totalPremium),
  };
}

function Banner({ review }: { review: UnderwriterReview }) {
  const { quote } = review;
  if (!quote.decision) {
    return (
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
    );
  }
  const who = quote.decidedBy?.name ?? "an underwriter";
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-md border border-slate-300 bg-white px-4 py-3 text-slate-900"
    >
      <Gavel aria-hidden="true" className="h-5 w-5 text-slate-600" />
      <div>
        <h1 className="text-lg font-semibold">
          Decision Recorded: {decisionInWords(quote.decision, quote.adjustmentMultiplier)}
        </h1>
        <p className="text-sm">
          {quote.reference} for {quote.proposerName}, decided by {who}
          {quote.decidedAt ? ` on ${formatDateTimeGb(quote.decidedAt)}` : ""}.
        </p>
      </div>
    </div>
  );
}

function RecordedDecision({ review }: { review: UnderwriterReview }) {
  const { quote } = review;
  if (!quote.decision) return null;
  // Only an underwriter's or an administrator's review carries the note for the file.
  const fileNote = review.history.at(-1)?.fileNote?.trim();
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid="recorded-decision">
      <Field label="Decision">{decisionInWords(quote.decision, quote.adjustmentMultiplier)}</Field>
      <Field label="Decided by">
        {quote.decidedBy ? `${quote.decidedBy.name} (${quote.decidedBy.email})` : "An underwriter"}
        {quote.decidedAt ? `, ${formatDateTimeGb(quote.decidedAt)}` : ""}
      </Field>
      <Field label="Underwriter Notes" wide>
        <span className="whitespace-pre-line font-normal">{quote.uwNote?.trim() || "No note given"}</span>
      </Field>
      {fileNote ? (
        <Field label="Note for the file" wide>
          <span className="whitespace-pre-line font-normal">{fileNote}</span>
        </Field>
      ) : null}
    </dl>
  );
}

function ReviewBody({
  review,
  canDecide,
  quoteId,
}: {
  review: UnderwriterReview;
  canDecide: boolean;
  quoteId: string;
}) {
  const { quote } = review;
  const [, navigate] = useLocation();
  const record = useRecordDecision();
  const [draft, setDraft] = useState<DecisionDraft>({
    decision: null,
    multiplier: COUNTER_MULTIPLIER_DEFAULT,
    note: "",
    fileNote: "",
  });
  const [errors, setErrors] = useState<DecisionErrors>({});
  const [termsIssues, setTermsIssues] = useState<Record<string, string>>({});
  // The library is read only where a decision can be made with it.
  const clauses = useClauses(canDecide && (quote.status === "REFERRED" || quote.status === "UW_REQUESTED"));
  const changeDraft = (next: DecisionDraft) => {
    setErrors((current) => errorsAfterChange(current, draft, next));
    // A changed clause or subjectivity is checked again on Submit: its old message goes.
    if (next.terms !== draft.terms) setTermsIssues({});
    setDraft(next);
  };
  // A decision chosen or a note written but not recorded is asked about before the review is left.
  const address = useRef(window.location.pathname + window.location.search);
  const leaveGuard = useUnsavedChangesGuard({
    unsaved: () => draft.decision !== null || draft.note.trim() !== "" || draft.fileNote.trim() !== "",
    stays: (to) => to.pathname === new URL(address.current, to).pathname,
    here: () => address.current,
  });
  const reasons =
    review.referralReasons.length > 0 ? review.referralReasons : splitReferralReason(quote.referralReason);
  const awaitingDecision = quote.status === "REFERRED" || quote.status === "UW_REQUESTED";
  const total = quote.totalPremium ? parseMoneyString(quote.totalPremium) : null;
  const multiplier = draft.decision === "COUNTER" ? draft.multiplier : COUNTER_MULTIPLIER_DEFAULT;
  const byToken = review.access === "token" && !canDecide;
  const documentQuote = { id: quote.id, reference: quote.reference, proposerName: quote.proposerName };

  const [submit, submitting] = useSingleFlight(async () => {
    const check = await codeForPress(decisionCheck, (failure) =>
      toast({ title: "Decision Error", description: errorMessageOf(failure), variant: "destructive" }),
    );
    if (!check) return;
    // The multiplier travels only with a counter offer (docs/product/errors.md); the schema holds every other rule.
    const parsed = check.underwriterDecisionSchema.safeParse({
      decision: draft.decision ?? undefined,
      uwNote: draft.note.trim() === "" ? undefined : draft.note,
      fileNote: draft.fileNote.trim() === "" ? undefined : draft.fileNote,
      ...(draft.decision === "COUNTER" ? { adjustmentMultiplier: draft.multiplier } : {}),
      ...(draft.decision === "DECLINED" || !draft.terms ? {} : termsBody(draft.terms)),
      expectedVersion: quote.version,
    });
    // The terms' messages stand under their own fields (by path); the rest under the decision and the notes.
    const isTerm = (issue: { path: PropertyKey[] }) =>
      issue.path[0] === "endorsements" || issue.path[0] === "subjectivities";
    const issues = parsed.error?.issues ?? [];
    setTermsIssues(Object.fromEntries(issues.filter(isTerm).map((issue) => [issue.path.join("."), issue.message])));
    if (!parsed.success) {
      const found: DecisionErrors = {};
      for (const issue of issues.filter((i) => !isTerm(i))) {
        const field = issue.path[0] === "uwNote" ? "note" : issue.path[0] === "fileNote" ? "fileNote" : "decision";
        found[field] ??= issue.message;
      }
      if (!draft.decision) found.decision = "Choose Approve, Counter Offer or Decline";
      setErrors(found);
      return;
    }
    setErrors({});
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
  });

  return (
    <div className="grid gap-5">
      <Banner review={review} />
      <UnsavedChangesDialog
        guard={leaveGuard}
        title="Leave this review?"
        description="Your decision has not been recorded. If you leave now, the decision and note you entered are lost."
        confirmLabel="Leave without recording"
      />
      {byToken ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950">
          <p>You are reading this review through the e-mailed link. Sign in as an underwriter to record a decision.</p>
          <Button asChild size="sm">
            <Link href={signInToDecideHref(quoteId)}>
              <LogIn aria-hidden="true" className="h-4 w-4" />
              Sign in to decide
            </Link>
          </Button>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Quote Summary</CardTitle>
              {byToken ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  onFocus={() => preload(documentsCode)}
                  onPointerOver={() => preload(documentsCode)}
                  onClick={() => void downloadStatementOfFact(documentQuote)}
                >
                  <Download aria-hidden="true" className="h-3.5 w-3.5" />
                  Statement of Fact
                </Button>
              )}
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-3">
                <Field label="Reference">{quote.reference}</Field>
                <Field label="Proposer">{quote.proposerName}</Field>
                <Field label="Product">{quote.productCode}</Field>
                <Field label="Inception Date">{formatDateGb(quote.inceptionDate)}</Field>
                <Field label="Retroactive Date">{retroactiveCoverText(quote.declaration, quote.inceptionDate)}</Field>
                <Field label="Period of Cover">
                  {quote.runOffYears === null
                    ? ANNUAL_COVER_TEXT
                    : `${runOffCoverText(quote.runOffYears)}, one single premium`}
                </Field>
                <Field label="Current Premium">{total === null ? "-" : formatGbp(total)}</Field>
                <Field label="Status">{statusLabel(quote.status, "wizard")}</Field>
              </dl>
            </CardContent>
          </Card>
          {review.riskAssessment ? <RiskAssessmentDetails risk={review.riskAssessment} terms={review.quote} /> : null}
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
          <DeclarationNarratives quote={quote} />
          <Card>
            <CardHeader>
              <CardTitle>Underwriter Decision</CardTitle>
            </CardHeader>
            <CardContent>
              {quote.decision ? (
                <RecordedDecision review={review} />
              ) : canDecide && awaitingDecision ? (
                <DecisionForm
                  draft={draft}
                  onChange={changeDraft}
                  onSubmit={() => void submit()}
                  submitting={submitting}
                  errors={errors}
                  onEngage={() => preload(decisionCheck)}
                  authority={review.authority}
                  termsIssues={termsIssues}
                  clauses={clauses.data}
                />
              ) : (
                <p className="text-sm text-slate-700">
                  {awaitingDecision
                    ? "An underwriter will record the decision. This review is read-only for you."
                    : `The quote is ${statusLabel(quote.status, "wizard")}.`}
                </p>
              )}
            </CardContent>
          </Card>
          <ReviewQuestions
            quoteId={quote.id}
            questions={review.questions}
            canAsk={canDecide && awaitingDecision && !byToken}
          />
          {quote.decision && !byToken ? <QuoteTermsPanel quoteId={quote.id} canMark={canDecide} /> : null}
        </div>
        <div className="grid content-start gap-4">
          <PremiumSummary quote={quote} multiplier={multiplier} recorded={recordedPremium(review)} />
          <CommissionPanel quote={quote} canSet={canDecide && !byToken} />
          <QuoteHistory quote={quote} timeline={review.timeline} awaitingDecision={awaitingDecision} />
        </div>
      </div>
    </div>
  );
}

const STATEMENT_OF_FACT_ONLY: DocumentSelection = {
  statementOfFact: true,
  policySchedule: false,
  dcPolicyWording: false,
};

export const REVIEW_LINK_ENDED_TITLE = "Review Link Ended";

/**
 * A genuine review link whose review is over (decided, withdrawn, changed, or 14 days old): the server's words say
 * why, and the holder who is an underwriter signs in to see the quote as it is now.
 */
function ReviewLinkEnded({ quoteId, message }: { quoteId: string; message: string | undefined }) {
  return (
    <div
      role="alert"
      className="mx-auto mt-10 max-w-lg rounded-md border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <h1 className="text-lg font-semibold">{REVIEW_LINK_ENDED_TITLE}</h1>
      <p className="mt-1 text-sm">{message}</p>
      <Button asChild className="mt-4">
        <Link href={signInToDecideHref(quoteId)}>
          <LogIn aria-hidden="true" className="h-4 w-4" />
          Sign in
        </Link>
      </Button>
    </div>
  );
}

export function UnderwriterReviewScreen({ quoteId, token }: { quoteId: string; token: string | undefined }) {
  const me = useMe();
  const review = useUnderwriterReview(quoteId, token);
  if (review.isPending) return <FullPageSpinner label="Loading the review" />;
  if (review.error instanceof ApiError && review.error.code === "REVIEW_LINK_ENDED") {
    return <ReviewLinkEnded quoteId={quoteId} message={review.error.serverMessage} />;
  }
  if (review.isError) {
    return (
      <div role="alert" className="mx-auto mt-10 max-w-lg rounded-md border border-red-200 bg-red-50 p-5 text-red-900">
        <h1 className="text-lg font-semibold">{QUOTE_NOT_FOUND_TITLE}</h1>
        <p className="mt-1 text-sm">{QUOTE_NOT_FOUND_TEXT}</p>
      </div>
    );
  }
  return <ReviewBody review={review.data} canDecide={me.data?.role === "UNDERWRITER"} quoteId={quoteId} />;
}
