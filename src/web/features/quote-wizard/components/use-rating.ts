import { formatGbp, parseMoneyString } from "@domain/money";
import type { Quote, RateQuoteResult } from "@domain/quote/quote";
import { type ToastInput, toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { useCallback } from "react";
import { useRateQuote } from "../api/rate-quote";
import { type QuoteSelections, rateRequestBody, selectionsFromQuote } from "../lib/selections";

/** The total as the 'Premium Calculated' toast shows it: "£1,234.56". */
export function formatMoneyString(amount: string | null | undefined): string {
  const pence = amount ? parseMoneyString(amount) : null;
  return pence === null ? "" : formatGbp(pence);
}

/** docs/product/errors.md's rating toasts, the same wherever a rating is asked for (step 6's Continue, step 7). */
export const RATING_TOASTS = {
  rated: (result: RateQuoteResult): ToastInput => ({
    title: "Premium Calculated",
    description: `Total premium ${formatMoneyString(result.breakdown.totalPremium)}`,
  }),
  failed: (error: unknown): ToastInput => ({
    title: "Rating Error",
    description: errorMessageOf(error),
    variant: "destructive",
  }),
};

/** POST /rate with the step-7 selections, and docs/product/errors.md's toasts ('Premium Calculated' / 'Rating Error'). */
export function useRating() {
  const mutation = useRateQuote();
  const { mutateAsync } = mutation;
  const rate = useCallback(
    async (quote: Quote, selections?: QuoteSelections): Promise<RateQuoteResult | null> => {
      try {
        const result = await mutateAsync({
          id: quote.id,
          body: rateRequestBody(selections ?? selectionsFromQuote(quote), quote.version),
        });
        toast(RATING_TOASTS.rated(result));
        return result;
      } catch (error) {
        toast(RATING_TOASTS.failed(error));
        return null;
      }
    },
    [mutateAsync],
  );
  return { rate, rating: mutation.isPending };
}
