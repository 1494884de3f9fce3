import type { ChangeDecisionRequest, PolicyView } from "@domain/quote/policy-schema";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { usePolicyWrite } from "./policy-write";

export interface DecideChangeVariables {
  policyNumber: string;
  requestId: string;
  body: ChangeDecisionRequest;
}

/** POST /api/policies/{policyNumber}/change-requests/{id}/decision: an underwriter approves or declines a change. */
export async function decideChange({ policyNumber, requestId, body }: DecideChangeVariables): Promise<PolicyView> {
  const url = `/api/policies/${encodeURIComponent(policyNumber)}/change-requests/${encodeURIComponent(requestId)}/decision`;
  const answer = await apiClient.post<ApiData<PolicyView>>(url, body);
  return answer.data;
}

export const useDecideChange = () => usePolicyWrite(decideChange);
