/**
 * A question an underwriter asks the broker instead of deciding, and the broker's answer (docs/product/life-cycle.md
 * "Questions to the broker"): one schema for the server's validation and answers and the screens' reading of them.
 * The quote keeps its referred status; while a question is open the referral is awaiting the broker.
 */
import { z } from "zod";
import { expectedVersionSchema } from "../quote/risk";

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

const M = REFERRAL_QUESTION_MESSAGES;

/** POST /api/quotes/{id}/uw/questions. */
export const askQuestionRequestSchema = z.strictObject({
  question: z
    .string({ error: M.questionRequired })
    .trim()
    .min(1, M.questionRequired)
    .max(QUESTION_MAX_LENGTH, M.questionTooLong),
});
export type AskQuestionRequest = z.infer<typeof askQuestionRequestSchema>;

/** POST /api/quotes/{id}/questions/{questionId}/answer. */
export const answerQuestionRequestSchema = z.strictObject({
  answer: z.string({ error: M.answerRequired }).trim().min(1, M.answerRequired).max(ANSWER_MAX_LENGTH, M.answerTooLong),
});
export type AnswerQuestionRequest = z.infer<typeof answerQuestionRequestSchema>;

/** POST /api/quotes/{id}/withdraw: the broker takes the referral back; the quote returns to DRAFT. */
export const withdrawReferralRequestSchema = z.strictObject({ expectedVersion: expectedVersionSchema.optional() });
export type WithdrawReferralRequest = z.infer<typeof withdrawReferralRequestSchema>;

const person = z.object({ name: z.string(), email: z.string() }).nullable();

/** One exchange: the question, and the answer once given. Closed without an answer when the referral was withdrawn or decided. */
export const referralQuestionSchema = z.object({
  id: z.string(),
  quoteId: z.string(),
  question: z.string(),
  askedBy: person,
  askedAt: z.string(),
  answer: z.string().nullable(),
  answeredBy: person,
  answeredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type ReferralQuestion = z.infer<typeof referralQuestionSchema>;

export const referralQuestionListSchema = z.object({ data: z.array(referralQuestionSchema) });

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

export const referralWaitingSchema = z.enum(REFERRAL_WAITING, {
  error: `Waiting must be one of ${REFERRAL_WAITING.join(", ")}`,
});

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
