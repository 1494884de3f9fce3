import type { CancellationFiguresAnswer, CancellationRequest, PolicyView } from "@domain/quote/policy-schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { policyQueryOptions } from "./get-policy";

const cancellationUrl = (policyNumber: string, tail = "") =>
  `/api/policies/${encodeURIComponent(policyNumber)}/cancellation${tail}`;

/** POST /api/policies/{policyNumber}/cancellation/figures: what cancelling from a date would return; writes nothing. */
export async function getCancellationFigures(
  policyNumber: string,
  effectiveDate: string,
): Promise<CancellationFiguresAnswer> {
  const answer = await apiClient.post<ApiData<CancellationFiguresAnswer>>(cancellationUrl(policyNumber, "/figures"), {
    effectiveDate,
  });
  return answer.data;
}

export interface CancelPolicyVariables {
  policyNumber: string;
  body: CancellationRequest;
}

/** POST /api/policies/{policyNumber}/cancellation: cancels at the version the figures were shown for. */
export async function cancelPolicy({ policyNumber, body }: CancelPolicyVariables): Promise<PolicyView> {
  const answer = await apiClient.post<ApiData<PolicyView>>(cancellationUrl(policyNumber), body);
  return answer.data;
}

/**
 * The policy screen shows the server's answer at once (status, transactions, the notice); the lists and the
 * quote behind the policy, whose version moved on, are fetched again when next shown.
 */
export function useCancelPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPolicy,
    onSuccess: async (policy, { policyNumber }) => {
      const { queryKey } = policyQueryOptions(policyNumber);
      queryClient.setQueryData(queryKey, policy);
      await queryClient.invalidateQueries({
        queryKey: ["quotes"],
        predicate: (query) => !(query.queryKey[1] === "policy" && query.queryKey[2] === policyNumber),
      });
    },
  });
}
