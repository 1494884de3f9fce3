import type { Quote } from "@domain/quote/quote";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

export interface SetCommissionVariables {
  quoteId: string;
  ratePercent: number;
  expectedVersion: number;
}

/** PUT /api/quotes/{id}/uw/commission: the broker's commission rate on this quote, within its version's limits. */
export async function setCommission({ quoteId, ratePercent, expectedVersion }: SetCommissionVariables): Promise<Quote> {
  const answer = await apiClient.put<ApiData<Quote>>(`/api/quotes/${encodeURIComponent(quoteId)}/uw/commission`, {
    ratePercent,
    expectedVersion,
  });
  return answer.data;
}

export function useSetCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCommission,
    // Every quote cache (lists, the wizard's copy, reviews) sits under ["quotes"].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["quotes"] }),
  });
}
