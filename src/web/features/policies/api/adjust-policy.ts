import type { PolicyChanges } from "@domain/quote/policy-changes";
import type { AdjustmentFiguresAnswer, AdjustmentRequest, PolicyView } from "@domain/quote/policy-schema";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { usePolicyWrite } from "./policy-write";

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
 * POST /api/policies/{policyNumber}/change-requests: sends a change that needs an underwriter to the underwriters;
 * the policy answers with it waiting.
 */
export async function referChange({ policyNumber, body }: AdjustPolicyVariables): Promise<PolicyView> {
  const url = `/api/policies/${encodeURIComponent(policyNumber)}/change-requests`;
  const answer = await apiClient.post<ApiData<PolicyView>>(url, body);
  return answer.data;
}

export const useAdjustPolicy = () => usePolicyWrite(adjustPolicy);
export const useReferChange = () => usePolicyWrite(referChange);
