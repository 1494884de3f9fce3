import type { PendingPolicyChange } from "@domain/quote/policy-schema";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** GET /api/uw/policy-changes: mid-term changes brokers sent for a decision, the longest waiting first. */
export async function getPolicyChanges(): Promise<PendingPolicyChange[]> {
  return (await apiClient.get<ApiData<PendingPolicyChange[]>>("/api/uw/policy-changes")).data;
}

export const policyChangesQueryOptions = () =>
  queryOptions({
    // Under ["quotes"], so a decision on a change (which refreshes every quote cache) refreshes the list.
    queryKey: ["quotes", "uw-policy-changes"],
    queryFn: getPolicyChanges,
  });

export function usePolicyChanges() {
  return useQuery(policyChangesQueryOptions());
}
