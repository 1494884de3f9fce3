import { describe, expect, it } from "vitest";
import type { Role } from "../auth/schemas";
import {
  availableActions,
  canCreateQuote,
  dashboardRowActions,
  decideQuoteAction,
  QUOTE_ACTIONS,
  type QuoteAction,
  type QuoteActionDecision,
  LIFECYCLE_REASONS as R,
} from "./lifecycle";
import { QUOTE_STATUSES, type QuoteStatus } from "./status";

const NOW = new Date("2026-11-22T12:00:00Z");
const RATED = "2026-11-20T09:00:00Z";

type Who = { role: Role; isOwner: boolean };
const OWNER_BROKER: Who = { role: "BROKER", isOwner: true };
const OTHER_BROKER: Who = { role: "BROKER", isOwner: false };
const UNDERWRITER: Who = { role: "UNDERWRITER", isOwner: false };
const ADMIN: Who = { role: "ADMIN", isOwner: false };

function decide(
  action: QuoteAction,
  status: QuoteStatus,
  who: Who,
  extra: Partial<Parameters<typeof decideQuoteAction>[0]> = {},
) {
  return decideQuoteAction({ action, status, ...who, ratedAt: RATED, referralHitCount: 0, now: NOW, ...extra });
}

const ok = (nextStatus: QuoteStatus, reopens = false): QuoteActionDecision => ({ allowed: true, nextStatus, reopens });
const conflict = (reason: string): QuoteActionDecision => ({ allowed: false, kind: "conflict", reason });
const forbidden = (reason: string): QuoteActionDecision => ({ allowed: false, kind: "forbidden", reason });

/**
 * The whole table for a quote's owner (a broker) with a fresh rating and no referral hits. An underwriter
 * gets the same answers for everything but `decide`, which is theirs alone.
 */
type ConversationAction = "askQuestion" | "answerQuestion" | "withdraw";
const CONVERSATION: readonly QuoteAction[] = ["askQuestion", "answerQuestion", "withdraw"];

type TableAction = Exclude<QuoteAction, "decide" | "setCommission" | ConversationAction>;
const TABLE: Record<QuoteStatus, Record<TableAction, QuoteActionDecision>> = {
  DRAFT: {
    view: ok("DRAFT"),
    editSection: ok("DRAFT"),
    rate: ok("DRAFT"),
    complete: ok("QUOTED"),
    refer: ok("UW_REQUESTED"),
    overridePremium: ok("DRAFT"),
    removeOverride: ok("DRAFT"),
    issue: conflict(R.onlyQuotedIssues),
    downloadDocuments: ok("DRAFT"),
    reviewRead: ok("DRAFT"),
  },
  QUOTED: {
    view: ok("QUOTED"),
    editSection: ok("DRAFT", true),
    rate: ok("DRAFT", true),
    complete: conflict(R.alreadyCompleted),
    refer: conflict(R.onlyDraftRefers),
    overridePremium: ok("DRAFT", true),
    removeOverride: ok("DRAFT", true),
    issue: ok("ISSUED"),
    downloadDocuments: ok("QUOTED"),
    reviewRead: ok("QUOTED"),
  },
  REFERRED: {
    view: ok("REFERRED"),
    editSection: ok("DRAFT", true),
    rate: ok("DRAFT", true),
    complete: conflict(R.awaitingDecision),
    refer: conflict(R.awaitingDecision),
    overridePremium: ok("DRAFT", true),
    removeOverride: ok("DRAFT", true),
    issue: conflict(R.onlyQuotedIssues),
    downloadDocuments: ok("REFERRED"),
    reviewRead: ok("REFERRED"),
  },
  UW_REQUESTED: {
    view: ok("UW_REQUESTED"),
    editSection: ok("DRAFT", true),
    rate: ok("DRAFT", true),
    complete: conflict(R.awaitingDecision),
    refer: conflict(R.awaitingDecision),
    overridePremium: ok("DRAFT", true),
    removeOverride: ok("DRAFT", true),
    issue: conflict(R.onlyQuotedIssues),
    downloadDocuments: ok("UW_REQUESTED"),
    reviewRead: ok("UW_REQUESTED"),
  },
  UW_APPROVED: {
    view: ok("UW_APPROVED"),
    editSection: ok("DRAFT", true),
    rate: ok("DRAFT", true),
    complete: ok("QUOTED"),
    refer: conflict(R.onlyDraftRefers),
    overridePremium: ok("DRAFT", true),
    removeOverride: ok("DRAFT", true),
    issue: conflict(R.onlyQuotedIssues),
    downloadDocuments: ok("UW_APPROVED"),
    reviewRead: ok("UW_APPROVED"),
  },
  UW_DECLINED: {
    view: ok("UW_DECLINED"),
    editSection: conflict(R.declinedReadOnly),
    rate: conflict(R.declinedReadOnly),
    complete: conflict(R.declinedReadOnly),
    refer: conflict(R.declinedReadOnly),
    overridePremium: conflict(R.declinedReadOnly),
    removeOverride: conflict(R.declinedReadOnly),
    issue: conflict(R.declinedReadOnly),
    downloadDocuments: ok("UW_DECLINED"),
    reviewRead: ok("UW_DECLINED"),
  },
  ISSUED: {
    view: ok("ISSUED"),
    editSection: conflict(R.issuedReadOnly),
    rate: conflict(R.issuedReadOnly),
    complete: conflict(R.issuedReadOnly),
    refer: conflict(R.issuedReadOnly),
    overridePremium: conflict(R.issuedReadOnly),
    removeOverride: conflict(R.issuedReadOnly),
    issue: conflict(R.issuedReadOnly),
    downloadDocuments: ok("ISSUED"),
    reviewRead: ok("ISSUED"),
  },
};

