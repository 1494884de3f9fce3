/**
 * The conversation on a referral: POST /api/quotes/{id}/uw/questions, POST /api/quotes/{id}/questions/{questionId}/answer,
 * GET /api/questions/open, POST /api/quotes/{id}/withdraw, and the queue's "awaiting the broker" filter.
 */
import { desc } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import type { Quote } from "../../src/domain/quote/quote";
import {
  ANSWER_MAX_LENGTH,
  REFERRAL_QUESTION_MESSAGES as M,
  QUESTION_MAX_LENGTH,
  type ReferralQuestion,
} from "../../src/domain/underwriting/questions";
import type { UnderwriterQueueResponse } from "../../src/domain/underwriting/queue";
import type { UnderwriterReview } from "../../src/domain/underwriting/review";
import { outbox } from "../../src/server/db/schema";
import { demoUser } from "../../src/server/db/seed";
import { auditEntries } from "../support/audit";
import { signIn, signInNewUser } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import {
  call,
  createCompleteQuote,
  FINANCIAL_OVERVIEW,
  MATERIAL_FACT_DECLARATION,
  patchQuote,
  rateQuote,
  STEP_SEVEN,
} from "./quotes-fixtures";

type QuestionBody = { data: ReferralQuestion };
type QuestionsBody = { data: ReferralQuestion[] };
type ErrorBody = { error: string; code: string; issues?: { path: string; message: string }[] };

