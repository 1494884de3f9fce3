/**
 * Quotation options of a stored quote (docs/product/rating.md "Quotation options"): the grid of cover limits by
 * excess, priced in one go by the domain with the rater a rating of this quote would use now and its stored
 * inputs. Read-only: nothing is written, so choosing a cell is an ordinary rating.
 */

import { todayInLondon } from "../../../domain/format/dates";
import { type DefenceCosts, defenceCostsOf, type LimitBasis, limitBasisOf } from "../../../domain/format/limit-basis";
import { withBackdatedInception } from "../../../domain/quote/backdating";
import {
  findMissingForRating,
  type QuotationOptionsResponse,
  quotationOptionsIncompleteMessage,
  toQuotationOptionsResponse,
} from "../../../domain/quote/quotation-options";
import { ratingInputOf } from "../../../domain/quote/rating-input";
import { type QuotationOptions, quotationOptions } from "../../../domain/rating/options";
import type { Database } from "../../db/client";
import type { QuoteRow, RatingVersionRow } from "../../db/schema";
import { AppError } from "../../errors";
import { loadQuoteFor } from "./access-service";
import { overrideOptionsOf, requireEffectiveRater, runOffOptionsOf } from "./rating";
import type { QuoteActor } from "./repository";

export interface PricedQuotationOptions {
  options: QuotationOptions;
  version: RatingVersionRow;
  limitBasis: LimitBasis;
  defenceCosts: DefenceCosts;
}

/** The limit basis and defence costs to price the grid on; each left out is the quote's own. */
export type OptionTerms = { limitBasis?: LimitBasis | undefined; defenceCosts?: DefenceCosts | undefined };

/**
 * 409 QUOTE_INCOMPLETE naming the missing answers, 422 when no published version covers the inception date
 * (as the rating would answer); otherwise every cell priced exactly as a single rating of the quote would be.
 */
export async function priceQuotationOptions(
  db: Database,
  quote: QuoteRow,
  now: Date,
  terms: OptionTerms = {},
): Promise<PricedQuotationOptions> {
  const missing = findMissingForRating(quote);
  if (missing.length > 0) throw new AppError("QUOTE_INCOMPLETE", quotationOptionsIncompleteMessage(missing));
  const effective = await requireEffectiveRater(db, quote);
  const limitBasis = terms.limitBasis ?? limitBasisOf(quote.limitBasis);
  const defenceCosts = terms.defenceCosts ?? defenceCostsOf(quote.defenceCosts);
  const options = quotationOptions(
    effective.rater,
    ratingInputOf({ ...quote, limitBasis, defenceCosts }),
    // A run-off prices each cell as its single premium, as its own rating does.
    { ...overrideOptionsOf(quote), ...runOffOptionsOf(quote, effective) },
  );
  // A grid on other terms than the quote's shows what switching would cost: none of its cells is the quote's own.
  const ownTerms = limitBasis === limitBasisOf(quote.limitBasis) && defenceCosts === defenceCostsOf(quote.defenceCosts);
  // A backdated inception refers at every limit and excess, as the quote's own rating would today.
  const today = todayInLondon(now);
  const { maxDaysPast } = effective.rater.config.backdating;
  const cells = options.cells.map((cell) => {
    const judged = withBackdatedInception(cell, quote.inceptionDate, today, maxDaysPast);
    return { ...judged, refers: judged.referralHits.length > 0, current: ownTerms && cell.current };
  });
  return {
    options: { ...options, cells },
    version: effective.version,
    limitBasis,
    defenceCosts,
  };
}

/**
 * The quotation options of a quote the caller may read, as the API answers them: for a document that prints
 * them beside the quote (its own access check has already run; this one repeats it cheaply).
 */
export async function quotationOptionsFor(
  db: Database,
  actor: QuoteActor,
  id: string,
  now: Date,
  terms: OptionTerms = {},
): Promise<QuotationOptionsResponse> {
  const found = await loadQuoteFor(db, id, actor, "view");
  const priced = await priceQuotationOptions(db, found.quote, now, terms);
  return toQuotationOptionsResponse(priced.options, priced.version.id, priced);
}
