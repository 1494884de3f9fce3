import type { LimitTerms } from "@domain/format/limit-basis";
import type { QuotationOptionsResponse } from "@domain/quote/quotation-options";
import { useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** Under the dashboard's ["quotes"] key, so every save of a quote refreshes its options; keyed by version too. */
export const quotationOptionsQueryKey = (id: string, version: number, terms?: LimitTerms) =>
  ["quotes", "options", id, version, terms?.limitBasis ?? null, terms?.defenceCosts ?? null] as const;

/**
 * GET /api/quotes/{id}/options: the quote priced at every cover limit and excess option, on the quote's own limit
 * basis and defence costs or on `terms` when the broker switches them in the grid.
 */
export async function getQuotationOptions(id: string, terms?: LimitTerms): Promise<QuotationOptionsResponse> {
  const query = terms
    ? `?${new URLSearchParams({ limitBasis: terms.limitBasis, defenceCosts: terms.defenceCosts }).toString()}`
    : "";
  const body = await apiClient.get<ApiData<QuotationOptionsResponse>>(
    `/api/quotes/${encodeURIComponent(id)}/options${query}`,
  );
  return body.data;
}

export function useQuotationOptions(id: string, version: number, enabled: boolean, terms?: LimitTerms) {
  return useQuery({
    queryKey: quotationOptionsQueryKey(id, version, terms),
    queryFn: () => getQuotationOptions(id, terms),
    enabled,
  });
}
