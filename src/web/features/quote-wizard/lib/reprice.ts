import type { Quote } from "../../../../domain/quote/quote";
import { deriveRatingInput, selectionsFromRisk } from "../../../../domain/quote/rating-input";

function ratingInputOf(quote: Quote) {
  return deriveRatingInput(
    {
      numberOfQualifiedStaff: quote.numberOfQualifiedStaff,
      hasFinancialInterest: quote.hasFinancialInterest,
      insuredsDetails: quote.insuredsDetails,
      financialOverview: quote.financialOverview,
      contracts: quote.contracts,
      declaration: quote.declaration,
      turnoverBand: quote.turnoverBand,
      excessOption: quote.risk?.excessDiscount ?? null,
    },
    selectionsFromRisk(quote.risk, quote.turnoverBand),
  );
}

/**
 * Whether an edit would price the quote differently: a different derived rating input (the domain's own
 * derivation), product or inception date. Only such an edit reopens a completed quote (DECISIONS §4, §8),
 * so only such an edit needs the broker's confirmation first.
 */
export function editWouldReprice(quote: Quote, edit: Partial<Quote>): boolean {
  const edited = { ...quote, ...edit } as Quote;
  if (edited.productCode !== quote.productCode || edited.inceptionDate !== quote.inceptionDate) return true;
  return JSON.stringify(ratingInputOf(quote)) !== JSON.stringify(ratingInputOf(edited));
}