const READS: readonly QuoteAction[] = ["view", "downloadDocuments", "reviewRead"];

describe("quote life cycle: every status × role × action", () => {
  for (const status of QUOTE_STATUSES) {
    for (const action of QUOTE_ACTIONS) {
      it(`${action} on ${status}`, () => {
        // The quote's broker and any underwriter follow the table; only an underwriter decides.
        if (action === "decide") {
          const awaiting = status === "REFERRED" || status === "UW_REQUESTED";
          const terminal =
            status === "ISSUED" ? R.issuedReadOnly : status === "UW_DECLINED" ? R.declinedReadOnly : null;
          expect(decide(action, status, UNDERWRITER, { decision: "APPROVED" })).toEqual(
            awaiting ? ok("UW_APPROVED") : conflict(terminal ?? R.notAwaitingDecision),
          );
          expect(decide(action, status, OWNER_BROKER)).toEqual(forbidden(R.onlyUnderwriterDecides));
          expect(decide(action, status, ADMIN)).toEqual(forbidden(R.onlyUnderwriterDecides));
        } else if (action === "setCommission") {
          // Only an underwriter sets a quote's commission, on a rated quote, until it is issued; the quote stays put.
          const terminal =
            status === "ISSUED" ? R.issuedReadOnly : status === "UW_DECLINED" ? R.declinedReadOnly : null;
          expect(decide(action, status, UNDERWRITER)).toEqual(terminal ? conflict(terminal) : ok(status));
          if (!terminal) expect(decide(action, status, UNDERWRITER, { ratedAt: null })).toEqual(conflict(R.notRated));
          expect(decide(action, status, OWNER_BROKER)).toEqual(forbidden(R.onlyUnderwriterSetsCommission));
          expect(decide(action, status, ADMIN)).toEqual(forbidden(R.onlyUnderwriterSetsCommission));
        } else if (CONVERSATION.includes(action)) {
          // The conversation's own table is below: who may take part differs from the other writes.
        } else {
          const expected = TABLE[status][action as TableAction];
          expect(decide(action, status, OWNER_BROKER)).toEqual(expected);
          expect(decide(action, status, UNDERWRITER)).toEqual(expected);
          // An administrator reads every quote but changes none, and does not open the review screen.
          if (action === "reviewRead") expect(decide(action, status, ADMIN)).toEqual(forbidden(R.reviewNotForAdmin));
          else if (READS.includes(action)) expect(decide(action, status, ADMIN)).toEqual(expected);
          else expect(decide(action, status, ADMIN)).toEqual(forbidden(R.adminReadOnly));
        }
        // A broker never touches, or learns the state of, another broker's quote.
        expect(decide(action, status, OTHER_BROKER)).toEqual(forbidden(R.notOwner));
      });
    }
  }
});

