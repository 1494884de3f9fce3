import { COVER_LIMIT_OPTIONS, type TurnoverBand } from "@domain/constants";
import { formatGbp, formatGbpWhole, poundsToPence } from "@domain/money";
import { PREMIUM_LINES } from "@domain/quote/premium-lines";
import type { Quote, ReferralHit } from "@domain/quote/quote";
import {
  allowedTurnoverBands,
  brokerChosenBandNote,
  ratedTurnoverOf,
  turnoverBandFloorMessage,
} from "@domain/quote/rating-turnover";
import { statusLabel } from "@domain/quote/status";
import { TURNOVER_BAND_LABELS } from "@domain/quote/turnover-band";
import type { ExcessOption } from "@domain/rating/input";
import { QuoteTermsPanel } from "@web/components/terms/quote-terms-panel";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { paths } from "@web/config/paths";
import { AlertTriangle, ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { type CoverSelections, type QuoteSelections, selectionsFromQuote } from "../../lib/selections";
import { AdditionalCovers } from "../quote/additional-covers";
import { CompareOptions } from "../quote/compare-options";
import { CoverPeriod } from "../quote/cover-period";
import { DecisionSummary } from "../quote/decision-summary";
import { ExcessCards } from "../quote/excess-cards";
import { IssuePolicy } from "../quote/issue-policy";
import { LimitTermsFields } from "../quote/limit-terms";
import { PremiumCard } from "../quote/premium-card";
import { premiumLinesOf } from "../quote/premium-lines";
import { PremiumOverride } from "../quote/premium-override";
import { ReferralConversation } from "../quote/referral-conversation";
import { RenewalPremiumChange } from "../quote/renewal-premium-change";
import { useStepSevenWrites } from "../quote/step-seven-writes";
import { WizardDocuments } from "../quote/wizard-documents";
import { StepHeading } from "../step-shell";
import { useWizard } from "../wizard-context";

/** Step 7 offers the declared turnover's band and the higher ones only: the server refuses a lower one. */
function bandOptions(declaredTurnover: number | null | undefined) {
  return allowedTurnoverBands(declaredTurnover).map((band) => ({ value: band, label: TURNOVER_BAND_LABELS[band] }));
}
const COVER_LIMIT_SELECT_OPTIONS = COVER_LIMIT_OPTIONS.map((limit) => ({
  value: String(limit),
  label: formatGbpWhole(poundsToPence(limit)),
}));

export const REVIEW_REQUIRED_TEXT =
  'To proceed, click "Request Underwriter Review" below. You cannot complete the quote directly.';

function pounds(amount: number | null | undefined): string {
  return typeof amount === "number" ? formatGbpWhole(poundsToPence(amount)) : "-";
}

function QuoteSummary({ quote }: { quote: Quote }) {
  const overview = quote.financialOverview;
  const rows: [string, string][] = [
    ["Company", quote.proposerName],
    ["Directors", String(quote.numberOfDirectors)],
    ["Qualified staff", String(quote.numberOfQualifiedStaff)],
    ["Turnover", pounds(overview?.turnover)],
    ["Largest project", pounds(overview?.largestSingleProjectValue)],
    ["UK only", overview ? (overview.isAllTurnoverUK ? "Yes" : "No") : "-"],
    ["Reference", quote.reference],
    ["Product", quote.productCode],
    ["Status", statusLabel(quote.status, "wizard")],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quote Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1.5 text-sm md:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function ReferralHitsPanel({ hits }: { hits: readonly ReferralHit[] }) {
  return (
    <Card className="border-amber-300">
      <CardHeader className="bg-amber-50">
        <CardTitle>Referral reasons</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1.5 text-sm text-slate-800">
          {hits.map((hit) => (
            <li key={hit.code} className="flex gap-2">
              <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
              {hit.description}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function QuoteStep() {
  const { quote, readOnly, requestStep } = useWizard();
  const [, navigate] = useLocation();
  const [selections, setSelections] = useState<QuoteSelections | null>(() =>
    quote ? selectionsFromQuote(quote) : null,
  );
  // The card shows the quote as the server last stored it: with an override active the server keeps the
  // override as the base (so a rating does not replace it, docs/product/life-cycle.md) and prices fees, IPT and total around it.
  const lines = premiumLinesOf(quote);
  const { write, writing, sending } = useStepSevenWrites();

  // A draft that has every section but no premium yet is rated on arrival (e.g. after a failed rating).
  const autoRated = useRef(false);
  useEffect(() => {
    if (autoRated.current || readOnly || !quote || !selections) return;
    if (quote.status !== "DRAFT" || quote.ratedAt !== null || !quote.declaration) return;
    autoRated.current = true;
    void write({ kind: "rate", selections });
  });

  const changeSelections = async (next: QuoteSelections) => {
    if (!quote) {
      setSelections(next);
      return;
    }
    const previous = selections;
    setSelections(next);
    // A declined reopening or a failed rating goes back to the choices the shown premium was priced with, so
    // the broker can pick the same choice again to retry.
    if (!(await write({ kind: "rate", selections: next }))) {
      setSelections((current) => (current === next ? previous : current));
    }
  };

  const applyOverride = async (amountPounds: number): Promise<boolean> =>
    (await write({ kind: "override", basePence: poundsToPence(amountPounds) })) !== null;

  const resetOverride = async () => {
    await write({ kind: "reset" });
  };

  const complete = async () => {
    if (selections && (await write({ kind: "complete", selections }))) navigate(paths.dashboard);
  };

  const requestReview = async () => {
    if (selections && (await write({ kind: "refer", selections }))) navigate(paths.dashboard);
  };

  const hits = quote?.referralHits ?? [];
  const isDraft = quote?.status === "DRAFT";
  const needsReview = isDraft && hits.length > 0;
  const controlsDisabled = readOnly || !quote || writing;
  // A run-off quoted from a policy keeps the policy's cover: its premium is built from the policy's own.
  const coverDisabled = controlsDisabled || (quote?.runOffOfId ?? null) !== null;
  const declaredTurnover = quote?.financialOverview?.turnover;
  const bandNote = brokerChosenBandNote(selections?.turnoverBand, declaredTurnover);
  const bandFloor = turnoverBandFloorMessage(declaredTurnover);

  return (
    <div className="grid gap-4 max-lg:pb-24 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <StepHeading step={7} className="lg:col-span-2" />
      <div className="grid content-start gap-4">
        {quote ? <QuoteSummary quote={quote} /> : null}
        <DecisionSummary quote={quote} />
        <ReferralConversation quote={quote} />
        {/* A decision's terms, or the clauses the rating attached: the panel shows nothing when there are none. */}
        {quote?.decision || quote?.totalPremium ? <QuoteTermsPanel quoteId={quote.id} /> : null}
        <Card>
          <CardHeader>
            <CardTitle>Revenue Classification</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1.5">
            <Label htmlFor="turnoverBand">Turnover band</Label>
            <Select
              id="turnoverBand"
              value={selections?.turnoverBand ?? ""}
              placeholder="Select a turnover band"
              disabled={coverDisabled}
              options={bandOptions(declaredTurnover)}
              aria-describedby={bandNote || bandFloor ? "turnoverBand-note" : undefined}
              onValueChange={(value) =>
                selections && void changeSelections({ ...selections, turnoverBand: value as TurnoverBand })
              }
            />
            {bandNote || bandFloor ? (
              <p id="turnoverBand-note" className="text-xs text-slate-700" data-testid="turnover-band-note">
                {bandNote ?? bandFloor}
              </p>
            ) : null}
          </CardContent>
        </Card>
        {quote && selections ? (
          <CoverPeriod
            quote={quote}
            value={selections.runOffYears}
            disabled={controlsDisabled}
            onChange={(runOffYears) => void changeSelections({ ...selections, runOffYears })}
          />
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Cover Limit Selection</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="coverLimit">Aggregate cover limit</Label>
              <Select
                id="coverLimit"
                value={selections ? String(selections.coverLimit) : ""}
                placeholder="Select a cover limit"
                disabled={coverDisabled}
                options={COVER_LIMIT_SELECT_OPTIONS}
                onValueChange={(value) =>
                  selections && void changeSelections({ ...selections, coverLimit: Number(value) })
                }
              />
            </div>
            {selections ? (
              <LimitTermsFields
                value={selections}
                disabled={coverDisabled}
                idPrefix="step7"
                onChange={(terms) => void changeSelections({ ...selections, ...terms })}
              />
            ) : null}
            <div className="grid gap-1.5">
              <p className="text-sm font-medium text-slate-800">Design Liability excess</p>
              <ExcessCards
                current={selections?.excess ?? "standard"}
                basePremium={lines?.basePremium ?? null}
                overridden={quote?.premiumOverridden ?? false}
                disabled={coverDisabled}
                onChange={(excess: ExcessOption) => selections && void changeSelections({ ...selections, excess })}
              />
            </div>
            {quote && lines ? (
              <div>
                <CompareOptions
                  quote={quote}
                  readOnly={readOnly || quote.runOffOfId !== null}
                  busy={writing}
                  onChoose={(coverLimit, excess, terms) =>
                    selections && void changeSelections({ ...selections, coverLimit, excess, ...terms })
                  }
                />
              </div>
            ) : null}
          </CardContent>
        </Card>
        {selections ? (
          <AdditionalCovers
            covers={selections.covers}
            disabled={coverDisabled}
            onChange={(covers: CoverSelections) => void changeSelections({ ...selections, covers })}
          />
        ) : null}
        <WizardDocuments quote={quote} />
      </div>
      <div className="grid content-start gap-4">
        <PremiumCard
          lines={lines}
          coverLimit={selections?.coverLimit ?? COVER_LIMIT_OPTIONS[2]}
          excess={selections?.excess ?? "standard"}
          terms={quote ?? null}
          updating={sending === "rate"}
          trace={quote?.ratingTrace ?? []}
          turnover={quote ? ratedTurnoverOf(quote) : {}}
          runOffYears={quote?.runOffYears ?? null}
          commission={quote?.commission ?? null}
        />
        {quote ? <RenewalPremiumChange quote={quote} /> : null}
        {quote && lines ? (
          <PremiumOverride
            active={quote.premiumOverridden}
            busy={writing}
            sending={sending === "override" || sending === "reset"}
            disabled={readOnly}
            onApply={applyOverride}
            onReset={resetOverride}
          />
        ) : null}
        {needsReview ? <ReferralHitsPanel hits={hits} /> : null}
      </div>
      <div className="grid gap-3 lg:col-span-2">
        {needsReview ? (
          <section
            aria-labelledby="review-required-title"
            className="rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <h2 id="review-required-title" className="flex items-center gap-2 font-semibold">
              <AlertTriangle aria-hidden="true" className="h-4 w-4" />
              Underwriter Review Required
            </h2>
            <ul className="mt-2 list-disc pl-5">
              {hits.map((hit) => (
                <li key={hit.code}>{hit.description}</li>
              ))}
            </ul>
            <p className="mt-2">{REVIEW_REQUIRED_TEXT}</p>
          </section>
        ) : null}
        {quote && (quote.status === "REFERRED" || quote.status === "UW_REQUESTED") ? (
          <p role="note" className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950">
            This quote is with underwriting.{" "}
            <Link href={paths.underwriterReview(quote.id)} className="font-medium underline">
              Open the underwriter review
            </Link>
          </p>
        ) : null}
        <IssuePolicy
          quote={quote}
          busy={writing}
          onRerate={() =>
            quote ? write({ kind: "rate", selections: selections ?? selectionsFromQuote(quote) }) : undefined
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="outline" onClick={() => void requestStep(6)}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to Declaration
          </Button>
          {/* Below lg the premium card sits under every option, so the total and the one next action stay
              pinned to the bottom of the screen while the broker changes the options. */}
          <section
            aria-label="Premium summary"
            className="max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-20 max-lg:flex max-lg:items-center max-lg:justify-between max-lg:gap-3 max-lg:border-t max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:py-3 max-lg:shadow-[0_-4px_12px_rgb(15_23_42/0.08)] md:max-lg:left-14"
          >
            <p className="text-sm text-slate-700 lg:hidden">
              {PREMIUM_LINES.totalPremium.label}{" "}
              <strong className="block text-base text-slate-900 tabular-nums">
                {lines ? formatGbp(lines.totalPremium) : "-"}
              </strong>
            </p>
            <StepSevenAction
              quote={quote}
              needsReview={needsReview}
              readOnly={readOnly}
              rated={lines !== null}
              busy={writing}
              completing={sending === "complete"}
              referring={sending === "refer"}
              onComplete={() => void complete()}
              onRefer={() => void requestReview()}
            />
          </section>
        </div>
      </div>
    </div>
  );
}

function StepSevenAction({
  quote,
  needsReview,
  readOnly,
  rated,
  busy,
  completing,
  referring,
  onComplete,
  onRefer,
}: {
  quote: Quote | undefined;
  needsReview: boolean;
  readOnly: boolean;
  rated: boolean;
  busy: boolean;
  completing: boolean;
  referring: boolean;
  onComplete: () => void;
  onRefer: () => void;
}) {
  if (!quote) return <Button disabled>Complete Previous Steps</Button>;
  if (readOnly) return null;
  if (needsReview) {
    return (
      <Button onClick={onRefer} disabled={referring || busy}>
        {referring ? "Referring..." : "Request Underwriter Review"}
      </Button>
    );
  }
  if (quote.status === "DRAFT" || quote.status === "UW_APPROVED") {
    return (
      <Button onClick={onComplete} disabled={completing || busy || !rated}>
        {completing ? "Completing..." : "Complete"}
      </Button>
    );
  }
  return null;
}
