import { counterOfferPremium, formatAdjustment } from "@domain/format/counter-offer";
import { formatDateTimeGb } from "@domain/format/dates";
import { formatGbp, parseMoneyString, sumPence } from "@domain/money";
import type { Quote } from "@domain/quote/quote";
import { type QuoteHistoryEvent, quoteHistoryTitle } from "@domain/underwriting/history";
import { declarationNarratives } from "@domain/underwriting/narratives";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import {
  ArrowRightLeft,
  BadgeCheck,
  Calculator,
  CheckCircle2,
  Clock,
  FileText,
  Gavel,
  MessageCircleQuestion,
  MessageSquareText,
  Percent,
  RotateCcw,
  Send,
  Undo2,
} from "lucide-react";

function pence(amount: string | null | undefined): number | null {
  return amount ? parseMoneyString(amount) : null;
}

/**
 * The premium a counter offer would give (docs/product/rating.md formula, from the domain); null when the quote has no
 * rated premium. Approve and Decline leave the premium as it is.
 */
export function finalPremiumPence(quote: Quote, multiplier: number): number | null {
  const basePence = pence(quote.basePremium);
  const taxesPence = pence(quote.taxes);
  if (basePence === null || taxesPence === null) return null;
  const feesPence = sumPence(quote.fees.map((fee) => pence(fee.amount) ?? 0));
  return counterOfferPremium({ basePence, feesPence, taxesPence, multiplier }).totalPremium;
}

/** A recorded decision's figures: the premium before it, the multiplier, and the premium it gave. */
export interface RecordedPremium {
  originalPence: number | null;
  multiplier: number;
  finalPence: number | null;
}

/**
 * The premium a decision gives. While the quote awaits a decision it previews the counter offer being set;
 * once decided it shows what was recorded (the premium before the decision, its adjustment, the premium now).
 */
export function PremiumSummary({
  quote,
  multiplier,
  recorded,
}: {
  quote: Quote;
  multiplier: number;
  recorded?: RecordedPremium | undefined;
}) {
  const original = recorded ? recorded.originalPence : pence(quote.totalPremium);
  const final = recorded ? recorded.finalPence : finalPremiumPence(quote, multiplier);
  const shownMultiplier = recorded ? recorded.multiplier : multiplier;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Premium Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-1.5 text-sm" data-testid="premium-summary">
          <div className="flex justify-between gap-3">
            <dt>Original Premium</dt>
            <dd className="tabular-nums">{original === null ? "-" : formatGbp(original)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>Adjustment</dt>
            <dd className="tabular-nums">{formatAdjustment(shownMultiplier)}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-1.5 font-semibold text-slate-900">
            <dt>Final Premium</dt>
            <dd className="tabular-nums">{final === null ? "-" : formatGbp(final)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

const HISTORY_ICONS: Record<QuoteHistoryEvent["action"], typeof FileText> = {
  created: FileText,
  rated: Calculator,
  override_applied: Calculator,
  override_removed: Calculator,
  commission_changed: Percent,
  handed_over: ArrowRightLeft,
  referred: Send,
  decision_recorded: Gavel,
  question_asked: MessageCircleQuestion,
  question_answered: MessageSquareText,
  referral_withdrawn: Undo2,
  reopened: RotateCcw,
  completed: CheckCircle2,
  issued: BadgeCheck,
};

/**
 * The quote's history from its audit trail, each step with who took it and when; while the quote awaits a
 * decision the last line is 'Under review', marked Now.
 */
export function QuoteHistory({
  quote,
  timeline,
  awaitingDecision,
}: {
  quote: Quote;
  timeline: readonly QuoteHistoryEvent[];
  awaitingDecision: boolean;
}) {
  // A review answered without a timeline still shows docs/product/screens.md's minimum from the quote's own dates.
  const events: QuoteHistoryEvent[] =
    timeline.length > 0
      ? [...timeline]
      : [
          {
            id: "created",
            action: "created",
            actor: null,
            at: quote.createdAt,
            decision: null,
            adjustmentMultiplier: null,
          },
          ...(quote.referredAt
            ? [
                {
                  id: "referred",
                  action: "referred" as const,
                  actor: null,
                  at: quote.referredAt,
                  decision: null,
                  adjustmentMultiplier: null,
                },
              ]
            : []),
        ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quote History</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 text-sm" data-testid="quote-history">
          {events.map((event) => {
            const Icon = HISTORY_ICONS[event.action];
            return (
              <li key={event.id} className="flex gap-2">
                <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                <div>
                  <p className="font-medium text-slate-900">{quoteHistoryTitle(event)}</p>
                  <p className="text-xs text-slate-600">
                    {formatDateTimeGb(event.at)}
                    {event.actor ? ` by ${event.actor.name}` : ""}
                  </p>
                </div>
              </li>
            );
          })}
          {awaitingDecision ? (
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 text-blue-800" />
              <div className="flex items-center gap-2">
                <p className="font-medium text-slate-900">Under review</p>
                <Badge tone="info">Now</Badge>
              </div>
            </li>
          ) : null}
        </ol>
      </CardContent>
    </Card>
  );
}

/** Every narrative of the declaration, so the underwriter reads what they decide on (ADR 0030). */
export function DeclarationNarratives({ quote }: { quote: Quote }) {
  const narratives = declarationNarratives(quote);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Declaration Details</CardTitle>
      </CardHeader>
      <CardContent>
        {narratives.length > 0 ? (
          <dl className="grid gap-3 text-sm" data-testid="declaration-narratives">
            {narratives.map((narrative) => (
              <div key={`${narrative.section}-${narrative.label}`}>
                <dt className="text-xs text-slate-600">
                  {narrative.section}: {narrative.label}
                </dt>
                <dd className="whitespace-pre-line text-slate-900">{narrative.text}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-600">The proposer gave no further details.</p>
        )}
      </CardContent>
    </Card>
  );
}
