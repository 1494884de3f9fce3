/**
 * The conversation's e-mails (docs/product/documents.md): the broker hears of an underwriter's question, the
 * underwriter who asked hears of the answer. Written to the outbox inside the asking or answering transaction,
 * as referral e-mails are, so a write that rolls back sends nothing; the dispatcher delivers after commit.
 * Neither e-mail carries a token: the link opens the app, where the reader signs in.
 */
import { answerMailSubject, questionMailSubject } from "../../domain/underwriting/questions";
import type { Database } from "../db/client";
import { outbox } from "../db/schema";

interface MailQuote {
  id: string;
  reference: string;
  proposerName: string;
}

function appLink(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

/** The broker answers on step 7 of the quote. */
export function questionMailBody(input: { quote: MailQuote; question: string; askedBy: string; link: string }) {
  return [
    "Hello,",
    "",
    `${input.askedBy} has a question before deciding on your referred quote.`,
    "",
    `Reference: ${input.quote.reference}`,
    `Proposer: ${input.quote.proposerName}`,
    "",
    "Question:",
    input.question,
    "",
    "Answer it on the quote (sign in first):",
    input.link,
    "",
    "PI Quote Engine",
  ].join("\n");
}

export function answerMailBody(input: {
  quote: MailQuote;
  question: string;
  answer: string;
  answeredBy: string;
  link: string;
}) {
  return [
    "Hello,",
    "",
    `${input.answeredBy} has answered your question; the referral is back in the queue.`,
    "",
    `Reference: ${input.quote.reference}`,
    `Proposer: ${input.quote.proposerName}`,
    "",
    "Your question:",
    input.question,
    "",
    "Answer:",
    input.answer,
    "",
    "Open the review (sign in as an underwriter):",
    input.link,
    "",
    "PI Quote Engine",
  ].join("\n");
}

export async function queueQuestionMail(
  tx: Database,
  input: { to: string; quote: MailQuote; question: string; askedBy: string; baseUrl: string; now: Date },
): Promise<void> {
  const link = appLink(input.baseUrl, `/quote/${encodeURIComponent(input.quote.id)}/step/7`);
  await tx.insert(outbox).values({
    to: input.to,
    subject: questionMailSubject(input.quote),
    body: questionMailBody({ quote: input.quote, question: input.question, askedBy: input.askedBy, link }),
    createdAt: input.now,
  });
}

export async function queueAnswerMail(
  tx: Database,
  input: {
    to: string;
    quote: MailQuote;
    question: string;
    answer: string;
    answeredBy: string;
    baseUrl: string;
    now: Date;
  },
): Promise<void> {
  const link = appLink(input.baseUrl, `/uw/review/${encodeURIComponent(input.quote.id)}`);
  await tx.insert(outbox).values({
    to: input.to,
    subject: answerMailSubject(input.quote),
    body: answerMailBody({ ...input, link }),
    createdAt: input.now,
  });
}
