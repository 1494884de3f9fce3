import type { Quote } from "@domain/quote/quote";
import type { IssueQuoteRequest } from "@domain/quote/requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { storeSavedQuote } from "./get-quote";
import { unwrapQuote } from "./quote-response";

export interface IssueQuoteVariables {
  id: string;
  body: IssueQuoteRequest;
}

/** POST /api/quotes/{id}/issue: binds a completed quote; the answer is the ISSUED quote with its policy number. */
export async function issueQuote({ id, body }: IssueQuoteVariables): Promise<Quote> {
  const answer = await apiClient.post<ApiData<Quote | { quote: Quote }>>(
    `/api/quotes/${encodeURIComponent(id)}/issue`,
    body,
  );
  return unwrapQuote(answer.data);
}

export function useIssueQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueQuote,
    onSuccess: (quote) => storeSavedQuote(queryClient, quote),
  });
}
