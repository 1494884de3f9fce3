import type { Role } from "@domain/auth/schemas";
import { decideQuoteAction } from "@domain/quote/lifecycle";
import type { Quote } from "@domain/quote/quote";
import {
  ANSWER_MAX_LENGTH,
  isOpenQuestion,
  REFERRAL_QUESTION_MESSAGES,
  type ReferralQuestion,
} from "@domain/underwriting/conversation";
import { QuestionsCard, TextToSend } from "@web/components/conversation/question-exchange";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/dialog";
import { toast } from "@web/components/ui/toast-store";
import { useAnswerQuestion, useWithdrawReferral } from "@web/lib/api/referral-questions";
import { errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { MessageSquareText, Undo2 } from "lucide-react";
import { useState } from "react";

export const WITHDRAW_CONFIRMATION =
  "The quote goes back to draft and leaves the underwriters' queue; an open question from the underwriter closes. You can change the quote and refer it again.";

/**
 * The referral's conversation card on step 7 (referral-conversation.tsx decides when it shows): the underwriter's
 * questions, the answer box while one is open, and 'Withdraw referral' while the quote awaits a decision.
 */
export function ReferralConversationCard({
  quote,
  questions: list,
  role,
  isOwner,
}: {
  quote: Quote;
  questions: readonly ReferralQuestion[];
  role: Role;
  isOwner: boolean;
}) {
  const answer = useAnswerQuestion();
  const withdraw = useWithdrawReferral();
  const [confirming, setConfirming] = useState(false);
  const [confirmWithdraw, withdrawing] = useSingleFlight(async () => {
    try {
      await withdraw.mutateAsync({ quoteId: quote.id, expectedVersion: quote.version });
      setConfirming(false);
      toast({ title: "Referral Withdrawn", description: `${quote.reference} is a draft again` });
    } catch (error) {
      toast({ title: "Withdraw Error", description: errorMessageOf(error), variant: "destructive" });
    }
  });

  const who = { status: quote.status, role, isOwner };
  const mayAnswer = decideQuoteAction({ ...who, action: "answerQuestion" }).allowed;
  const mayWithdraw = decideQuoteAction({ ...who, action: "withdraw" }).allowed;
  const open = list.find(isOpenQuestion);

  return (
    <QuestionsCard
      testId="referral-conversation"
      title="Questions from the underwriter"
      badge={open ? "Awaiting your answer" : null}
      questions={list}
      empty={<p className="text-sm text-slate-700">No questions: the referral awaits an underwriter's decision.</p>}
    >
      {open && mayAnswer ? (
        <TextToSend
          label="Your answer"
          maxLength={ANSWER_MAX_LENGTH}
          required={REFERRAL_QUESTION_MESSAGES.answerRequired}
          sendLabel="Send answer"
          busyLabel="Sending..."
          icon={<MessageSquareText aria-hidden="true" className="h-3.5 w-3.5" />}
          send={(text) => answer.mutateAsync({ quoteId: quote.id, questionId: open.id, answer: text })}
          sent={{ title: "Answer Sent", description: "The referral is back with the underwriters" }}
        />
      ) : null}
      {open && !mayAnswer && quote.status === "DRAFT" ? (
        <p className="text-sm text-slate-700">Refer the quote again to answer this question.</p>
      ) : null}
      {mayWithdraw ? (
        <div className="border-t border-slate-200 pt-3">
          <Button variant="outline" size="sm" disabled={withdrawing} onClick={() => setConfirming(true)}>
            <Undo2 aria-hidden="true" className="h-3.5 w-3.5" />
            Withdraw referral
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!next && !withdrawing) setConfirming(false);
        }}
        title="Withdraw this referral?"
        description={WITHDRAW_CONFIRMATION}
        confirmLabel="Withdraw referral"
        busyLabel="Withdrawing..."
        busy={withdrawing}
        onConfirm={() => void confirmWithdraw()}
      />
    </QuestionsCard>
  );
}