describe("quote life cycle: the conversation on a referral", () => {
  const awaiting = (status: QuoteStatus) => status === "REFERRED" || status === "UW_REQUESTED";
  const terminal = (status: QuoteStatus) =>
    status === "ISSUED" ? R.issuedReadOnly : status === "UW_DECLINED" ? R.declinedReadOnly : null;

  for (const status of QUOTE_STATUSES) {
    it(`asks, answers and withdraws on ${status}`, () => {
      const questionState = awaiting(status) ? ok(status) : conflict(terminal(status) ?? R.questionNotReferred);
      expect(decide("askQuestion", status, UNDERWRITER)).toEqual(questionState);
      expect(decide("askQuestion", status, OWNER_BROKER)).toEqual(forbidden(R.onlyUnderwriterAsks));
      expect(decide("askQuestion", status, ADMIN)).toEqual(forbidden(R.onlyUnderwriterAsks));

      expect(decide("answerQuestion", status, OWNER_BROKER)).toEqual(questionState);
      expect(decide("answerQuestion", status, UNDERWRITER)).toEqual(forbidden(R.onlyBrokerAnswers));
      expect(decide("answerQuestion", status, ADMIN)).toEqual(forbidden(R.onlyBrokerAnswers));

      expect(decide("withdraw", status, OWNER_BROKER)).toEqual(
        awaiting(status) ? ok("DRAFT") : conflict(terminal(status) ?? R.withdrawNotReferred),
      );
      expect(decide("withdraw", status, UNDERWRITER)).toEqual(forbidden(R.onlyBrokerWithdraws));
      expect(decide("withdraw", status, ADMIN)).toEqual(forbidden(R.onlyBrokerWithdraws));
    });
  }

  it("keeps the conversation with a broker: an underwriter who created the quote neither answers nor withdraws", () => {
    const ownerUnderwriter: Who = { role: "UNDERWRITER", isOwner: true };
    expect(decide("answerQuestion", "REFERRED", ownerUnderwriter)).toEqual(forbidden(R.onlyBrokerAnswers));
    expect(decide("withdraw", "UW_REQUESTED", ownerUnderwriter)).toEqual(forbidden(R.onlyBrokerWithdraws));
  });
});

