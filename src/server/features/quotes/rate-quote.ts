/**
 * POST /rate. The client's `risk` and `turnoverBand` are kept as the step-7 selections (merged over the stored
 * ones); the input is derived from the stored quote. A DRAFT is always re-rated. A quote further along the
 * life cycle is re-priced only when a selection changes (which reopens it) or, for an expired QUOTED quote, to
 * renew its 30-day validity: an unchanged price keeps it QUOTED, a changed one reopens it.
 */
import { toPremiumBreakdown } from "../../../domain/quote/premium";
import type { PremiumBreakdown, RatingTraceEntry, ReferralHit } from "../../../domain/quote/quote";
import { ratingSelectionsOf } from "../../../domain/quote/rating-input";
import { turnoverBandRefusal } from "../../../domain/quote/rating-turnover";
import { ratingReopens } from "../../../domain/quote/reopen";
import type { RateQuoteRequest, Risk } from "../../../domain/quote/risk";
import { RUN_OFF_MESSAGES } from "../../../domain/quote/run-off";
import { isQuoteExpired } from "../../../domain/quote/validity";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import type { NewQuoteRow, QuoteRow } from "../../db/schema";
import { AppError } from "../../errors";
import { openQuoteForWrite } from "./access-service";
import { changedColumns, commitQuoteChange, type QuoteAudit, reopen } from "./change";
import { type QuoteRating, ratedAudit, rateStoredQuote, ratingColumns, ratingReceiptOf } from "./rating";
import type { QuoteWithBroker } from "./repository";
import { sameValue } from "./same-value";

export interface RateQuoteOutcome {
  found: QuoteWithBroker;
  breakdown: PremiumBreakdown;
  referralHits: ReferralHit[];
  trace: RatingTraceEntry[];
}

/** The premium already on the quote, as a rating answers it. */
function storedOutcome(found: QuoteWithBroker): RateQuoteOutcome {
  const { quote } = found;
  const rating = quote.ratingResult;
  const basePremium = quote.basePremium ?? 0;
  const feesTotal = quote.feesTotal ?? 0;
  return {
    found,
    breakdown: toPremiumBreakdown({
      basePremium,
      fees: quote.fees ?? [],
      subtotal: basePremium + feesTotal,
      taxes: quote.taxes ?? 0,
      totalPremium: quote.totalPremium ?? 0,
      multiplier: rating?.multiplier ?? 1,
    }),
    referralHits: rating?.referralHits ?? [],
    trace: rating?.trace ?? [],
  };
}

/** The same premium and the same referral hits as the quote already holds. */
function samePremium(quote: QuoteRow, rating: QuoteRating): boolean {
  const { result } = rating;
  return (
    quote.basePremium === result.basePremium &&
    quote.taxes === result.taxes &&
    quote.totalPremium === result.totalPremium &&
    sameValue(
      quote.ratingResult?.referralHits.map((hit) => hit.code),
      result.referralHits.map((hit) => hit.code),
    )
  );
}

export async function rateQuote(
  db: Database,
  actor: AuthUser,
  id: string,
  body: RateQuoteRequest,
  now: Date,
): Promise<RateQuoteOutcome> {
  const { found, quote } = await openQuoteForWrite(db, id, actor, "rate", body.expectedVersion);

  const risk: Risk | null = body.risk ? { ...(quote.risk ?? {}), ...body.risk } : quote.risk;
  // A band below the declared turnover's is refused (docs/product/rating.md "Turnover band"); a stored one from
  // before that rule is not: rating raises it to the declared band.
  const bandRefusal = turnoverBandRefusal(body.turnoverBand, quote.financialOverview?.turnover);
  if (bandRefusal !== null) throw AppError.validation([{ path: "turnoverBand", message: bandRefusal }]);
  const turnoverBand = body.turnoverBand ?? quote.turnoverBand;
  const limitBasis = body.limitBasis ?? quote.limitBasis;
  const defenceCosts = body.defenceCosts ?? quote.defenceCosts;
  if (body.runOffYears === null && quote.runOffOfId !== null) {
    throw AppError.validation([{ path: "runOffYears", message: RUN_OFF_MESSAGES.staysRunOff }]);
  }
  const runOffYears = body.runOffYears === undefined ? quote.runOffYears : body.runOffYears;
  const working: QuoteRow = { ...quote, risk, turnoverBand, limitBasis, defenceCosts, runOffYears };
  const coverChanged = !sameValue(ratingSelectionsOf(quote), ratingSelectionsOf(working));
  // The premium of a run-off from a policy is built from the policy's own, so its cover stays the policy's.
  if (coverChanged && quote.runOffOfId !== null) {
    throw AppError.validation([{ path: "risk", message: RUN_OFF_MESSAGES.coverFromPolicy }]);
  }
  const selectionsChanged = coverChanged || runOffYears !== quote.runOffYears;
  const renewsValidity = quote.status === "QUOTED" && isQuoteExpired(quote, now);

  if (quote.status !== "DRAFT" && !selectionsChanged && !renewsValidity && quote.basePremium !== null) {
    return storedOutcome(found);
  }

  const rating = await rateStoredQuote(db, working, now);
  const changes: Partial<NewQuoteRow> = {
    ...changedColumns(quote, { risk, turnoverBand, limitBasis, defenceCosts, runOffYears }),
    ...ratingColumns(rating, now),
  };
  const receipt = ratingReceiptOf(rating, quote.reference, now);
  const audits: QuoteAudit[] = [ratedAudit(quote.reference, rating, receipt)];
  if (ratingReopens(quote.status, { selectionsChanged, samePremium: samePremium(quote, rating) })) {
    const reopening = reopen(quote, "rate");
    Object.assign(changes, reopening.changes);
    audits.push(reopening.audit);
  }
  const saved = await commitQuoteChange(db, found, changes, audits, actor, now, receipt);
  return {
    found: saved,
    breakdown: toPremiumBreakdown(rating.result),
    referralHits: saved.quote.ratingResult?.referralHits ?? [],
    trace: saved.quote.ratingResult?.trace ?? [],
  };
}
