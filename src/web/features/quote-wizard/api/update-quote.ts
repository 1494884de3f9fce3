import type { Quote } from "@domain/quote/quote";
import type { PatchQuoteRequestInput } from "@domain/quote/requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { storeSavedQuote } from "./get-quote";
import { unwrapQuote } from "./quote-response";

export interface UpdateQuoteVariables {
  id: string;
  /** One of docs/product/permissions.md's PATCH bodies; `expectedVersion` guards against a stale write (docs/product/life-cycle.md). */
  body: PatchQuoteRequestInput;
}

/** PATCH /api/quotes/{id}: a section, the completion, a premium override or its removal. */
export async function updateQuote({ id, body }: UpdateQuoteVariables): Promise<Quote> {
  const answer = await apiClient.patch<ApiData<Quote | { quote: Quote }>>(
    `/api/quotes/${encodeURIComponent(id)}`,
    body,
  );
  return unwrapQuote(answer.data);
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    onSuccess: (quote) => storeSavedQuote(queryClient, quote),
  });
}
