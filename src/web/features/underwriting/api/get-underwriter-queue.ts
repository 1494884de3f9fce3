import type { AuthorityFilter } from "@domain/underwriting/authority";
import type { ReferralWaiting } from "@domain/underwriting/conversation";
import type { UnderwriterQueueResponse } from "@domain/underwriting/queue";
import type { QueueView } from "@domain/underwriting/response-target";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";

export interface UnderwriterQueueParams {
  page: number;
  pageSize: number;
  show: QueueView;
  /** Only the referrals within, or beyond, the signed-in underwriter's authority. */
  authority?: AuthorityFilter;
  /** Only the referrals awaiting the broker (an open question) or the underwriter; absent, both. */
  waiting?: ReferralWaiting;
}

/** GET /api/uw/queue: quotes awaiting a decision, the longest waiting first, with their response targets. */
export async function getUnderwriterQueue(params: UnderwriterQueueParams): Promise<UnderwriterQueueResponse> {
  return apiClient.get<UnderwriterQueueResponse>("/api/uw/queue", { params: { ...params } });
}

export const underwriterQueueQueryOptions = (params: UnderwriterQueueParams) =>
  queryOptions({
    // Under ["quotes"], so a recorded decision (which invalidates every quote cache) refreshes the queue.
    queryKey: ["quotes", "uw-queue", params],
    queryFn: () => getUnderwriterQueue(params),
    placeholderData: keepPreviousData,
  });

export function useUnderwriterQueue(params: UnderwriterQueueParams) {
  return useQuery(underwriterQueueQueryOptions(params));
}