describeEachDatabase("a conversation on a referral", (ctx) => {
  afterEach(() => ctx.clock.reset());

  async function referred(broker: string): Promise<Quote> {
    const quote = await createCompleteQuote(ctx.app, broker, { declaration: MATERIAL_FACT_DECLARATION });
    await rateQuote(ctx.app, broker, quote.id);
    const done = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {
      underwriterEmails: ["underwriter@example.com"],
    });
    expect(done.status).toBe(200);
    return done.body.data;
  }

  function ask(cookie: string | undefined, quoteId: string, question: unknown) {
    return call<QuestionBody & ErrorBody>(ctx.app, cookie, "POST", `/api/quotes/${quoteId}/uw/questions`, {
      question,
    });
  }
  function answer(cookie: string | undefined, quoteId: string, questionId: string, text: unknown) {
    return call<QuestionBody & ErrorBody>(
      ctx.app,
      cookie,
      "POST",
      `/api/quotes/${quoteId}/questions/${questionId}/answer`,
      { answer: text },
    );
  }
  async function queueRow(cookie: string, quoteId: string, waiting?: string) {
    const query = waiting ? `&waiting=${waiting}` : "";
    const queue = await call<UnderwriterQueueResponse>(ctx.app, cookie, "GET", `/api/uw/queue?pageSize=100${query}`);
    expect(queue.status).toBe(200);
    return { row: queue.body.data.find((item) => item.id === quoteId), body: queue.body };
  }

  it("asks the broker, takes the answer back to the queue, then decides, all in the review's history", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);

    const asked = await ask(underwriter, quote.id, "  Was the 2024 claim settled in full?  ");
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({
      quoteId: quote.id,
      question: "Was the 2024 claim settled in full?",
      askedBy: { email: demoUser("UNDERWRITER").email },
      answer: null,
      answeredAt: null,
    });
    const questionId = asked.body.data.id;

    // The quote keeps its referred status; the queue says it waits for the broker, and the filters agree.
    const afterAsk = await call(ctx.app, broker, "GET", `/api/quotes/${quote.id}`);
    expect(afterAsk.body.data.status).toBe("REFERRED");
    expect((await queueRow(underwriter, quote.id)).row?.waiting).toBe("broker");
    const brokerOnly = await queueRow(underwriter, quote.id, "broker");
    expect(brokerOnly.row).toBeDefined();
    expect(brokerOnly.body.data.every((row) => row.waiting === "broker")).toBe(true);
    expect(brokerOnly.body.meta.total).toBe(brokerOnly.body.data.length);
    expect((await queueRow(underwriter, quote.id, "underwriter")).row).toBeUndefined();

    // The broker hears of it by e-mail, with the question and a link to the quote's step 7.
    const [mail] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.to).toBe(demoUser("BROKER").email);
    expect(mail?.subject).toContain(quote.reference);
    expect(mail?.body).toContain("Was the 2024 claim settled in full?");
    expect(mail?.body).toContain(`/quote/${quote.id}/step/7`);

    // The broker sees it among their open questions.
    const open = await call<QuestionsBody>(ctx.app, broker, "GET", "/api/questions/open");
    expect(open.body.data.map((question) => question.id)).toContain(questionId);

    const answered = await answer(broker, quote.id, questionId, "Yes, settled in March 2024 for £12,000.");
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({
      answer: "Yes, settled in March 2024 for £12,000.",
      answeredBy: { email: demoUser("BROKER").email },
    });
    expect((await queueRow(underwriter, quote.id)).row?.waiting).toBe("underwriter");
    expect((await queueRow(underwriter, quote.id, "broker")).row).toBeUndefined();
    const [answerMail] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(answerMail?.to).toBe(demoUser("UNDERWRITER").email);
    expect(answerMail?.body).toContain("Yes, settled in March 2024 for £12,000.");
    expect(answerMail?.body).toContain(`/uw/review/${quote.id}`);
    const openAfter = await call<QuestionsBody>(ctx.app, broker, "GET", "/api/questions/open");
    expect(openAfter.body.data.map((question) => question.id)).not.toContain(questionId);

    const decided = await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, {
      decision: "APPROVED",
    });
    expect(decided.status).toBe(200);

    const review = await call<{ data: UnderwriterReview }>(ctx.app, underwriter, "GET", `/api/uw/review/${quote.id}`);
    expect(review.body.data.questions).toEqual([
      expect.objectContaining({
        question: "Was the 2024 claim settled in full?",
        answer: "Yes, settled in March 2024 for £12,000.",
      }),
    ]);
    expect(review.body.data.timeline.map((event) => event.action)).toEqual(
      expect.arrayContaining(["referred", "question_asked", "question_answered", "decision_recorded"]),
    );
    const actions = review.body.data.timeline.map((event) => event.action);
    expect(actions.indexOf("question_asked")).toBeLessThan(actions.indexOf("question_answered"));
    expect(actions.indexOf("question_answered")).toBeLessThan(actions.indexOf("decision_recorded"));

    const [askedAudit] = await auditEntries(ctx.db, { entityId: quote.id, action: "question_asked" });
    expect(askedAudit?.details).toMatchObject({ question: "Was the 2024 claim settled in full?" });
    const [answeredAudit] = await auditEntries(ctx.db, { entityId: quote.id, action: "question_answered" });
    expect(answeredAudit?.details).toMatchObject({ answer: "Yes, settled in March 2024 for £12,000." });
  });

  it("refuses a second open question, an answer with none open, and either once the quote is decided", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const first = await ask(underwriter, quote.id, "Who signs off the designs?");
    expect(first.status).toBe(201);
    const second = await ask(underwriter, quote.id, "And who checks them?");
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "QUOTE_STATE_CONFLICT", error: M.openQuestionExists });

    expect((await answer(broker, quote.id, first.body.data.id, "A chartered engineer.")).status).toBe(200);
    const again = await answer(broker, quote.id, first.body.data.id, "Twice?");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "QUOTE_STATE_CONFLICT", error: M.noOpenQuestion });
    // After the answer another question may be asked.
    const next = await ask(underwriter, quote.id, "And who checks them?");
    expect(next.status).toBe(201);
    const unknown = await answer(broker, quote.id, "00000000-0000-4000-8000-000000000000", "Who?");
    expect(unknown.status).toBe(404);

    // A decision settles the referral: the open question closes, and nothing more is asked or answered.
    expect(
      (await call(ctx.app, underwriter, "POST", `/api/quotes/${quote.id}/uw/decision`, { decision: "APPROVED" }))
        .status,
    ).toBe(200);
    const late = await ask(underwriter, quote.id, "One more thing?");
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: "QUOTE_STATE_CONFLICT",
      error: "Questions are asked and answered only while the quote awaits an underwriter decision",
    });
    const lateAnswer = await answer(broker, quote.id, next.body.data.id, "Too late");
    expect(lateAnswer.status).toBe(409);
    expect(lateAnswer.body.code).toBe("QUOTE_STATE_CONFLICT");
    const questions = await call<QuestionsBody>(ctx.app, broker, "GET", `/api/quotes/${quote.id}/questions`);
    expect(questions.body.data.at(-1)).toMatchObject({ id: next.body.data.id, answer: null });
    expect(questions.body.data.at(-1)?.closedAt).not.toBeNull();

    const draft = await createCompleteQuote(ctx.app, broker);
    expect((await ask(underwriter, draft.id, "Anything?")).status).toBe(409);
  });

  it("keeps one open question when two underwriters ask at the same moment", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const first = await signIn(ctx.app, "UNDERWRITER");
    const second = (await signInNewUser(ctx.app, ctx.db, "UNDERWRITER")).cookie;
    const quote = await referred(broker);
    const answers = await Promise.all([
      ask(first, quote.id, "Who signs off the designs?"),
      ask(second, quote.id, "Who checks the drawings?"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toBe(M.openQuestionExists);
    const questions = await call<QuestionsBody>(ctx.app, broker, "GET", `/api/quotes/${quote.id}/questions`);
    expect(questions.body.data).toHaveLength(1);
    expect(await auditEntries(ctx.db, { entityId: quote.id, action: "question_asked" })).toHaveLength(1);
  });

  it("lets only an underwriter ask and only the quote's broker answer", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const admin = await signIn(ctx.app, "ADMIN");
    const quote = await referred(broker);
    expect((await ask(undefined, quote.id, "Why?")).status).toBe(401);
    expect((await ask(broker, quote.id, "Why?")).status).toBe(403);
    expect((await ask(admin, quote.id, "Why?")).status).toBe(403);
    expect((await ask(underwriter, "00000000-0000-4000-8000-000000000000", "Why?")).status).toBe(404);
    const asked = await ask(underwriter, quote.id, "Why?");
    expect(asked.status).toBe(201);
    const id = asked.body.data.id;
    expect((await answer(undefined, quote.id, id, "Because")).status).toBe(401);
    expect((await answer(other.cookie, quote.id, id, "Because")).status).toBe(403);
    expect((await answer(underwriter, quote.id, id, "Because")).status).toBe(403);
    expect((await answer(admin, quote.id, id, "Because")).status).toBe(403);
    expect((await call(ctx.app, other.cookie, "GET", `/api/quotes/${quote.id}/questions`)).status).toBe(403);
    const othersOpen = await call<QuestionsBody>(ctx.app, other.cookie, "GET", "/api/questions/open");
    expect(othersOpen.body.data.map((question) => question.quoteId)).not.toContain(quote.id);
    // Nothing was stored by the refusals.
    expect(await auditEntries(ctx.db, { entityId: quote.id, action: "question_answered" })).toEqual([]);
  });

  it("refuses an empty or over-long question or answer with the domain's message", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    for (const [text, message] of [
      ["   ", M.questionRequired],
      ["x".repeat(QUESTION_MAX_LENGTH + 1), M.questionTooLong],
      [42, M.questionRequired],
    ] as const) {
      const refused = await ask(underwriter, quote.id, text);
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toContainEqual({ path: "question", message });
    }
    const asked = await ask(underwriter, quote.id, "x".repeat(QUESTION_MAX_LENGTH));
    expect(asked.status).toBe(201);
    for (const [text, message] of [
      ["", M.answerRequired],
      ["y".repeat(ANSWER_MAX_LENGTH + 1), M.answerTooLong],
    ] as const) {
      const refused = await answer(broker, quote.id, asked.body.data.id, text);
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toContainEqual({ path: "answer", message });
    }
  });

  it("keeps an open question through a reopen and lets the broker answer once the quote is referred again", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const quote = await referred(broker);
    const asked = await ask(underwriter, quote.id, "Is the turnover right?");
    // The broker changes an answer: the referred quote reopens to DRAFT, as it always has.
    // £1,200,000 lifts the rating into the next band, so the price changes.
    const reopened = await patchQuote(ctx.app, broker, quote.id, {
      financialOverview: { ...FINANCIAL_OVERVIEW, turnover: 1_200_000 },
    });
    expect(reopened.status).toBe("DRAFT");
    const whileDraft = await answer(broker, quote.id, asked.body.data.id, "Corrected to £1,200,000");
    expect(whileDraft.status).toBe(409);
    const open = await call<QuestionsBody>(ctx.app, broker, "GET", "/api/questions/open");
    expect(open.body.data.map((question) => question.id)).toContain(asked.body.data.id);

    // The corrected turnover falls in the £1m-£1.5m band, which the rating must now use.
    await rateQuote(ctx.app, broker, quote.id, { ...STEP_SEVEN, turnoverBand: "1m_to_1_5m" });
    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);
    expect((await queueRow(underwriter, quote.id)).row?.waiting).toBe("broker");
    const answered = await answer(broker, quote.id, asked.body.data.id, "Corrected to £1,200,000");
    expect(answered.status).toBe(200);
    expect((await queueRow(underwriter, quote.id)).row?.waiting).toBe("underwriter");
  });

  it("withdraws a referral back to DRAFT, closing its open question, for the quote's broker only", async () => {
    const broker = await signIn(ctx.app, "BROKER");
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const other = await signInNewUser(ctx.app, ctx.db, "BROKER");
    const quote = await referred(broker);
    const asked = await ask(underwriter, quote.id, "Any subcontractors?");
    const url = `/api/quotes/${quote.id}/withdraw`;
    expect((await call(ctx.app, undefined, "POST", url, {})).status).toBe(401);
    expect((await call(ctx.app, other.cookie, "POST", url, {})).status).toBe(403);
    expect((await call(ctx.app, underwriter, "POST", url, {})).status).toBe(403);
    expect((await call(ctx.app, await signIn(ctx.app, "ADMIN"), "POST", url, {})).status).toBe(403);
    expect((await call(ctx.app, broker, "POST", url, { expectedVersion: quote.version - 1 })).status).toBe(409);

    const withdrawn = await call(ctx.app, broker, "POST", url, {});
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.status).toBe("DRAFT");
    expect((await queueRow(underwriter, quote.id)).row).toBeUndefined();
    const questions = await call<QuestionsBody>(ctx.app, broker, "GET", `/api/quotes/${quote.id}/questions`);
    expect(questions.body.data).toEqual([expect.objectContaining({ id: asked.body.data.id, answer: null })]);
    expect(questions.body.data[0]?.closedAt).not.toBeNull();
    const [audit] = await auditEntries(ctx.db, { entityId: quote.id, action: "referral_withdrawn" });
    expect(audit?.details).toMatchObject({ from: "REFERRED", to: "DRAFT", questionClosed: true });
    expect(audit?.actorId).toBeTruthy();

    const twice = await call<ErrorBody>(ctx.app, broker, "POST", url, {});
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: "QUOTE_STATE_CONFLICT",
      error: "Only a referral awaiting an underwriter decision can be withdrawn",
    });

    // Referred again, it starts afresh: the closed question no longer holds it for the broker.
    await rateQuote(ctx.app, broker, quote.id);
    expect((await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/refer`, {})).status).toBe(200);
    expect((await queueRow(underwriter, quote.id)).row?.waiting).toBe("underwriter");
    const review = await call<{ data: UnderwriterReview }>(ctx.app, underwriter, "GET", `/api/uw/review/${quote.id}`);
    expect(review.body.data.timeline.map((event) => event.action)).toContain("referral_withdrawn");
  });

  it("refuses an unknown waiting filter", async () => {
    const underwriter = await signIn(ctx.app, "UNDERWRITER");
    const refused = await call<ErrorBody>(ctx.app, underwriter, "GET", "/api/uw/queue?waiting=nobody");
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toContainEqual({
      path: "waiting",
      message: "Waiting must be one of broker, underwriter",
    });
  });
});
