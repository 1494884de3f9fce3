/**
 * The quote life cycle as pure decisions (docs/product/permissions.md who may do what and docs/product/life-cycle.md transitions). The server asks
 * `decideQuoteAction` before every write and maps a refusal to 403 (forbidden) or 409 (conflict); the web
 * asks `availableActions` to show only buttons that will work.
 */
import type { Role } from "../auth/schemas";
import type { UnderwriterDecisionValue } from "./quote";
import { isReopenable } from "./reopenable";
import { isQuoteStatus, type QuoteStatus } from "./status";
import { isQuoteExpired } from "./validity";

export const QUOTE_ACTIONS = [
  "view",
  "editSection",
  "rate",
  "complete",
  "refer",
  "overridePremium",
  "removeOverride",
  "decide",
  "issue",
  "downloadDocuments",
  "reviewRead",
  "askQuestion",
  "answerQuestion",
  "withdraw",
  "setCommission",
] as const;
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

export type QuoteActionContext = {
  action: QuoteAction;
  status: QuoteStatus;
  role: Role;
  /** The signed-in user created the quote. */
  isOwner: boolean;
  /** Referral hits of the latest (for `complete`, freshly re-run) rating; undefined when never rated. */
  referralHitCount?: number | undefined;
  /** When the quote was last rated (ISO string or Date); null/undefined when never rated. */
  ratedAt?: string | Date | null | undefined;
  /** "Now", for the 30-day validity; required to judge `issue`. */
  now?: Date | undefined;
  /** For `decide`: which decision, so the next status is exact (APPROVED and COUNTER approve). */
  decision?: UnderwriterDecisionValue | undefined;
  /** For `complete`: false on a renewal whose declaration has not been saved again (docs/product/life-cycle.md). */
  declarationConfirmed?: boolean | undefined;
};

export type QuoteActionDecision =
  | {
      allowed: true;
      nextStatus: QuoteStatus;
      /**
       * The write sends a completed, referred or approved quote back to DRAFT (audited as reopened) when it
       * changes a rating input or the premium. A write that changes nothing does not reopen (docs/product/permissions.md).
       */
      reopens: boolean;
    }
  | { allowed: false; kind: "forbidden" | "conflict"; reason: string };

export const LIFECYCLE_REASONS = {
  notOwner: "You can only access quotes you created",
  adminReadOnly: "Administrators can view quotes but not change them",
  onlyUnderwriterDecides: "Only an underwriter can record a decision",
  onlyUnderwriterSetsCommission: "Only an underwriter can change a quote's commission",
  reviewNotForAdmin: "Only underwriters and the quote's broker can open the underwriter review",
  issuedReadOnly: "Quote is ISSUED and can no longer be changed",
  declinedReadOnly: "Quote was declined by the underwriter and can no longer be changed",
  notRated: "Quote must be rated first",
  hasReferralHits: "Quote has referral hits and must be referred",
  alreadyCompleted: "Quote is already completed",
  awaitingDecision: "Quote is awaiting an underwriter decision",
  onlyDraftRefers: "Only a draft quote can be referred to an underwriter",
  notAwaitingDecision: "Only a referred quote awaits an underwriter decision",
  onlyQuotedIssues: "Only a completed quote can be issued",
  expired: "Quote expired: re-rate before issue",
  declarationUnconfirmed: "Confirm the declaration copied from the policy: review step 6 and save it",
  onlyUnderwriterAsks: "Only an underwriter can ask the broker a question",
  onlyBrokerAnswers: "Only the quote's broker can answer the underwriter's question",
  onlyBrokerWithdraws: "Only the quote's broker can withdraw its referral",
  questionNotReferred: "Questions are asked and answered only while the quote awaits an underwriter decision",
  withdrawNotReferred: "Only a referral awaiting an underwriter decision can be withdrawn",
} as const;

const R = LIFECYCLE_REASONS;

const WRITE_ACTIONS: readonly QuoteAction[] = [
  "editSection",
  "rate",
  "complete",
  "refer",
  "overridePremium",
  "removeOverride",
  "issue",
  "withdraw",
];
const CHANGES_RATING: readonly QuoteAction[] = ["editSection", "rate", "overridePremium", "removeOverride"];

/** BROKER and UNDERWRITER create quotes; ADMIN does not (docs/product/permissions.md). */
export function canCreateQuote(role: Role): boolean {
  return role === "BROKER" || role === "UNDERWRITER";
}

function forbidden(reason: string): QuoteActionDecision {
  return { allowed: false, kind: "forbidden", reason };
}
function conflict(reason: string): QuoteActionDecision {
  return { allowed: false, kind: "conflict", reason };
}
function allow(nextStatus: QuoteStatus, reopens = false): QuoteActionDecision {
  return { allowed: true, nextStatus, reopens };
}

function checkPermission(context: QuoteActionContext): QuoteActionDecision | null {
  const { action, role, isOwner } = context;
  if (role === "BROKER" && !isOwner) return forbidden(R.notOwner);
  if (action === "decide" && role !== "UNDERWRITER") return forbidden(R.onlyUnderwriterDecides);
  if (action === "setCommission" && role !== "UNDERWRITER") return forbidden(R.onlyUnderwriterSetsCommission);
  if (action === "reviewRead" && role === "ADMIN") return forbidden(R.reviewNotForAdmin);
  if (action === "askQuestion" && role !== "UNDERWRITER") return forbidden(R.onlyUnderwriterAsks);
  // The conversation is with the quote's own broker, never an underwriter or an admin.
  if (action === "answerQuestion" && (role !== "BROKER" || !isOwner)) return forbidden(R.onlyBrokerAnswers);
  if (action === "withdraw" && (role !== "BROKER" || !isOwner)) return forbidden(R.onlyBrokerWithdraws);
  if (role === "ADMIN" && WRITE_ACTIONS.includes(action)) return forbidden(R.adminReadOnly);
  return null;
}

