/**
 * A quote's terms (docs/product/life-cycle.md "Terms on a decision"): the clauses and subjectivities of its
 * latest decision. A later decision replaces them (its rows are read, the earlier ones stay as history); a quote
 * reopened for changes has no decision, so no terms. Pre-bind subjectivities still open hold Issue Policy.
 */
import { and, asc, desc, eq, lt } from "drizzle-orm";
import { todayInLondon } from "../../../domain/format/dates";
import {
  isSubjectivityOverdue,
  type MarkSubjectivity,
  type OverdueSubjectivity,
  openPreBindTexts,
  type QuoteTerms,
  type SubjectivityInput,
  TERMS_MESSAGES,
} from "../../../domain/underwriting/terms";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import {
  endorsementClauses,
  type QuoteRow,
  quoteEndorsements,
  quoteSubjectivities,
  quotes,
  underwriterDecisions,
  users,
} from "../../db/schema";
import { AppError } from "../../errors";
import { requireQuote } from "../quotes/access-service";
import { clausesAsRated, currentClausesFor, toClauseResponse } from "./service";

/** Checks the codes before anything is written: an unknown one is a 400 and nothing is stored. */
export async function resolveDecisionTerms(
  db: Database,
  body: { endorsements?: readonly string[] | undefined; subjectivities?: readonly SubjectivityInput[] | undefined },
) {
  return { clauses: await currentClausesFor(db, body.endorsements ?? []), subjectivities: body.subjectivities ?? [] };
}

/** Writes a decision's terms, in the decision's transaction. */
export async function insertDecisionTerms(
  tx: Database,
  quoteId: string,
  decisionId: string,
  terms: Awaited<ReturnType<typeof resolveDecisionTerms>>,
): Promise<void> {
  if (terms.clauses.length > 0) {
    await tx
      .insert(quoteEndorsements)
      .values(terms.clauses.map((clause, position) => ({ quoteId, decisionId, clauseId: clause.id, position })));
  }
  if (terms.subjectivities.length > 0) {
    await tx
      .insert(quoteSubjectivities)
      .values(terms.subjectivities.map((s, position) => ({ quoteId, decisionId, position, ...s })));
  }
}

async function latestDecisionId(db: Database, quote: Pick<QuoteRow, "id" | "decision">): Promise<string | null> {
  if (quote.decision === null) return null;
  const [row] = await db
    .select({ id: underwriterDecisions.id })
    .from(underwriterDecisions)
    .where(eq(underwriterDecisions.quoteId, quote.id))
    .orderBy(desc(underwriterDecisions.createdAt), desc(underwriterDecisions.id))
    .limit(1);
  return row?.id ?? null;
}

export async function readQuoteTerms(
  db: Database,
  quote: Pick<QuoteRow, "id" | "decision" | "ratingResult" | "ratedAt">,
  now: Date,
): Promise<QuoteTerms> {
  // The rating's clauses come first; a clause the underwriter also attached prints once, at their version.
  const asRated = await clausesAsRated(db, quote.ratingResult?.endorsements ?? [], quote.ratedAt);
  const decisionId = await latestDecisionId(db, quote);
  if (decisionId === null) {
    return { endorsements: asRated.map(toClauseResponse), subjectivities: [], openPreBind: [] };
  }
  const clauses = await db
    .select({ clause: endorsementClauses })
    .from(quoteEndorsements)
    .innerJoin(endorsementClauses, eq(endorsementClauses.id, quoteEndorsements.clauseId))
    .where(eq(quoteEndorsements.decisionId, decisionId))
    .orderBy(asc(quoteEndorsements.position));
  const decided = new Set(clauses.map((c) => c.clause.code));
  const rows = await db
    .select({ s: quoteSubjectivities, by: { name: users.name, email: users.email } })
    .from(quoteSubjectivities)
    .leftJoin(users, eq(users.id, quoteSubjectivities.resolvedBy))
    .where(eq(quoteSubjectivities.decisionId, decisionId))
    .orderBy(asc(quoteSubjectivities.position));
  const today = todayInLondon(now);
  const subjectivities = rows.map(({ s, by }) => ({
    id: s.id,
    text: s.text,
    timing: s.timing,
    dueDate: s.dueDate,
    status: s.status,
    overdue: isSubjectivityOverdue(s, today),
    resolvedAt: s.resolvedAt?.toISOString() ?? null,
    resolvedBy: s.resolvedAt === null ? null : by,
  }));
  return {
    endorsements: [
      ...asRated.filter((clause) => !decided.has(clause.code)).map(toClauseResponse),
      ...clauses.map((c) => toClauseResponse(c.clause)),
    ],
    subjectivities,
    openPreBind: openPreBindTexts(subjectivities),
  };
}

