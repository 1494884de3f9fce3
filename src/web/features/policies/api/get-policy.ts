import type { PolicyView } from "@domain/quote/policy-schema";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** GET /api/policies/{policyNumber}: the number's slashes travel encoded, as one path segment. */
export async function getPolicy(policyNumber: string): Promise<PolicyView> {
  const body = await apiClient.get<ApiData<PolicyView>>(`/api/policies/${encodeURIComponent(policyNumber)}`);
  return body.data;
}

/** Under the quotes' key, so a renewal issued or any quote saved refreshes the policy's status and history. */
export const policyQueryOptions = (policyNumber: string) =>
  queryOptions({ queryKey: ["quotes", "policy", policyNumber], queryFn: () => getPolicy(policyNumber) });

export function usePolicy(policyNumber: string) {
  return useQuery(policyQueryOptions(policyNumber));
}
