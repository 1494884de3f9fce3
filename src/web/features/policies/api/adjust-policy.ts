import type { PolicyChanges } from "@domain/quote/policy-changes";
import type { AdjustmentFiguresAnswer, AdjustmentRequest, PolicyView } from "@domain/quote/policy-schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { policyQueryOptions } from "./get-policy";

const adjustmentsUrl = (policyNumber: string, tail = "") =>
  `/api/policies/${encodeURIComponent(policyNumber)}/adjustments${tail}`;

/** POST /api/policies/{policyNumber}/adjustments/figures: what a change from a date would charge or return. */
export async function getAdjustmentFigures(
  policyNumber: string,
  body: { effectiveDate: string; changes: PolicyChanges },
): Promise<AdjustmentFiguresAnswer> {
  const answer = await apiClient.post<ApiData<AdjustmentFiguresAnswer>>(adjustmentsUrl(policyNumber, "/figures"), body);
  return answer.data;
}

export interface AdjustPolicyVariables {
  policyNumber: string;
  body: AdjustmentRequest;
}

/** POST /api/policies/{policyNumber}/adjustments: makes the change at the version its figures were shown for. */
export async function adjustPolicy({ policyNumber, body }: AdjustPolicyVariables): Promise<PolicyView> {
  const answer = await apiClient.post<ApiData<PolicyView>>(adjustmentsUrl(policyNumber), body);
  return answer.data;
}

/**
 * The policy screen shows the server's answer at once (insured, cover, transactions, the endorsement); the lists
 * and the quote behind the policy, whose version moved on, are fetched again when next shown.
 */
export function useAdjustPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustPolicy,
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
