import type { Quote } from "@domain/quote/quote";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { unwrapQuote } from "./quote-response";

/** The quote caches live under the dashboard's ["quotes"] key, so one invalidation refreshes both. */
export const quoteQueryKey = (id: string) => ["quotes", "detail", id] as const;

/** GET /api/quotes/{id}. */
export async function getQuote(id: string): Promise<Quote> {
  const body = await apiClient.get<ApiData<Quote | { quote: Quote }>>(`/api/quotes/${encodeURIComponent(id)}`);
  return unwrapQuote(body.data);
}

export const quoteQueryOptions = (id: string) =>
  queryOptions({ queryKey: quoteQueryKey(id), queryFn: () => getQuote(id) });

export function useQuote(id: string | undefined) {
  return useQuery({ ...quoteQueryOptions(id ?? ""), enabled: id !== undefined });
}

/**
 * After a successful save (docs/product/permissions.md: saves invalidate the quote caches): the wizard's copy takes the
 * server's answer at once (so `version` is current for the next write) and the dashboard lists refetch.
 */
export async function storeSavedQuote(queryClient: QueryClient, quote: Quote): Promise<void> {
  queryClient.setQueryData(quoteQueryKey(quote.id), quote);
  await queryClient.invalidateQueries({
    queryKey: ["quotes"],
    predicate: (query) => query.queryKey[1] !== "detail",
  });
}
