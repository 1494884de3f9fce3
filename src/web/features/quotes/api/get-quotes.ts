import type { PaginationMeta, Quote, QuoteListItem } from "@domain/quote/quote";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** A dashboard row: the quote and who created it. */
export type QuoteRow = QuoteListItem;

export interface QuoteListParams {
  q?: string;
  status?: string;
  page: number;
  pageSize: number;
}

/** docs/product/screens.md: a list item is a quote or an object holding quote and broker; the dashboard reads both. */
type RawListItem = Quote | (Pick<QuoteListItem, "quote"> & Partial<Pick<QuoteListItem, "broker">>);

function toQuoteRow(item: RawListItem): QuoteRow {
  if ("quote" in item && item.quote && typeof item.quote === "object") {
    return { quote: item.quote, broker: item.broker ?? null };
  }
  const quote = item as Quote;
  return { quote, broker: quote.broker ?? null };
}

export async function getQuotes(params: QuoteListParams) {
  const body = await apiClient.get<ApiData<RawListItem[]> & { meta: PaginationMeta }>("/api/quotes", {
    params: { q: params.q?.trim(), status: params.status, page: params.page, pageSize: params.pageSize },
  });
  return { rows: body.data.map(toQuoteRow), meta: body.meta };
}

export const quotesQueryKey = ["quotes"] as const;

export const quotesQueryOptions = (params: QuoteListParams) =>
  queryOptions({
    queryKey: [...quotesQueryKey, "list", params],
    queryFn: () => getQuotes(params),
    // Keep the current page on screen while the next search or page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useQuotes(params: QuoteListParams) {
  return useQuery(quotesQueryOptions(params));
}
