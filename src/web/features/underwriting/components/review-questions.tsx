import {
  isOpenQuestion,
  QUESTION_MAX_LENGTH,
  REFERRAL_QUESTION_MESSAGES,
  type ReferralQuestion,
} from "@domain/underwriting/conversation";
import { QuestionExchange, TextToSend } from "@web/components/conversation/question-exchange";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { toast } from "@web/components/ui/toast-store";
import { useAskQuestion } from "@web/lib/api/referral-questions";
import { errorMessageOf } from "@web/lib/api-client";
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
    <Card data-testid="review-questions">
      <CardHeader>
        <CardTitle>Questions to the broker</CardTitle>
        {open ? <Badge tone="info">Awaiting the broker</Badge> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {questions.length > 0 ? (
          <ul className="grid gap-2">
            {questions.map((question) => (
              <QuestionExchange key={question.id} question={question} />
            ))}
          </ul>
        ) : null}
        {canAsk && !open ? (
          <TextToSend
            label="Ask the broker"
            maxLength={QUESTION_MAX_LENGTH}
            sendLabel="Send question"
            busyLabel="Sending..."
            icon={<MessageCircleQuestion aria-hidden="true" className="h-3.5 w-3.5" />}
            send={async (text) => {
              if (text.trim() === "") return REFERRAL_QUESTION_MESSAGES.questionRequired;
              try {
                await ask.mutateAsync({ quoteId, question: text });
                toast({ title: "Question Sent", description: "The broker has been asked and e-mailed" });
                return undefined;
              } catch (failure) {
                return errorMessageOf(failure);
              }
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
