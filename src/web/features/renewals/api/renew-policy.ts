import type { Quote } from "@domain/quote/quote";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** POST /api/quotes/{id}/renew: the new DRAFT renewal of an issued policy. */
export async function renewPolicy(policyId: string): Promise<Quote> {
  const answer = await apiClient.post<ApiData<Quote>>(`/api/quotes/${encodeURIComponent(policyId)}/renew`, {});
  return answer.data;
}

export function useRenewPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewPolicy,
    onSuccess: async (renewal) => {
      queryClient.setQueryData(["quotes", "detail", renewal.id], renewal);
      await queryClient.invalidateQueries({
        queryKey: ["quotes"],
        predicate: (query) => query.queryKey[1] !== "detail",
      });
    },
  });
}
