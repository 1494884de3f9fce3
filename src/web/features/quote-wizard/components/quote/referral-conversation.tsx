import { decideQuoteAction } from "@domain/quote/lifecycle";
import type { Quote } from "@domain/quote/quote";
import { useMe } from "@web/lib/api/get-me";
import { useQuoteQuestions } from "@web/lib/api/referral-questions";
import { lazy, Suspense } from "react";

/** The card's code (the questions, the answer box, the withdrawal) comes only for a quote that shows it. */
const ReferralConversationCard = lazy(() =>
  import("./referral-conversation-card").then((m) => ({ default: m.ReferralConversationCard })),
);

/**
 * The referral's conversation on step 7, for the quote's broker (docs/product/life-cycle.md "Questions to the
 * broker"): the underwriter's questions, the answer box while one is open, and 'Withdraw referral' while the
 * quote awaits a decision. Nothing for a quote that was never asked anything and cannot be withdrawn.
 */
export function ReferralConversation({ quote }: { quote: Quote | null | undefined }) {
  const me = useMe();
  const questions = useQuoteQuestions(quote?.id);
  if (!quote || !me.data) return null;
  const isOwner = me.data.id === quote.brokerId;
  const mayWithdraw = decideQuoteAction({
    status: quote.status,
    role: me.data.role,
    isOwner,
    action: "withdraw",
  }).allowed;
  const list = questions.data ?? [];
  if (list.length === 0 && !mayWithdraw) return null;
  return (
    <Suspense fallback={null}>
      <ReferralConversationCard quote={quote} questions={list} role={me.data.role} isOwner={isOwner} />
    </Suspense>
  );
}