/**
 * May this user take this action on a quote in this status, and where does it lead? Permission is judged
 * first (403), then the state (409), so a broker never learns the state of someone else's quote.
 */
export function decideQuoteAction(context: QuoteActionContext): QuoteActionDecision {
  const refused = checkPermission(context);
  if (refused) return refused;

  const { action, status } = context;
  if (action === "view" || action === "downloadDocuments" || action === "reviewRead") return allow(status);

  if (status === "ISSUED") return conflict(R.issuedReadOnly);
  if (status === "UW_DECLINED") return conflict(R.declinedReadOnly);

  switch (action) {
    case "editSection":
    case "rate":
    case "overridePremium":
    case "removeOverride":
      return status === "DRAFT" ? allow("DRAFT") : allow("DRAFT", isReopenable(status));
    case "complete":
      if (status === "UW_APPROVED") {
        return context.declarationConfirmed === false ? conflict(R.declarationUnconfirmed) : allow("QUOTED");
      }
      if (status === "QUOTED") return conflict(R.alreadyCompleted);
      if (status === "REFERRED" || status === "UW_REQUESTED") return conflict(R.awaitingDecision);
      // A renewal's declaration is last year's answers: they must be reviewed and saved before the quote completes.
      if (context.declarationConfirmed === false) return conflict(R.declarationUnconfirmed);
      if (!context.ratedAt || context.referralHitCount === undefined) return conflict(R.notRated);
      if (context.referralHitCount > 0) return conflict(R.hasReferralHits);
      return allow("QUOTED");
    case "refer":
      if (status === "REFERRED" || status === "UW_REQUESTED") return conflict(R.awaitingDecision);
      if (status !== "DRAFT") return conflict(R.onlyDraftRefers);
      if (!context.ratedAt || context.referralHitCount === undefined) return conflict(R.notRated);
      return allow(context.referralHitCount > 0 ? "REFERRED" : "UW_REQUESTED");
    case "decide":
      if (status !== "REFERRED" && status !== "UW_REQUESTED") return conflict(R.notAwaitingDecision);
      return allow(context.decision === "DECLINED" ? "UW_DECLINED" : "UW_APPROVED");
    case "askQuestion":
    case "answerQuestion":
      if (status !== "REFERRED" && status !== "UW_REQUESTED") return conflict(R.questionNotReferred);
      return allow(status);
    case "withdraw":
      if (status !== "REFERRED" && status !== "UW_REQUESTED") return conflict(R.withdrawNotReferred);
      return allow("DRAFT");
    case "setCommission":
      // Commission shares the premium; it never changes it, so the quote stays where it is (until issue).
      if (!context.ratedAt) return conflict(R.notRated);
      return allow(status);
    case "issue":
      if (status !== "QUOTED") return conflict(R.onlyQuotedIssues);
      if (!context.now || isQuoteExpired({ ratedAt: context.ratedAt }, context.now)) return conflict(R.expired);
      return allow("ISSUED");
    default:
      return assertNever(action);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled quote action: ${String(value)}`);
}

/** The actions this user can take now, for the UI to offer (the server still decides each write). */
export function availableActions(context: Omit<QuoteActionContext, "action" | "decision">): QuoteAction[] {
  return QUOTE_ACTIONS.filter((action) => decideQuoteAction({ ...context, action }).allowed);
}

/** Whether a write would change the rating and so may reopen the quote (used for audit wording). */
export function actionChangesRating(action: QuoteAction): boolean {
  return CHANGES_RATING.includes(action);
}

export type DashboardRowActions = {
  /** 'Continue' the wizard where it was left: drafts only. */
  continue: boolean;
  /** The pencil link to /quote/{id}. */
  edit: boolean;
  /** The document download menu. */
  downloadMenu: boolean;
  /** The 'e-mail to underwriting' package option. */
  emailPackage: boolean;
  /** An issued quote shows only an 'Issued' label. */
  issuedLabel: boolean;
};

/** The dashboard row's actions by status and data completeness (docs/product/screens.md Dashboard). */
export function dashboardRowActions(status: string, isDataComplete: boolean): DashboardRowActions {
  // The list treats an unknown status as DRAFT (docs/product/life-cycle.md), so its actions follow suit.
  const known: QuoteStatus = isQuoteStatus(status) ? status : "DRAFT";
  if (known === "ISSUED") {
    return { continue: false, edit: false, downloadMenu: false, emailPackage: false, issuedLabel: true };
  }
  return {
    continue: known === "DRAFT",
    edit: known === "DRAFT" || known === "QUOTED" || known === "REFERRED" || known === "UW_APPROVED",
    downloadMenu: known === "QUOTED" || isDataComplete,
    emailPackage: known === "QUOTED" || (isDataComplete && (known === "DRAFT" || known === "UW_APPROVED")),
    issuedLabel: false,
  };
}
