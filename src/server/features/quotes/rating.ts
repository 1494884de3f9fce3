/**
 * Rating a STORED quote (DECISIONS §4, §5): the input is derived by the domain from what the server holds;
 * the client contributes only its step-7 selections, which are kept on the quote (`risk`, `turnoverBand`) so
 * a later server-side re-rating (complete, refer) prices exactly what the broker last chose.
 */

import { deriveRatingInput, type RatingSelections, selectionsFromRisk } from "../../../domain/quote/rating-input";
import type { Risk } from "../../../domain/quote/risk";
import type { TurnoverBand } from "../../../domain/quote/turnover-band";
import type { RatingResult } from "../../../domain/rating/compile";
import type { RatingInput } from "../../../domain/rating/input";
import type { Database } from "../../db/client";
import type { NewQuoteRow, QuoteRow, RatingVersionRow } from "../../db/schema";
import { AppError } from "../../errors";
import { findEffectiveRater } from "../rating-versions/effective-service";
import type { StoredRatingResult } from "./repository";

type RatedQuoteFields = Pick<
  QuoteRow,
  | "productCode"
  | "inceptionDate"
  | "numberOfQualifiedStaff"
  | "hasFinancialInterest"
  | "insuredsDetails"
  | "financialOverview"
  | "contracts"
  | "declaration"
  | "risk"
  | "turnoverBand"
  | "premiumOverridden"
  | "overrideBasePremium"
>;

/** The step-7 selections stored on a quote. */
export function storedSelections(quote: Pick<QuoteRow, "risk" | "turnoverBand">): RatingSelections {
  return selectionsFromRisk(quote.risk as Risk | null, quote.turnoverBand as TurnoverBand | null);
}

/** The rating input the domain derives from a stored quote and its stored selections. */
export function ratingInputOf(quote: Omit<RatedQuoteFields, "premiumOverridden" | "overrideBasePremium">): RatingInput {
  const risk = quote.risk as Risk | null;
  return deriveRatingInput(
    {
      numberOfQualifiedStaff: quote.numberOfQualifiedStaff,
      hasFinancialInterest: quote.hasFinancialInterest,
      insuredsDetails: quote.insuredsDetails as never,
      financialOverview: quote.financialOverview as never,
      contracts: quote.contracts as never,
      declaration: quote.declaration as never,
      turnoverBand: quote.turnoverBand as TurnoverBand | null,
      excessOption: risk?.excessDiscount ?? null,
    },
    storedSelections(quote),
  );
}

/**
 * Whether two states of a quote would be priced differently: a different derived input, product or
 * inception date (the date picks the rating version). Only such a change reopens a completed quote.
 */
export function ratingInputsDiffer(
  before: Omit<RatedQuoteFields, "premiumOverridden" | "overrideBasePremium">,
  after: Omit<RatedQuoteFields, "premiumOverridden" | "overrideBasePremium">,
): boolean {
  if (before.productCode !== after.productCode || before.inceptionDate !== after.inceptionDate) return true;
  return JSON.stringify(ratingInputOf(before)) !== JSON.stringify(ratingInputOf(after));
}

export const NO_RATING_VERSION_CODE = "NO_RATING_VERSION";

export interface QuoteRating {
  result: RatingResult;
  version: RatingVersionRow;
  input: RatingInput;
}

/**
 * Rates a stored quote with the published version effective on its inception date. An active manual override
 * keeps its base (fees, taxes and total are recomputed by the engine). 422 when no version covers the date.
 */
export async function rateStoredQuote(db: Database, quote: RatedQuoteFields): Promise<QuoteRating> {
  const effective = await findEffectiveRater(db, quote.productCode, quote.inceptionDate);
  if (!effective) {
    throw new AppError(
      422,
      NO_RATING_VERSION_CODE,
      `No published rating version for product ${quote.productCode} covers the inception date ${quote.inceptionDate}`,
    );
  }
  const input = ratingInputOf(quote);
  const override =
    quote.premiumOverridden && quote.overrideBasePremium !== null
      ? { baseOverridePence: quote.overrideBasePremium }
      : {};
  const result = effective.rater.rate(input, override);
  return { result, version: effective.version, input };
}

/** The columns a rating writes on the quote: premium lines in pence, the version, the explanation, the time. */
export function ratingColumns(rating: QuoteRating, now: Date): Partial<NewQuoteRow> {
  const { result, version, input } = rating;
  const stored: StoredRatingResult = {
    referralHits: result.referralHits.map((hit) => ({ code: hit.code, description: hit.description })),
    trace: result.trace.map((line) => ({
      kind: line.kind,
      name: line.name,
      matched: line.matched,
      multiplier: line.multiplier,
    })),
    multiplier: result.multiplier,
    subtotal: result.subtotal,
    configVersion: result.configVersion,
    excessOption: result.excessOption,
    input: { ...input },
  };
  return {
    basePremium: result.basePremium,
    fees: result.fees.map((fee) => ({ code: fee.code, label: fee.label, amount: fee.amount })),
    feesTotal: result.subtotal - result.basePremium,
    taxes: result.taxes,
    totalPremium: result.totalPremium,
    ratingVersionId: version.id,
    ratingResult: stored as unknown as Record<string, unknown>,
    ratedAt: now,
  };
}
