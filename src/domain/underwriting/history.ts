/**
 * How an underwriter's decision and a quote's history read, in one place for the broker's quote, the
 * dashboard, the review screen and the printed documents (ADR 0030).
 */
import { formatAdjustment } from "../format/counter-offer";
import type { UnderwriterDecisionValue } from "../quote/quote";
import type { QuoteHistoryEvent } from "./review";

// The event's schema is in review.ts, the answer it belongs to, so a screen that only titles events loads no zod.
export type { QuoteHistoryEvent } from "./review";

/** The decision in words: "Approved", "Counter offer (+10%)", "Declined". */
export function decisionInWords(decision: UnderwriterDecisionValue, adjustmentMultiplier: number | null): string {
  if (decision === "APPROVED") return "Approved";
  if (decision === "DECLINED") return "Declined";
  return adjustmentMultiplier === null ? "Counter offer" : `Counter offer (${formatAdjustment(adjustmentMultiplier)})`;
}

/**
 * The audit entries of a quote that make its history, in the order a quote lives them. Section saves
 * ("updated") are left out: there is one per step and they say nothing an underwriter decides on.
 */
export const QUOTE_HISTORY_ACTIONS = [
  "created",
  "rated",
  "override_applied",
  "override_removed",
  "commission_changed",
  "handed_over",
  "referred",
  "decision_recorded",
  "question_asked",
  "question_answered",
  "referral_withdrawn",
  "reopened",
  "completed",
  "issued",
] as const;
export type QuoteHistoryAction = (typeof QUOTE_HISTORY_ACTIONS)[number];

const TITLES: Record<Exclude<QuoteHistoryAction, "decision_recorded">, string> = {
  created: "Quote created",
  rated: "Rated",
  override_applied: "Premium overridden",
  override_removed: "Premium override removed",
  commission_changed: "Commission rate changed",
  handed_over: "Handed to another broker of the firm",
  referred: "Referred for underwriting",
  question_asked: "Question sent to the broker",
  question_answered: "Broker answered",
  referral_withdrawn: "Referral withdrawn",
  reopened: "Reopened for changes",
  completed: "Completed",
  issued: "Policy issued",
};

/** One line of the history: "Referred for underwriting", "Decision: Counter offer (+10%)". */
export function quoteHistoryTitle(event: Pick<QuoteHistoryEvent, "action" | "decision" | "adjustmentMultiplier">) {
  if (event.action !== "decision_recorded") return TITLES[event.action];
  return event.decision === null
    ? "Decision recorded"
    : `Decision: ${decisionInWords(event.decision, event.adjustmentMultiplier)}`;
}
