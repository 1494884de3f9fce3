import type { CancellationFiguresAnswer, CancellationRequest, PolicyView } from "@domain/quote/policy-schema";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { usePolicyWrite } from "./policy-write";

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

/** The policy screen shows the server's answer at once: its status, transactions and the notice. */
export const useCancelPolicy = () => usePolicyWrite(cancelPolicy);
