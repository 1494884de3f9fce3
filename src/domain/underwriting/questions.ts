/**
 * A question an underwriter asks the broker instead of deciding, and the broker's answer (docs/product/life-cycle.md
 * "Questions to the broker"): one schema for the server's validation and answers and the screens' reading of them.
 * The quote keeps its referred status; while a question is open the referral is awaiting the broker.
 */
import { z } from "zod";
import { expectedVersionSchema } from "../quote/risk";
import { ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH, REFERRAL_QUESTION_MESSAGES, REFERRAL_WAITING } from "./conversation";

export * from "./conversation";

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

export const referralWaitingSchema = z.enum(REFERRAL_WAITING, {
  error: `Waiting must be one of ${REFERRAL_WAITING.join(", ")}`,
});
