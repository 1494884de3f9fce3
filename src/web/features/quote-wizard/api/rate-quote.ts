import type { RateQuoteResult } from "@domain/quote/quote";
import type { RateQuoteRequestInput } from "@domain/quote/risk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { storeSavedQuote } from "./get-quote";

export interface RateQuoteVariables {
  id: string;
  /** Only the step-7 selections count on the server (docs/product/life-cycle.md): band, cover limit, excess, covers. */
  body: RateQuoteRequestInput;
}

/** POST /api/quotes/{id}/rate: `data.breakdown`, `data.referralHits`, `data.quote`. */
export async function rateQuote({ id, body }: RateQuoteVariables): Promise<RateQuoteResult> {
  const answer = await apiClient.post<ApiData<RateQuoteResult>>(`/api/quotes/${encodeURIComponent(id)}/rate`, body);
  return answer.data;
}

export function useRateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateQuote,
    onSuccess: (result) => storeSavedQuote(queryClient, result.quote),
  });
}
