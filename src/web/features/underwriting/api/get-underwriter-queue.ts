import type { UnderwriterQueueResponse } from "@domain/underwriting/queue";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@web/lib/api-client";

/** GET /api/uw/queue: quotes awaiting a decision, the longest waiting first. */
export async function getUnderwriterQueue(page: number, pageSize: number): Promise<UnderwriterQueueResponse> {
  return apiClient.get<UnderwriterQueueResponse>("/api/uw/queue", { params: { page, pageSize } });
}

export const underwriterQueueQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    // Under ["quotes"], so a recorded decision (which invalidates every quote cache) refreshes the queue.
    queryKey: ["quotes", "uw-queue", { page, pageSize }],
    queryFn: () => getUnderwriterQueue(page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useUnderwriterQueue(page: number, pageSize: number) {
  return useQuery(underwriterQueueQueryOptions(page, pageSize));
}
