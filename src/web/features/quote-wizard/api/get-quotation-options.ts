import type { QuotationOptionsResponse } from "@domain/quote/quotation-options";
import { useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** Under the dashboard's ["quotes"] key, so every save of a quote refreshes its options; keyed by version too. */
export const quotationOptionsQueryKey = (id: string, version: number) => ["quotes", "options", id, version] as const;

/** GET /api/quotes/{id}/options: the quote priced at every cover limit and excess option. */
export async function getQuotationOptions(id: string): Promise<QuotationOptionsResponse> {
  const body = await apiClient.get<ApiData<QuotationOptionsResponse>>(`/api/quotes/${encodeURIComponent(id)}/options`);
  return body.data;
}

export function useQuotationOptions(id: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: quotationOptionsQueryKey(id, version),
    queryFn: () => getQuotationOptions(id),
    enabled,
  });
}