describe("quote life cycle: rules that depend on the rating", () => {
  it("refuses to complete a draft that has referral hits", () => {
    expect(decide("complete", "DRAFT", OWNER_BROKER, { referralHitCount: 2 })).toEqual(conflict(R.hasReferralHits));
    expect(R.hasReferralHits).toBe("Quote has referral hits and must be referred");
  });

  it("completes an approved quote without looking at its hits (the underwriter accepted them)", () => {
    expect(decide("complete", "UW_APPROVED", OWNER_BROKER, { referralHitCount: 3 })).toEqual(ok("QUOTED"));
  });

  it("refers a draft with hits as REFERRED and without hits as UW_REQUESTED", () => {
    expect(decide("refer", "DRAFT", OWNER_BROKER, { referralHitCount: 1 })).toEqual(ok("REFERRED"));
    expect(decide("refer", "DRAFT", OWNER_BROKER, { referralHitCount: 0 })).toEqual(ok("UW_REQUESTED"));
  });

  it("needs a rating before completing or referring a draft", () => {
    expect(decide("complete", "DRAFT", OWNER_BROKER, { ratedAt: null, referralHitCount: undefined })).toEqual(
      conflict(R.notRated),
    );
    expect(decide("refer", "DRAFT", OWNER_BROKER, { ratedAt: undefined })).toEqual(conflict(R.notRated));
  });

  it("maps each underwriter decision to its status", () => {
    expect(decide("decide", "REFERRED", UNDERWRITER, { decision: "APPROVED" })).toEqual(ok("UW_APPROVED"));
    expect(decide("decide", "REFERRED", UNDERWRITER, { decision: "COUNTER" })).toEqual(ok("UW_APPROVED"));
    expect(decide("decide", "UW_REQUESTED", UNDERWRITER, { decision: "DECLINED" })).toEqual(ok("UW_DECLINED"));
    expect(R.onlyUnderwriterDecides).toBe("Only an underwriter can record a decision");
  });

  it("issues a quote up to 30 days after rating and refuses it after", () => {
    const rated = new Date("2026-10-01T10:00:00Z");
    expect(decide("issue", "QUOTED", OWNER_BROKER, { ratedAt: rated, now: new Date("2026-10-31T10:00:00Z") })).toEqual(
      ok("ISSUED"),
    );
    expect(decide("issue", "QUOTED", OWNER_BROKER, { ratedAt: rated, now: new Date("2026-10-31T10:00:01Z") })).toEqual(
      conflict("Quote expired: re-rate before issue"),
    );
    expect(decide("issue", "QUOTED", OWNER_BROKER, { ratedAt: null })).toEqual(conflict(R.expired));
    expect(decide("issue", "QUOTED", OWNER_BROKER, { ratedAt: "not a date", now: NOW })).toEqual(conflict(R.expired));
  });

  it("says an issued quote can no longer be changed", () => {
    expect(R.issuedReadOnly).toBe("Quote is ISSUED and can no longer be changed");
  });

  it("lets brokers and underwriters create quotes, but not administrators", () => {
    expect(canCreateQuote("BROKER")).toBe(true);
    expect(canCreateQuote("UNDERWRITER")).toBe(true);
    expect(canCreateQuote("ADMIN")).toBe(false);
  });

  it("offers the UI only the actions that would be allowed", () => {
    expect(
      availableActions({ status: "DRAFT", ...OWNER_BROKER, ratedAt: RATED, referralHitCount: 1, now: NOW }),
    ).toEqual([
      "view",
      "editSection",
      "rate",
      "refer",
      "overridePremium",
      "removeOverride",
      "downloadDocuments",
      "reviewRead",
    ]);
    expect(availableActions({ status: "REFERRED", ...ADMIN })).toEqual(["view", "downloadDocuments"]);
    expect(availableActions({ status: "REFERRED", ...UNDERWRITER, ratedAt: RATED, referralHitCount: 1 })).toContain(
      "decide",
    );
  });
});

describe("dashboard row actions (docs/product/screens.md)", () => {
  it("offers Continue on drafts only and Edit on DRAFT, QUOTED, REFERRED and UW_APPROVED", () => {
    for (const status of QUOTE_STATUSES) {
      const row = dashboardRowActions(status, false);
      expect(row.continue).toBe(status === "DRAFT");
      expect(row.edit).toBe(["DRAFT", "QUOTED", "REFERRED", "UW_APPROVED"].includes(status));
    }
  });

  it("offers the download menu for QUOTED or for any quote whose data is complete", () => {
    expect(dashboardRowActions("QUOTED", false).downloadMenu).toBe(true);
    expect(dashboardRowActions("DRAFT", false).downloadMenu).toBe(false);
    expect(dashboardRowActions("DRAFT", true).downloadMenu).toBe(true);
    expect(dashboardRowActions("UW_DECLINED", true).downloadMenu).toBe(true);
  });

  it("offers e-mail for QUOTED, or for DRAFT, QUOTED and UW_APPROVED with complete data", () => {
    expect(dashboardRowActions("QUOTED", false).emailPackage).toBe(true);
    expect(dashboardRowActions("DRAFT", true).emailPackage).toBe(true);
    expect(dashboardRowActions("UW_APPROVED", true).emailPackage).toBe(true);
    expect(dashboardRowActions("DRAFT", false).emailPackage).toBe(false);
    expect(dashboardRowActions("REFERRED", true).emailPackage).toBe(false);
    expect(dashboardRowActions("UW_REQUESTED", true).emailPackage).toBe(false);
  });

  it("shows only an 'Issued' label for an issued quote", () => {
    expect(dashboardRowActions("ISSUED", true)).toEqual({
      continue: false,
      edit: false,
      downloadMenu: false,
      emailPackage: false,
      issuedLabel: true,
    });
  });

  it("treats an unknown status as a draft", () => {
    expect(dashboardRowActions("ARCHIVED", false)).toEqual(dashboardRowActions("DRAFT", false));
  });
});
