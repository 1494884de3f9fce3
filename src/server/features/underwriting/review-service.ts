/**
 * Reading an underwriter review (docs/product/screens.md "Underwriter review screen", docs/product/documents.md and docs/product/permissions.md): a signed-in reader the
 * quote's access rule lets in needs no token (an UNDERWRITER, the owning BROKER); anyone else needs the e-mailed
 * token for this quote.
 */
import { actsForQuote } from "../../../domain/firms/firm";
import { decideQuoteAction } from "../../../domain/quote/lifecycle";
import { splitReferralReason } from "../../../domain/quote/premium";
import { ratingInputOf } from "../../../domain/quote/rating-input";
import { authorityExcesses } from "../../../domain/underwriting/authority";
import { riskAssessmentOf } from "../../../domain/underwriting/risk-assessment";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { reviewTokenStanding } from "../../mail/review-tokens";
import { findQuoteWithBroker, type QuoteWithBroker } from "../quotes/repository";
import { toQuoteResponse } from "../quotes/response";
import { findAuthority } from "../users/repository";
import { authorityCaseOf } from "./authority-service";
import { findDecisionHistory, toDecisionHistoryResponse } from "./decisions";
import { findQuestions } from "./questions";
import { findQuoteHistory } from "./queue";

/** The reader's authority over this quote: an underwriter's, null for anyone else. */
async function authorityFor(db: Database, user: AuthUser | null, found: QuoteWithBroker) {
  if (user?.role !== "UNDERWRITER") return null;
  const authority = await findAuthority(db, user.id);
  const beyond = authorityExcesses(authority, authorityCaseOf(found.quote, "APPROVED", null));
  return { beyond, counterMin: authority.counterMin, counterMax: authority.counterMax };
}

async function reviewOf(
  db: Database,
  found: QuoteWithBroker,
  access: "session" | "token",
  readsFileNotes: boolean,
  user: AuthUser | null,
) {
  const { quote, broker } = found;
  const input = ratingInputOf(quote);
  const [history, timeline, authority, questions] = await Promise.all([
    findDecisionHistory(db, quote.id),
    findQuoteHistory(db, quote.id),
    authorityFor(db, access === "session" ? user : null, found),
    findQuestions(db, quote.id),
  ]);
  return {
    quote: toQuoteResponse(quote, broker, found.decidedBy),
    referralHits: quote.ratingResult?.referralHits ?? [],
    referralReasons: splitReferralReason(quote.referralReason),
    riskAssessment: riskAssessmentOf(quote, input),
    history: history.map((entry) => toDecisionHistoryResponse(entry, readsFileNotes)),
    timeline,
    questions,
    access,
    authority,
  };
}

/** The review of a quote for whoever asks: by their session, else by the review token they bring. */
export async function readReview(
  db: Database,
  user: AuthUser | null,
  quoteId: string,
  token: string | undefined,
  now: Date,
) {
  const found = await findQuoteWithBroker(db, quoteId);
  if (user && found) {
    const decision = decideQuoteAction({
      action: "reviewRead",
      status: found.quote.status,
      role: user.role,
      isOwner: actsForQuote(found.quote, user),
    });
    if (decision.allowed) return reviewOf(db, found, "session", user.role !== "BROKER", user);
  }
  if (token !== undefined) {
    const standing = found ? await reviewTokenStanding(db, found.quote.id, token, now) : "invalid";
    if (found && standing === "valid") return reviewOf(db, found, "token", false, null);
    // A genuine link whose review is over says so; the quote as it is now is for signed-in readers only.
    throw new AppError(standing === "ended" ? "REVIEW_LINK_ENDED" : "INVALID_REVIEW_TOKEN");
  }
  if (!user) throw new AppError("AUTHENTICATION_REQUIRED");
  if (!found) throw new AppError("QUOTE_NOT_FOUND");
  throw new AppError("INSUFFICIENT_PERMISSIONS");
}
