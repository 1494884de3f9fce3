import type { Quote } from "@domain/quote/quote";
import { paths } from "@web/config/paths";
import { useMe } from "@web/lib/api/get-me";
import { useOpenQuestions } from "@web/lib/api/referral-questions";
import { MessageCircleQuestion } from "lucide-react";
import { Link } from "wouter";

/**
 * An underwriter's open question under a row's status, for the quote's broker (docs/product/screens.md): the
 * question, and 'Answer on step 7'. One request for the whole list: the open questions on the broker's quotes.
 */
export function RowQuestion({ quote }: { quote: Pick<Quote, "id" | "reference"> }) {
  const me = useMe();
  const open = useOpenQuestions(me.data?.role === "BROKER");
  const question = open.data?.find((candidate) => candidate.quoteId === quote.id);
  if (!question) return null;
  return (
    <div className="mt-1 grid max-w-56 gap-0.5 text-xs text-slate-700" data-testid="row-question">
      <span className="flex items-center gap-1 font-semibold text-blue-800">
        <MessageCircleQuestion aria-hidden="true" className="h-3.5 w-3.5" />
        Question from {question.askedBy?.name ?? "the underwriter"}
      </span>
      <span className="line-clamp-2 italic">"{question.question}"</span>
      <Link
        href={paths.quoteStep(quote.id, 7)}
        className="font-medium text-blue-800 underline underline-offset-2"
        aria-label={`Answer on step 7 of ${quote.reference}`}
      >
        Answer on step 7
      </Link>
    </div>
  );
}
