/**
 * The rules and words of a decision's terms that screens need without the schemas (no zod): the timings and
 * states, their labels, the messages and the overdue and open pre-bind rules (docs/product/life-cycle.md).
 */
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
/** A clause code: capital letters and digits in groups joined by hyphens (ASB-EXCL). */
export const CLAUSE_CODE_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
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
