import type { Quote } from "@domain/quote/quote";
import type { RunOffRequest } from "@domain/quote/run-off-schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

export interface RunOffVariables {
  policyNumber: string;
  body: RunOffRequest;
}

/** POST /api/policies/{policyNumber}/run-off: the new DRAFT run-off quote from a policy in force. */
export async function runOffPolicy({ policyNumber, body }: RunOffVariables): Promise<Quote> {
  const answer = await apiClient.post<ApiData<Quote>>(
    `/api/policies/${encodeURIComponent(policyNumber)}/run-off`,
    body,
  );
  return answer.data;
}

/** The run-off opens at once in the wizard; the policy's history and the quote lists read it afresh. */
export function useRunOffPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runOffPolicy,
    onSuccess: async (runOff) => {
      queryClient.setQueryData(["quotes", "detail", runOff.id], runOff);
      // The lists and the policy (its history names the run-off); the new quote's detail is already set.
      await queryClient.invalidateQueries({
        queryKey: ["quotes"],
        predicate: (query) => query.queryKey[1] !== "detail",
      });
    },
  });
}
