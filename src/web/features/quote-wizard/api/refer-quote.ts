import type { Quote } from "@domain/quote/quote";
import type { ReferQuoteRequestInput } from "@domain/quote/requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { storeSavedQuote } from "./get-quote";
import { unwrapQuote } from "./quote-response";

export interface ReferQuoteVariables {
  id: string;
  body: ReferQuoteRequestInput;
}

/** POST /api/quotes/{id}/refer: 'Request Underwriter Review'. */
export async function referQuote({ id, body }: ReferQuoteVariables): Promise<Quote> {
  const answer = await apiClient.post<ApiData<Quote | { quote: Quote }>>(
    `/api/quotes/${encodeURIComponent(id)}/refer`,
    body,
  );
  return unwrapQuote(answer.data);
}

export function useReferQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: referQuote,
    onSuccess: (quote) => storeSavedQuote(queryClient, quote),
  });
}
