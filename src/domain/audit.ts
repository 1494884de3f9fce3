/**
 * The audit log (docs/product/permissions.md): its vocabulary, the GET /api/audit query and answer (one schema for the
 * server's validation and response and the web's reading of it), and how an entry reads on screen: in words,
 * answers named as the question catalogue names them and money as money.
 */
import { z } from "zod";
import { ROLE_LABELS, roleSchema } from "./auth/schemas";
import { formatAdjustment } from "./format/counter-offer";
import { formatDateGb, formatDateTimeGb } from "./format/dates";
import { formatGbp, parseMoneyString } from "./money";
import { findQuestion, QUESTION_SECTIONS, type QuestionSectionKey, recordLabel } from "./quote/catalogue";
import { ADDITIONAL_COVERS } from "./quote/financial-overview";
import { PREMIUM_LINES } from "./quote/premium-lines";
import { underwriterDecisionValueSchema } from "./quote/quote";
import { statusLabel } from "./quote/status";
import { humaniseName } from "./rating/worksheet";
import { shortReceiptHash } from "./receipt/short-hash";
import { decisionInWords, quoteHistoryTitle } from "./underwriting/history";
import { SUBJECTIVITY_STATUS_LABELS, SUBJECTIVITY_TIMING_LABELS } from "./underwriting/terms-rules";

export const AUDIT_ENTITY_TYPES = ["user", "session", "quote", "rating_version", "endorsement", "firm"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  "login",
  "login_failed",
  "logout",
  "created",
  "updated",
  "deleted",
  "rated",
  "referred",
  "completed",
  "reopened",
  "issued",
  "renewed",
  "run_off_quoted",
  "cancelled",
  "adjusted",
  "change_referred",
  "change_declined",
  "override_applied",
  "override_removed",
  "decision_recorded",
  "question_asked",
  "question_answered",
  "referral_withdrawn",
  "published",
  "authority_changed",
  "firm_changed",
  "handed_over",
  "commission_changed",
  "subjectivity_marked",
  "password_changed",
  "password_reset_sent",
  "password_reset",
  "sessions_ended",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_code_used",
  "reauthenticated",
  "two_factor_policy_changed",
  "two_factor_reset",
  "recovery_codes_renewed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPE_LABELS: Readonly<Record<AuditEntityType, string>> = {
  user: "User",
  session: "Sign-in",
  quote: "Quote",
  rating_version: "Rating version",
  endorsement: "Endorsement clause",
  firm: "Broker firm",
};

/** "override_applied" -> "Override applied". */
export function auditActionLabel(action: string): string {
  return humaniseName(action);
}

const isoDate = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);

/**
 * The filters and page of GET /api/audit, all optional. Dates are London calendar days, both inclusive, as
 * the log shows its times.
 */
export const auditQuerySchema = z
  .strictObject({
    entityType: z
      .enum(AUDIT_ENTITY_TYPES, { error: `Entity type must be one of ${AUDIT_ENTITY_TYPES.join(", ")}` })
      .optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `Action must be one of ${AUDIT_ACTIONS.join(", ")}` }).optional(),
    actorId: z.uuid({ error: "Actor must be a user id" }).optional(),
    from: isoDate("From").optional(),
    to: isoDate("To").optional(),
    page: z.coerce
      .number({ error: "Page must be a whole number" })
      .int("Page must be a whole number")
      .min(1, "Page must be 1 or more")
      .default(1),
    pageSize: z.coerce
      .number({ error: "Page size must be a whole number" })
      .int("Page size must be a whole number")
      .min(1, "Page size must be 1 or more")
      .max(100, "Page size must be at most 100")
      .default(25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "To must be on or after From",
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  entityType: z.string(),
  action: z.string(),
  entityId: z.string().nullable(),
  actorId: z.string().nullable(),
  /** Who did it; null for an anonymous event such as a failed sign-in. */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  details: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ total: z.number(), page: z.number(), pageSize: z.number() }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Details = Record<string, unknown>;
type Entry = Pick<AuditEntry, "entityType" | "action" | "details">;

/** What a detail is called and how its value reads; a null answer leaves the detail out. */
interface DetailWording {
  label: string;
  words?: (value: unknown, entry: Entry & { details: Details }) => string | null;
}

