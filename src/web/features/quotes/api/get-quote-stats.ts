import type { QuoteStats } from "@domain/quote/stats";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { quotesQueryKey } from "./get-quotes";

/** GET /api/quotes/stats: per status, how many quotes the user can see and their total premium. */
export async function getQuoteStats(): Promise<QuoteStats> {
  const body = await apiClient.get<ApiData<QuoteStats>>("/api/quotes/stats");
  return body.data;
}

export const quoteStatsQueryOptions = () =>
  queryOptions({ queryKey: [...quotesQueryKey, "stats"], queryFn: getQuoteStats });

export function useQuoteStats() {
  return useQuery(quoteStatsQueryOptions());
}
