import type { RenewalsDueResponse } from "@domain/quote/renewal";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";

/** Under the dashboard's ["quotes"] key, so any quote save (a renewal's too) refreshes the list. */
export const renewalsDueQueryKey = ["quotes", "renewals-due"] as const;

/** GET /api/quotes/renewals-due: the caller's issued policies due for renewal, soonest expiry first. */
export async function getRenewalsDue(): Promise<RenewalsDueResponse> {
  return apiClient.get<RenewalsDueResponse>("/api/quotes/renewals-due");
}

export function useRenewalsDue(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: renewalsDueQueryKey, queryFn: getRenewalsDue }), enabled });
}