const NONE = "none";

function plain(value: unknown): string {
  if (value === null || value === undefined || value === "") return NONE;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length === 0 ? NONE : value.map(plain).join(", ");
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${humaniseName(key).toLowerCase()} ${plain(inner)}`)
      .join(", ");
  }
  return String(value);
}

/** Money as the audit trail keeps it (a two-decimal string; pence when a number), shown as money everywhere is. */
function money(value: unknown): string {
  if (typeof value === "number" && Number.isSafeInteger(value)) return formatGbp(value);
  const pence = typeof value === "string" ? parseMoneyString(value) : null;
  return pence === null ? plain(value) : formatGbp(pence);
}

function status(value: unknown): string {
  return typeof value === "string" ? statusLabel(value, "wizard") : plain(value);
}

function date(value: unknown): string {
  return typeof value === "string" ? formatDateGb(value) || value : plain(value);
}

function dateTime(value: unknown): string {
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? formatDateTimeGb(value) : plain(value);
}

/** A change kept as { from, to } reads "old -> new", each side as the detail's values read. */
function change(words: (value: unknown) => string) {
  return (value: unknown): string =>
    isRecord(value) && "from" in value && "to" in value && Object.keys(value).length === 2
      ? `${value.from === null ? NONE : words(value.from)} -> ${value.to === null ? NONE : words(value.to)}`
      : words(value);
}

const SIGN_IN_REFUSALS: Readonly<Record<string, string>> = {
  invalid_credentials: "Wrong e-mail address or password",
  locked: "Refused: locked from this address after repeated failed sign-ins",
  account_locked: "Refused: browsers not signed in on before locked out after failed sign-ins from many addresses",
  account_locked_everywhere:
    "Browsers not signed in on before locked out after failed sign-ins from many addresses (known browsers still sign in)",
  device_locked: "Refused: this browser locked after repeated failed sign-ins",
  wrong_current_password: "Wrong current password when changing the password",
};

const PRODUCT = "Product";

/** The quote's own columns a change may name, besides step 1's answers and the sections. */
const QUOTE_COLUMN_LABELS: Readonly<Record<string, string | null>> = {
  productCode: PRODUCT,
  declarationConfirmed: "Declaration confirmed",
  // Follows from the product; the product says it.
  productType: null,
};

const RATING_VERSION_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: "Name",
  notes: "Notes",
  json: "Configuration",
  effectiveFrom: "Effective from",
  effectiveTo: "Effective to",
  testCases: "Test cases",
};

function isSection(key: unknown): key is QuestionSectionKey {
  return typeof key === "string" && Object.hasOwn(QUESTION_SECTIONS, key);
}

/** An answer of a section by the words its record uses: the catalogue's, a step-7 cover's, or its own name. */
function answerLabel(section: QuestionSectionKey, key: string): string {
  const question = findQuestion(section, key);
  if (question) return recordLabel(question);
  const cover = ADDITIONAL_COVERS.find((candidate) => candidate.flag === key || candidate.limit === key);
  if (cover) return cover.flag === key ? cover.label : `${cover.label} limit`;
  return humaniseName(key);
}

/**
 * What a quote change changed, in the catalogue's words: the answers within the section when the entry names
 * them, otherwise its columns (a step-1 column is its question; a section column, the section).
 */
function quoteChanges(entry: Entry & { details: Details }): string | null {
  const { section, fields, answers } = entry.details;
  const columns = Array.isArray(fields) ? fields.filter((field): field is string => typeof field === "string") : [];
  const labels: string[] = [];
  if (isSection(section) && Array.isArray(answers)) {
    for (const key of answers) if (typeof key === "string") labels.push(answerLabel(section, key));
  }
  const stepOneColumns = columns.filter((column) => findQuestion("insuredsDetails", column) !== undefined);
  for (const column of columns) {
    if (Object.hasOwn(QUOTE_COLUMN_LABELS, column)) {
      const label = QUOTE_COLUMN_LABELS[column];
      if (label) labels.push(label);
    } else if (isSection(column)) {
      // The section's own column says no more than its answers, or than step 1's columns beside it.
      const saysMore = column !== section || !Array.isArray(answers);
      if (saysMore && !(column === "insuredsDetails" && stepOneColumns.length > 0)) {
        labels.push(QUESTION_SECTIONS[column].recordTitle);
      }
    } else if (!Array.isArray(answers) || section !== "insuredsDetails") {
      labels.push(answerLabel("insuredsDetails", column));
    }
  }
  const unique = [...new Set(labels)];
  return unique.length > 0 ? unique.join("; ") : null;
}

const NO_DECISION = { decision: null, adjustmentMultiplier: null } as const;

/** What reopened a quote: the section edited, or the step-7 write, as the quote's history words the latter. */
function reopeningCause(value: unknown): string {
  if (isSection(value)) return `${QUESTION_SECTIONS[value].recordTitle} changed`;
  if (value === "rate") return "Re-rated with new selections";
  if (value === "overridePremium") return quoteHistoryTitle({ action: "override_applied", ...NO_DECISION });
  if (value === "removeOverride") return quoteHistoryTitle({ action: "override_removed", ...NO_DECISION });
  return plain(value);
}

const base = PREMIUM_LINES.basePremium.label;
const total = PREMIUM_LINES.totalPremium.label;

/**
 * Every detail the audit trail writes, in words and in the order an entry lists them (the database keeps a
 * record's keys in its own order, not the writer's); a detail not listed reads by its own name, after them.
 */
const DETAIL_WORDING: Readonly<Record<string, DetailWording>> = {
  reference: { label: "Reference" },
  name: { label: "Name" },
  proposerName: { label: "Proposer" },
  productCode: { label: PRODUCT },
  email: { label: "E-mail" },
  role: {
    label: "Role",
    words: (value) => {
      const role = roleSchema.safeParse(value);
      return role.success ? ROLE_LABELS[role.data] : plain(value);
    },
  },
  sessionsRevoked: { label: "Sessions ended" },
  otherSessionsEnded: { label: "Other sessions ended" },
  current: {
    label: "Signed out",
    words: (value) => (value === true ? "Yes (the session that asked)" : value === false ? "No" : plain(value)),
  },
  expiresAt: { label: "Link works until", words: dateTime },
  reason: {
    label: "Reason",
    words: (value) => (typeof value === "string" ? (SIGN_IN_REFUSALS[value] ?? humaniseName(value)) : plain(value)),
  },
  lockedUntil: { label: "Locked until", words: dateTime },
  section: {
    label: "Section",
    words: (value) => (isSection(value) ? QUESTION_SECTIONS[value].recordTitle : plain(value)),
  },
  fields: {
    label: "Changed",
    words: (value, entry) =>
      entry.entityType === "rating_version"
        ? plain(
            (Array.isArray(value) ? value : [value]).map((field) =>
              typeof field === "string" ? (RATING_VERSION_FIELD_LABELS[field] ?? humaniseName(field)) : field,
            ),
          )
        : quoteChanges(entry),
  },
  // Named with the columns under "Changed".
  answers: { label: "Changed", words: () => null },
  decision: {
    label: "Decision",
    words: (value, entry) => {
      const parsed = underwriterDecisionValueSchema.safeParse(value);
      const multiplier = entry.details.adjustmentMultiplier;
      return parsed.success
        ? decisionInWords(parsed.data, typeof multiplier === "number" ? multiplier : null)
        : plain(value);
    },
  },
  adjustmentMultiplier: {
    label: "Adjustment",
    // A decision says its own adjustment.
    words: (value, entry) =>
      "decision" in entry.details ? null : typeof value === "number" ? formatAdjustment(value) : plain(value),
  },
  from: { label: "Status before", words: status },
  to: { label: "Status after", words: status },
  status: { label: "Status", words: status },
  cause: { label: "Because", words: reopeningCause },
  ratingVersion: { label: "Rating version" },
  // An id means nothing to a reader; the rating version is named beside it.
  ratingVersionId: { label: "Rating version", words: () => null },
  basePremium: { label: base, words: money },
  previousBasePremium: { label: `${base} before`, words: money },
  removedBasePremium: { label: "Override removed", words: money },
  totalPremium: { label: total, words: money },
  totalPremiumBefore: { label: `${total} before`, words: money },
  totalPremiumAfter: { label: `${total} after`, words: money },
  referralHits: { label: "Referral rules" },
  referralReason: { label: "Referral reasons" },
  recipients: { label: "Sent to" },
  question: { label: "Question" },
  answer: { label: "Answer" },
  reRated: { label: "Re-rated" },
  policyNumber: { label: "Policy number" },
  effectiveDate: { label: "Effective from", words: date },
  cancellationReason: { label: "Reason" },
  returnPremium: { label: "Return premium", words: money },
  returnTaxes: { label: "IPT returned", words: money },
  returnTotal: { label: "Total returned", words: money },
  endorsement: { label: "Endorsement No." },
  changedAnswers: { label: "Changed" },
  adjustmentTotal: { label: "Additional (return) premium with IPT", words: money },
  changeReasons: { label: "Needs an underwriter because" },
  declineNote: { label: "Underwriter's note" },
  uwNote: { label: "Note for the client" },
  fileNote: { label: "Note for the file" },
  subjectivity: { label: "Subjectivity" },
  timing: { label: "To be met", words: (value) => subjectivityWords(SUBJECTIVITY_TIMING_LABELS, value) },
  dueDate: { label: "Due", words: date },
  marked: { label: "Marked", words: (value) => subjectivityWords(SUBJECTIVITY_STATUS_LABELS, value) },
  renewal: { label: "Renewal" },
  renewalOf: { label: "Renewal of policy" },
  renewalOfReference: { label: "Renewal of quote" },
  effectiveFrom: { label: "Effective from", words: change(date) },
  effectiveTo: { label: "Effective to", words: change(date) },
  testCases: { label: "Test cases" },
  // The rating receipt written with the change (docs/product/receipts.md), by its short hash; none is not shown.
  receipt: { label: "Rating receipt", words: (value) => (typeof value === "string" ? shortReceiptHash(value) : null) },
  // The version that superseded it has its own entry, naming what it closed.
  supersededBy: { label: "Superseded by", words: () => null },
  closed: {
    label: "Closed",
    words: (value) => {
      const closed = Array.isArray(value) ? value.filter(isRecord) : [];
      if (closed.length === 0) return NONE;
      return closed
        .map((version) => `${plain(version.name)} (effective to ${change(date)(version.effectiveTo)})`)
        .join("; ");
    },
  },
};

const DETAIL_ORDER = Object.keys(DETAIL_WORDING);

function subjectivityWords(labels: Readonly<Record<string, string>>, value: unknown): string {
  return typeof value === "string" && Object.hasOwn(labels, value) ? (labels[value] ?? value) : plain(value);
}

/**
 * An entry's details as lines a person reads, each detail by its label and its value in words: "Premium
 * (inclusive): £1,388.67", "Changed: Annual turnover (revenue)", "Effective to: none -> 01/01/2035". Ids are
 * left out; text details stay as they are; no details give no lines.
 */
export function auditDetailLines(entry: Entry): string[] {
  const { details } = entry;
  if (typeof details === "string") return details.trim() ? [details.trim()] : [];
  if (!isRecord(details)) return [];
  const lines: string[] = [];
  const order = (key: string) => {
    const position = DETAIL_ORDER.indexOf(key);
    return position === -1 ? DETAIL_ORDER.length : position;
  };
  const entries = Object.entries(details).sort(([a], [b]) => order(a) - order(b));
  for (const [key, value] of entries) {
    const wording = DETAIL_WORDING[key];
    const words = wording?.words ? wording.words(value, { ...entry, details }) : plain(value);
    if (words !== null) lines.push(`${wording?.label ?? humaniseName(key)}: ${words}`);
  }
  return lines;
}

/** The entity an entry is about, in words ("Rating version"), whatever type an older entry names. */
export function auditEntityLabel(entityType: string): string {
  return Object.hasOwn(AUDIT_ENTITY_TYPE_LABELS, entityType)
    ? AUDIT_ENTITY_TYPE_LABELS[entityType as AuditEntityType]
    : humaniseName(entityType);
}
