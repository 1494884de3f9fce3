/**
 * The conversation on a referral in words and limits, without zod, so a screen that only shows questions
 * loads no schema library (the schemas are in questions.ts; docs/product/life-cycle.md "Questions to the broker").
 */
import type { ReferralQuestion } from "./questions";

export type { ReferralQuestion };

export const QUESTION_MAX_LENGTH = 2000;
export const ANSWER_MAX_LENGTH = 4000;

export const REFERRAL_QUESTION_MESSAGES = {
  questionRequired: "Write the question for the broker",
  questionTooLong: `A question must be at most ${QUESTION_MAX_LENGTH} characters`,
  answerRequired: "Write an answer to the underwriter's question",
  answerTooLong: `An answer must be at most ${ANSWER_MAX_LENGTH} characters`,
  /** 409: one open question at a time. */
  openQuestionExists: "The broker has not yet answered the question already asked on this quote",
  /** 409: an answer needs an open question. */
  noOpenQuestion: "This question is no longer open: it was answered or closed",
} as const;

/** Open: neither answered nor closed. */
export function isOpenQuestion(question: Pick<ReferralQuestion, "answeredAt" | "closedAt">): boolean {
  return question.answeredAt === null && question.closedAt === null;
}

/** Who a referral waits for: the broker while a question is open, otherwise the underwriter. */
export const REFERRAL_WAITING = ["broker", "underwriter"] as const;
export type ReferralWaiting = (typeof REFERRAL_WAITING)[number];

export const REFERRAL_WAITING_LABELS: Readonly<Record<ReferralWaiting, string>> = {
  broker: "Awaiting the broker",
  underwriter: "Awaiting the underwriter",
};

export function referralWaiting(hasOpenQuestion: boolean): ReferralWaiting {
  return hasOpenQuestion ? "broker" : "underwriter";
}

/** The e-mail to the broker when an underwriter asks (docs/product/documents.md). */
export function questionMailSubject(quote: { reference: string; proposerName: string }): string {
  return `Question from the underwriter: ${quote.proposerName} (${quote.reference})`;
}

/** The e-mail to the underwriter who asked, when the broker answers. */
export function answerMailSubject(quote: { reference: string; proposerName: string }): string {
  return `The broker answered your question: ${quote.proposerName} (${quote.reference})`;
}
