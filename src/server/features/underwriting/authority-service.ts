/**
 * Deciding within authority (docs/product/permissions.md "Authority"): the signed-in underwriter's authority is
 * read when they decide, and a decision beyond it is refused before anything is stored. The review and the
 * queue use the same rule to say so beforehand.
 */
import { counterOfferPremium } from "../../../domain/format/counter-offer";
import type { UnderwriterDecisionValue } from "../../../domain/quote/quote";
import { ratingInputOf } from "../../../domain/quote/rating-input";
import { type Authority, type AuthorityCase, authorityExcesses } from "../../../domain/underwriting/authority";
import type { Database } from "../../db/client";
import type { QuoteRow } from "../../db/schema";
import { AppError } from "../../errors";
import { findAuthority } from "../users/repository";

type Priced = Pick<QuoteRow, "basePremium" | "feesTotal" | "taxes" | "totalPremium">;

/** The gross premium a decision accepts: the rated one, or the counter-priced one for a counter offer. */
export function grossPremiumAfter(quote: Priced, multiplier: number | null): number {
  if (multiplier === null || quote.basePremium === null || quote.taxes === null) return quote.totalPremium ?? 0;
  return counterOfferPremium({
    basePence: quote.basePremium,
    feesPence: quote.feesTotal ?? 0,
    taxesPence: quote.taxes,
    multiplier,
  }).totalPremium;
}

/** What approving (or countering at `multiplier`) this quote would accept. */
export function authorityCaseOf(
  quote: QuoteRow,
  decision: UnderwriterDecisionValue,
  multiplier: number | null,
): AuthorityCase {
  return {
    decision,
    coverLimit: ratingInputOf(quote).coverLimit,
    grossPremium: grossPremiumAfter(quote, multiplier),
    referrals: quote.ratingResult?.referralHits ?? [],
    multiplier,
  };
}

/** Refuses (403 AUTHORITY_EXCEEDED, naming each excess) a decision beyond the underwriter's authority. */
export function assertWithinAuthority(authority: Authority, decisionCase: AuthorityCase): void {
  const excesses = authorityExcesses(authority, decisionCase);
  if (excesses.length > 0) throw new AppError("AUTHORITY_EXCEEDED", excesses.join("; "));
}

/** The same, reading the underwriter's authority as it stands now. */
export async function assertUnderwriterMayDecide(
  db: Database,
  underwriterId: string,
  decisionCase: AuthorityCase,
): Promise<void> {
  assertWithinAuthority(await findAuthority(db, underwriterId), decisionCase);
}
