/**
 * The conversation on a referral (docs/product/life-cycle.md "Questions to the broker"): an underwriter asks the
 * quote's broker a question instead of deciding, the broker answers, and the referral is back with the
 * underwriter. The quote keeps its referred status throughout; each write is audited (the review's timeline)
 * and e-mails the other side through the outbox, in the same transaction.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type AnswerQuestionRequest,
  type AskQuestionRequest,
  REFERRAL_QUESTION_MESSAGES,
  type ReferralQuestion,
} from "../../../domain/underwriting/questions";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { quotes, type ReferralQuestionRow, referralQuestions, users } from "../../db/schema";
import { AppError, sqlStateOf } from "../../errors";
import { queueAnswerMail, queueQuestionMail } from "../../mail/question-notifications";
import { openQuoteForWrite } from "../quotes/access-service";

const M = REFERRAL_QUESTION_MESSAGES;
const askers = alias(users, "asker");
const answerers = alias(users, "answerer");

const openOnly = and(isNull(referralQuestions.answeredAt), isNull(referralQuestions.closedAt));

function toResponse(row: {
  question: ReferralQuestionRow;
  askedBy: { name: string; email: string } | null;
  answeredBy: { name: string; email: string } | null;
}): ReferralQuestion {
  const q = row.question;
  return {
    id: q.id,
    quoteId: q.quoteId,
    question: q.question,
    askedBy: row.askedBy,
    askedAt: q.askedAt.toISOString(),
    answer: q.answer,
    // A left join of no row gives an object of nulls; an unanswered question has no answerer.
    answeredBy: q.answeredBy === null ? null : row.answeredBy,
    answeredAt: q.answeredAt ? q.answeredAt.toISOString() : null,
    closedAt: q.closedAt ? q.closedAt.toISOString() : null,
  };
}

function selectQuestions(db: Database) {
  return db
    .select({
      question: referralQuestions,
      askedBy: { name: askers.name, email: askers.email },
      answeredBy: { name: answerers.name, email: answerers.email },
    })
    .from(referralQuestions)
    .leftJoin(askers, eq(askers.id, referralQuestions.askedBy))
    .leftJoin(answerers, eq(answerers.id, referralQuestions.answeredBy));
}

/** A quote's questions, oldest first. */
export async function findQuestions(db: Database, quoteId: string): Promise<ReferralQuestion[]> {
  const rows = await selectQuestions(db)
    .where(eq(referralQuestions.quoteId, quoteId))
    .orderBy(asc(referralQuestions.askedAt), asc(referralQuestions.id));
  return rows.map(toResponse);
}

/** The open questions on the quotes this user created: their dashboard's rows show them. */
export async function findOpenQuestionsFor(db: Database, userId: string): Promise<ReferralQuestion[]> {
  const mine = db.select({ id: quotes.id }).from(quotes).where(eq(quotes.brokerId, userId));
  const rows = await selectQuestions(db)
    .where(and(openOnly, inArray(referralQuestions.quoteId, mine)))
    .orderBy(asc(referralQuestions.askedAt));
  return rows.map(toResponse);
}

/** Closes a quote's open question without an answer (a withdrawal, a decision); returns whether one was open. */
export async function closeOpenQuestion(tx: Database, quoteId: string, now: Date): Promise<boolean> {
  const closed = await tx
    .update(referralQuestions)
    .set({ closedAt: now })
    .where(and(eq(referralQuestions.quoteId, quoteId), openOnly))
    .returning({ id: referralQuestions.id });
  return closed.length > 0;
}

interface MailOptions {
  now: Date;
  baseUrl: string;
}

export async function askQuestion(
  db: Database,
  actor: AuthUser,
  quoteId: string,
  body: AskQuestionRequest,
  options: MailOptions,
): Promise<ReferralQuestion> {
  const { found, quote } = await openQuoteForWrite(db, quoteId, actor, "askQuestion", undefined);
  const { now } = options;
  try {
    const id = await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: referralQuestions.id })
        .from(referralQuestions)
        .where(and(eq(referralQuestions.quoteId, quote.id), openOnly))
        .limit(1);
      if (open) throw new AppError("QUOTE_STATE_CONFLICT", M.openQuestionExists);
      const [row] = await tx
        .insert(referralQuestions)
        .values({ quoteId: quote.id, question: body.question, askedBy: actor.id, askedAt: now })
        .returning({ id: referralQuestions.id });
      await recordAudit(tx, {
        at: now,
        entityType: "quote",
        action: "question_asked",
        entityId: quote.id,
        actorId: actor.id,
        details: { reference: quote.reference, proposerName: quote.proposerName, question: body.question },
      });
      if (found.broker) {
        await queueQuestionMail(tx, {
          to: found.broker.email,
          quote,
          question: body.question,
          askedBy: actor.name,
          baseUrl: options.baseUrl,
          now,
        });
      }
      return row?.id ?? "";
    });
    const [saved] = await selectQuestions(db).where(eq(referralQuestions.id, id));
    if (!saved) throw new AppError("NOT_FOUND");
    return toResponse(saved);
  } catch (error) {
    // Two underwriters asking at once: the one-open-question index decides.
    if (sqlStateOf(error) === "23505") throw new AppError("QUOTE_STATE_CONFLICT", M.openQuestionExists);
    throw error;
  }
}

export async function answerQuestion(
  db: Database,
  actor: AuthUser,
  quoteId: string,
  questionId: string,
  body: AnswerQuestionRequest,
  options: MailOptions,
): Promise<ReferralQuestion> {
  const { quote } = await openQuoteForWrite(db, quoteId, actor, "answerQuestion", undefined);
  const [existing] = await selectQuestions(db).where(
    and(eq(referralQuestions.id, questionId), eq(referralQuestions.quoteId, quote.id)),
  );
  if (!existing) throw new AppError("NOT_FOUND");
  const { now } = options;
  await db.transaction(async (tx) => {
    const answered = await tx
      .update(referralQuestions)
      .set({ answer: body.answer, answeredBy: actor.id, answeredAt: now })
      .where(and(eq(referralQuestions.id, questionId), openOnly))
      .returning({ id: referralQuestions.id });
    if (answered.length === 0) throw new AppError("QUOTE_STATE_CONFLICT", M.noOpenQuestion);
    await recordAudit(tx, {
      at: now,
      entityType: "quote",
      action: "question_answered",
      entityId: quote.id,
      actorId: actor.id,
      details: {
        reference: quote.reference,
        proposerName: quote.proposerName,
        question: existing.question.question,
        answer: body.answer,
      },
    });
    if (existing.askedBy) {
      await queueAnswerMail(tx, {
        to: existing.askedBy.email,
        quote,
        question: existing.question.question,
        answer: body.answer,
        answeredBy: actor.name,
        baseUrl: options.baseUrl,
        now,
      });
    }
  });
  const [saved] = await selectQuestions(db).where(eq(referralQuestions.id, questionId));
  if (!saved) throw new AppError("NOT_FOUND");
  return toResponse(saved);
}
