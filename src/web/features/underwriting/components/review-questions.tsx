import {
  isOpenQuestion,
  QUESTION_MAX_LENGTH,
  REFERRAL_QUESTION_MESSAGES,
  type ReferralQuestion,
} from "@domain/underwriting/conversation";
import { QuestionsCard, TextToSend } from "@web/components/conversation/question-exchange";
import { useAskQuestion } from "@web/lib/api/referral-questions";
import { MessageCircleQuestion } from "lucide-react";

/**
 * 'Questions to the broker' on the review (docs/product/screens.md): every exchange, oldest first, and, for an
 * underwriter while the quote awaits a decision and no question is open, 'Ask the broker' instead of deciding.
 */
export function ReviewQuestions({
  quoteId,
  questions,
  canAsk,
}: {
  quoteId: string;
  questions: readonly ReferralQuestion[];
  canAsk: boolean;
}) {
  const ask = useAskQuestion();
  const open = questions.some(isOpenQuestion);
  if (questions.length === 0 && !canAsk) return null;
  return (
    <QuestionsCard
      testId="review-questions"
      title="Questions to the broker"
      badge={open ? "Awaiting the broker" : null}
      questions={questions}
    >
      {canAsk && !open ? (
        <TextToSend
          label="Ask the broker"
          maxLength={QUESTION_MAX_LENGTH}
          required={REFERRAL_QUESTION_MESSAGES.questionRequired}
          sendLabel="Send question"
          busyLabel="Sending..."
          icon={<MessageCircleQuestion aria-hidden="true" className="h-3.5 w-3.5" />}
          send={(text) => ask.mutateAsync({ quoteId, question: text })}
          sent={{ title: "Question Sent", description: "The broker has been asked and e-mailed" }}
        />
      ) : null}
    </QuestionsCard>
  );
}
