import { DC_PI_PRODUCT_CODE, DRAFT_RATING_VERSION_ID } from "@domain/constants";
import type { InsuredsDetails } from "@domain/quote/insureds-details";
import type { Quote } from "@domain/quote/quote";
import type { CreateQuoteRequestInput } from "@domain/quote/requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { storeSavedQuote } from "./get-quote";
import { unwrapQuote } from "./quote-response";

/** The body docs/product/permissions.md lists for POST /api/quotes: step 1 flat and inside insuredsDetails. */
export function createQuoteBody(details: InsuredsDetails): CreateQuoteRequestInput {
  const { businessActivity: _nestedOnly, ...flat } = details;
  return {
    productCode: DC_PI_PRODUCT_CODE,
    ...flat,
    ratingVersionId: DRAFT_RATING_VERSION_ID,
    insuredsDetails: details,
  };
}

/** POST /api/quotes: step 1 creates the DRAFT. */
export async function createQuote(details: InsuredsDetails): Promise<Quote> {
  const body = await apiClient.post<ApiData<Quote | { quote: Quote }>>("/api/quotes", createQuoteBody(details));
  return unwrapQuote(body.data);
}

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    onSuccess: (quote) => storeSavedQuote(queryClient, quote),
  });
}
