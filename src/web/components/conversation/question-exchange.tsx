import { formatDateTimeGb } from "@domain/format/dates";
import type { ReferralQuestion } from "@domain/underwriting/conversation";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Textarea } from "@web/components/ui/input";
import { FieldError, Label } from "@web/components/ui/label";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { useSingleFlight } from "@web/lib/single-flight";
import { type ReactNode, useId, useState } from "react";

function byline(person: ReferralQuestion["askedBy"], at: string | null, fallback: string): string {
  return `${person?.name ?? fallback}${at ? `, ${formatDateTimeGb(at)}` : ""}`;
}

/**
 * One exchange of the conversation on a referral (docs/product/life-cycle.md "Questions to the broker"): the
 * underwriter's question, and the broker's answer, or why there is none. The review screen and step 7 show it
 * the same way.
 */
export function QuestionExchange({ question }: { question: ReferralQuestion }) {
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3 text-sm" data-testid="question-exchange">
      <div>
        <p className="text-xs text-slate-600">
          Question from {byline(question.askedBy, question.askedAt, "an underwriter")}
        </p>
        <p className="whitespace-pre-line break-words text-slate-900">{question.question}</p>
      </div>
      {question.answer !== null ? (
        <div className="border-l-2 border-blue-300 pl-3">
          <p className="text-xs text-slate-600">
            Answer from {byline(question.answeredBy, question.answeredAt, "the broker")}
          </p>
          <p className="whitespace-pre-line break-words text-slate-900">{question.answer}</p>
        </div>
      ) : (
        <p className="text-xs font-medium text-slate-700">
          {question.closedAt
            ? `Closed without an answer, ${formatDateTimeGb(question.closedAt)}`
            : "Awaiting the broker's answer"}
        </p>
      )}
    </li>
  );
}

/**
 * A referral's questions in a card, oldest first, as the review and step 7 show them: `badge` says who is awaited
 * while a question is open, `empty` what shows before any, and `children` what the reader may do below them.
 */
export function QuestionsCard({
  testId,
  title,
  badge,
  questions,
  empty = null,
  children,
}: {
  testId: string;
  title: string;
  badge: string | null;
  questions: readonly ReferralQuestion[];
  empty?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {badge ? <Badge tone="info">{badge}</Badge> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {questions.length > 0 ? (
          <ul className="grid gap-2">
            {questions.map((question) => (
              <QuestionExchange key={question.id} question={question} />
            ))}
          </ul>
        ) : (
          empty
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A text to send (a question, an answer): a labelled box with its length limit and one button. An empty text is
 * refused with `required`; a refusal from the server shows under the box in its own words; once sent, the toast
 * `sent` says so and the box empties.
 */
export function TextToSend({
  label,
  maxLength,
  required,
  sendLabel,
  busyLabel,
  icon,
  send,
  sent,
}: {
  label: string;
  maxLength: number;
  required: string;
  sendLabel: string;
  busyLabel: string;
  icon?: ReactNode;
  send: (text: string) => Promise<unknown>;
  sent: { title: string; description: string };
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [submit, busy] = useSingleFlight(async () => {
    if (text.trim() === "") return setError(required);
    try {
      await send(text);
      toast(sent);
      setError(undefined);
      setText("");
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  });
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Label htmlFor={`${id}-text`}>{label}</Label>
      <Textarea
        id={`${id}-text`}
        rows={3}
        value={text}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          {icon}
          {busy ? busyLabel : sendLabel}
        </Button>
      </div>
    </form>
  );
}