/** Issue Policy's hold: 409 naming every pre-bind subjectivity still open. */
export async function assertNoOpenPreBind(
  db: Database,
  quote: Pick<QuoteRow, "id" | "decision" | "ratingResult" | "ratedAt">,
  now: Date,
) {
  const { openPreBind } = await readQuoteTerms(db, quote, now);
  if (openPreBind.length > 0) throw new AppError("QUOTE_STATE_CONFLICT", TERMS_MESSAGES.openPreBind(openPreBind));
}

/** An underwriter marks one of the quote's current subjectivities satisfied or waived, once; audited. */
export async function markSubjectivity(
  db: Database,
  actor: AuthUser,
  quoteId: string,
  subjectivityId: string,
  body: MarkSubjectivity,
  now: Date,
): Promise<QuoteTerms> {
  const { quote } = await requireQuote(db, quoteId);
  const decisionId = await latestDecisionId(db, quote);
  const [row] =
    decisionId === null
      ? []
      : await db
          .select()
          .from(quoteSubjectivities)
          .where(and(eq(quoteSubjectivities.id, subjectivityId), eq(quoteSubjectivities.decisionId, decisionId)));
  if (!row) throw new AppError("NOT_FOUND", TERMS_MESSAGES.subjectivityNotFound);
  if (row.status !== "OPEN") throw new AppError("QUOTE_STATE_CONFLICT", TERMS_MESSAGES.alreadyResolved);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(quoteSubjectivities)
      .set({ status: body.status, resolvedBy: actor.id, resolvedAt: now })
      .where(and(eq(quoteSubjectivities.id, row.id), eq(quoteSubjectivities.status, "OPEN")))
      .returning({ id: quoteSubjectivities.id });
    if (changed.length === 0) throw new AppError("QUOTE_STATE_CONFLICT", TERMS_MESSAGES.alreadyResolved);
    await recordAudit(tx, {
      at: now,
      entityType: "quote",
      action: "subjectivity_marked",
      entityId: quote.id,
      actorId: actor.id,
      details: {
        reference: quote.reference,
        subjectivity: row.text,
        timing: row.timing,
        dueDate: row.dueDate,
        marked: body.status,
      },
    });
  });
  return readQuoteTerms(db, quote, now);
}

/**
 * Post-bind subjectivities of issued policies still open after their due date, the longest overdue first. Only
 * a policy's current terms count: rows of a superseded decision are history.
 */
export async function listOverdueSubjectivities(db: Database, now: Date): Promise<OverdueSubjectivity[]> {
  const today = todayInLondon(now);
  const rows = await db
    .select({ s: quoteSubjectivities, q: quotes })
    .from(quoteSubjectivities)
    .innerJoin(quotes, eq(quotes.id, quoteSubjectivities.quoteId))
    .where(
      and(
        eq(quoteSubjectivities.status, "OPEN"),
        eq(quoteSubjectivities.timing, "POST_BIND"),
        lt(quoteSubjectivities.dueDate, today),
        eq(quotes.status, "ISSUED"),
      ),
    )
    .orderBy(asc(quoteSubjectivities.dueDate), asc(quotes.reference), asc(quoteSubjectivities.position))
    .limit(200);
  const current = new Map<string, string | null>();
  const out: OverdueSubjectivity[] = [];
  for (const { s, q } of rows) {
    if (!current.has(q.id)) current.set(q.id, await latestDecisionId(db, q));
    if (current.get(q.id) !== s.decisionId) continue;
    out.push({
      quoteId: q.id,
      reference: q.reference,
      proposerName: q.proposerName,
      policyNumber: q.policyNumber,
      subjectivityId: s.id,
      text: s.text,
      dueDate: s.dueDate,
    });
  }
  return out;
}
