import type { RenewalsDueResponse } from "@domain/quote/renewal-schema";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";

/** Under the dashboard's ["quotes"] key, so any quote save (a renewal's too) refreshes every page of the list. */
export const renewalsDueQueryKey = ["quotes", "renewals-due"] as const;

/** GET /api/quotes/renewals-due: one page of the caller's issued policies due for renewal, soonest expiry first. */
export async function getRenewalsDue(page: number, pageSize: number): Promise<RenewalsDueResponse> {
  return apiClient.get<RenewalsDueResponse>("/api/quotes/renewals-due", { params: { page, pageSize } });
}

export function useRenewalsDue(enabled: boolean, page: number, pageSize: number) {
  return useQuery({
    ...queryOptions({
      queryKey: [...renewalsDueQueryKey, { page, pageSize }],
      queryFn: () => getRenewalsDue(page, pageSize),
      // Keep the current page on screen while the next one loads, instead of the card vanishing.
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}
