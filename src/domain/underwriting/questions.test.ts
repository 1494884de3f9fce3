import { describe, expect, it } from "vitest";
import { auditDetailLines } from "../audit";
import { quoteHistoryTitle } from "./history";
import {
  ANSWER_MAX_LENGTH,
  answerQuestionRequestSchema,
  askQuestionRequestSchema,
  isOpenQuestion,
  REFERRAL_QUESTION_MESSAGES as M,
  QUESTION_MAX_LENGTH,
  REFERRAL_WAITING_LABELS,
  referralWaiting,
} from "./questions";
import { underwriterQueueQuerySchema } from "./queue";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe("a question to the broker and its answer", () => {
  it("trims the texts and refuses empty or over-long ones with the domain's messages", () => {
    expect(askQuestionRequestSchema.parse({ question: "  Who checks the designs?  " })).toEqual({
      question: "Who checks the designs?",
    });
    expect(firstMessage(askQuestionRequestSchema.safeParse({ question: "   " }))).toBe(M.questionRequired);
    expect(firstMessage(askQuestionRequestSchema.safeParse({}))).toBe(M.questionRequired);
    expect(firstMessage(askQuestionRequestSchema.safeParse({ question: "q".repeat(QUESTION_MAX_LENGTH + 1) }))).toBe(
      M.questionTooLong,
    );
    expect(askQuestionRequestSchema.safeParse({ question: "q".repeat(QUESTION_MAX_LENGTH) }).success).toBe(true);
    expect(firstMessage(answerQuestionRequestSchema.safeParse({ answer: "" }))).toBe(M.answerRequired);
    expect(firstMessage(answerQuestionRequestSchema.safeParse({ answer: "a".repeat(ANSWER_MAX_LENGTH + 1) }))).toBe(
      M.answerTooLong,
    );
    expect(askQuestionRequestSchema.safeParse({ question: "Why?", status: "QUOTED" }).success).toBe(false);
  });

  it("is open until answered or closed, and an open one means the referral awaits the broker", () => {
    expect(isOpenQuestion({ answeredAt: null, closedAt: null })).toBe(true);
    expect(isOpenQuestion({ answeredAt: "2026-11-26T10:00:00Z", closedAt: null })).toBe(false);
    expect(isOpenQuestion({ answeredAt: null, closedAt: "2026-11-26T10:00:00Z" })).toBe(false);
    expect(referralWaiting(true)).toBe("broker");
    expect(referralWaiting(false)).toBe("underwriter");
    expect(REFERRAL_WAITING_LABELS.broker).toBe("Awaiting the broker");
  });

  it("filters the queue by who the referral waits for, and nothing else", () => {
    expect(underwriterQueueQuerySchema.parse({ waiting: "broker" })).toMatchObject({ waiting: "broker", page: 1 });
    expect(underwriterQueueQuerySchema.parse({})).not.toHaveProperty("waiting");
    expect(firstMessage(underwriterQueueQuerySchema.safeParse({ waiting: "nobody" }))).toBe(
      "Waiting must be one of broker, underwriter",
    );
  });

  it("reads in the history and the audit log in words", () => {
    const line = { decision: null, adjustmentMultiplier: null };
    expect(quoteHistoryTitle({ action: "question_asked", ...line })).toBe("Question sent to the broker");
    expect(quoteHistoryTitle({ action: "question_answered", ...line })).toBe("Broker answered");
    expect(quoteHistoryTitle({ action: "referral_withdrawn", ...line })).toBe("Referral withdrawn");
    const entry = (action: string, details: Record<string, unknown>) => ({ entityType: "quote", action, details });
    expect(
      auditDetailLines(entry("question_answered", { reference: "DCPI-000012", question: "Why?", answer: "Because" })),
    ).toEqual(["Reference: DCPI-000012", "Question: Why?", "Answer: Because"]);
    expect(
      auditDetailLines(entry("referral_withdrawn", { reference: "DCPI-000012", from: "REFERRED", to: "DRAFT" })),
    ).toEqual(["Reference: DCPI-000012", "Status before: REFERRED", "Status after: DRAFT"]);
  });
});
