/**
 * The terms an underwriter puts on an approval or counter offer (docs/product/life-cycle.md "Terms on a decision"):
 * clauses from the administrators' endorsement library, each pinned at the version current when the decision
 * was made (ADR 0063), and subjectivities, which must be met before binding (PRE_BIND, they hold Issue Policy) or
 * after it (POST_BIND, tracked against their due date).
 */
import { z } from "zod";

export const SUBJECTIVITY_TIMINGS = ["PRE_BIND", "POST_BIND"] as const;
export type SubjectivityTiming = (typeof SUBJECTIVITY_TIMINGS)[number];
export const SUBJECTIVITY_STATUSES = ["OPEN", "SATISFIED", "WAIVED"] as const;
export type SubjectivityStatus = (typeof SUBJECTIVITY_STATUSES)[number];

export const SUBJECTIVITY_TIMING_LABELS: Readonly<Record<SubjectivityTiming, string>> = {
  PRE_BIND: "Before binding",
  POST_BIND: "After binding",
};
export const SUBJECTIVITY_STATUS_LABELS: Readonly<Record<SubjectivityStatus, string>> = {
  OPEN: "Open",
  SATISFIED: "Satisfied",
  WAIVED: "Waived",
};

export const CLAUSE_CODE_MAX_LENGTH = 20;
export const CLAUSE_TITLE_MAX_LENGTH = 120;
export const CLAUSE_WORDING_MAX_LENGTH = 4_000;
export const SUBJECTIVITY_TEXT_MAX_LENGTH = 500;
export const TERMS_MAX_ITEMS = 20;

export const TERMS_MESSAGES = {
  code: "A clause code is capital letters and digits in groups joined by hyphens, for example ASB-EXCL",
  codeLength: `A clause code must be at most ${CLAUSE_CODE_MAX_LENGTH} characters`,
  title: "Enter the clause's title",
  titleLength: `A clause title must be at most ${CLAUSE_TITLE_MAX_LENGTH} characters`,
  wording: "Enter the clause's wording",
  wordingLength: `A clause wording must be at most ${CLAUSE_WORDING_MAX_LENGTH} characters`,
  codeTaken: (code: string) => `A clause with the code ${code} already exists; edit it to make a new version`,
  clauseNotFound: "Clause not found",
  unknownClause: (code: string) => `There is no clause with the code ${code} in the endorsement library`,
  duplicateClause: "Each clause is attached once",
  tooMany: `At most ${TERMS_MAX_ITEMS} may be attached to a decision`,
  subjectivityText: "Enter what must be met",
  subjectivityTextLength: `A subjectivity must be at most ${SUBJECTIVITY_TEXT_MAX_LENGTH} characters`,
  timing: "Choose whether it must be met before or after binding",
  dueDate: "Enter the due date as a date (YYYY-MM-DD)",
  termsOnlyForAcceptance: "Clauses and subjectivities go with an approval or a counter offer, not a decline",
  markStatus: "Mark a subjectivity Satisfied or Waived",
  subjectivityNotFound: "Subjectivity not found",
  alreadyResolved: "This subjectivity has already been marked",
  openPreBind: (texts: readonly string[]) =>
    `The policy cannot be issued until the underwriter marks these subjectivities satisfied or waived: ${texts.join("; ")}`,
} as const;

const M = TERMS_MESSAGES;

export const clauseCodeSchema = z
  .string({ error: M.code })
  .trim()
  .max(CLAUSE_CODE_MAX_LENGTH, M.codeLength)
  .regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, M.code);

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

/** A post-bind subjectivity still open after its due date (London's today, from the server's clock). */
export function isSubjectivityOverdue(
  s: { timing: SubjectivityTiming; status: SubjectivityStatus; dueDate: string },
  today: string,
): boolean {
  return s.timing === "POST_BIND" && s.status === "OPEN" && s.dueDate < today;
}

/** The texts of the pre-bind subjectivities still open, in the order they were written. */
export function openPreBindTexts(
  list: readonly { timing: SubjectivityTiming; status: SubjectivityStatus; text: string }[],
) {
  return list.filter((s) => s.timing === "PRE_BIND" && s.status === "OPEN").map((s) => s.text);
}
