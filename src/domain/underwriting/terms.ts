/**
 * The terms an underwriter puts on an approval or counter offer (docs/product/life-cycle.md "Terms on a decision"):
 * clauses from the administrators' endorsement library, each pinned at the version current when the decision
 * was made (ADR 0066), and subjectivities, which must be met before binding (PRE_BIND, they hold Issue Policy) or
 * after it (POST_BIND, tracked against their due date).
 */
import { z } from "zod";

import {
  CLAUSE_CODE_MAX_LENGTH,
  CLAUSE_CODE_PATTERN,
  CLAUSE_TITLE_MAX_LENGTH,
  CLAUSE_WORDING_MAX_LENGTH,
  SUBJECTIVITY_STATUSES,
  SUBJECTIVITY_TEXT_MAX_LENGTH,
  SUBJECTIVITY_TIMINGS,
  TERMS_MAX_ITEMS,
  TERMS_MESSAGES,
} from "./terms-rules";

export * from "./terms-rules";

const M = TERMS_MESSAGES;

export const clauseCodeSchema = z
  .string({ error: M.code })
  .trim()
  .max(CLAUSE_CODE_MAX_LENGTH, M.codeLength)
  .regex(CLAUSE_CODE_PATTERN, M.code);

const clauseTextFields = {
  title: z.string({ error: M.title }).trim().min(1, M.title).max(CLAUSE_TITLE_MAX_LENGTH, M.titleLength),
  wording: z.string({ error: M.wording }).trim().min(1, M.wording).max(CLAUSE_WORDING_MAX_LENGTH, M.wordingLength),
};

/** POST /api/endorsements: a new clause, which becomes its version 1. */
export const newClauseSchema = z.strictObject({ code: clauseCodeSchema, ...clauseTextFields });
export type NewClause = z.infer<typeof newClauseSchema>;

/** PUT /api/endorsements/{code}: the clause's next version; the code never changes. */
export const clauseEditSchema = z.strictObject(clauseTextFields);
export type ClauseEdit = z.infer<typeof clauseEditSchema>;

export const clauseSchema = z.object({
  id: z.string(),
  code: z.string(),
  version: z.number().int(),
  title: z.string(),
  wording: z.string(),
  createdAt: z.string(),
});
export type Clause = z.infer<typeof clauseSchema>;
export const clauseListResponseSchema = z.object({ data: z.array(clauseSchema) });

export const subjectivityInputSchema = z.strictObject({
  text: z
    .string({ error: M.subjectivityText })
    .trim()
    .min(1, M.subjectivityText)
    .max(SUBJECTIVITY_TEXT_MAX_LENGTH, M.subjectivityTextLength),
  timing: z.enum(SUBJECTIVITY_TIMINGS, { error: M.timing }),
  dueDate: z.iso.date(M.dueDate),
});
export type SubjectivityInput = z.infer<typeof subjectivityInputSchema>;

/** The decision body's terms (docs/product/life-cycle.md): clause codes, and subjectivities. */
export const decisionTermsFields = {
  endorsements: z
    .array(clauseCodeSchema)
    .max(TERMS_MAX_ITEMS, M.tooMany)
    .refine((codes) => new Set(codes).size === codes.length, M.duplicateClause)
    .optional(),
  subjectivities: z.array(subjectivityInputSchema).max(TERMS_MAX_ITEMS, M.tooMany).optional(),
};

/** A decline carries no terms: there is nothing left to bind. */
export function termsIssue(value: {
  decision: string;
  endorsements?: readonly string[] | undefined;
  subjectivities?: readonly unknown[] | undefined;
}): { path: string[]; message: string } | null {
  if (value.decision !== "DECLINED") return null;
  if ((value.endorsements?.length ?? 0) > 0) return { path: ["endorsements"], message: M.termsOnlyForAcceptance };
  if ((value.subjectivities?.length ?? 0) > 0) return { path: ["subjectivities"], message: M.termsOnlyForAcceptance };
  return null;
}

export const markSubjectivitySchema = z.strictObject({
  status: z.enum(["SATISFIED", "WAIVED"], { error: M.markStatus }),
});
export type MarkSubjectivity = z.infer<typeof markSubjectivitySchema>;

export const subjectivitySchema = z.object({
  id: z.string(),
  text: z.string(),
  timing: z.enum(SUBJECTIVITY_TIMINGS),
  dueDate: z.string(),
  status: z.enum(SUBJECTIVITY_STATUSES),
  overdue: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type Subjectivity = z.infer<typeof subjectivitySchema>;

export const quoteTermsSchema = z.object({
  endorsements: z.array(clauseSchema),
  subjectivities: z.array(subjectivitySchema),
  /** The pre-bind subjectivities still open: while any is, Issue Policy is refused. */
  openPreBind: z.array(z.string()),
});
export type QuoteTerms = z.infer<typeof quoteTermsSchema>;

export const overdueSubjectivitySchema = z.object({
  quoteId: z.string(),
  reference: z.string(),
  proposerName: z.string(),
  policyNumber: z.string().nullable(),
  subjectivityId: z.string(),
  text: z.string(),
  dueDate: z.string(),
});
export type OverdueSubjectivity = z.infer<typeof overdueSubjectivitySchema>;
export const overdueSubjectivitiesResponseSchema = z.object({ data: z.array(overdueSubjectivitySchema) });
