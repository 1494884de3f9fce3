import type { RatingVersion } from "@domain/rating/version";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";
import { ratingVersionsQueryKey } from "./get-rating-versions";

export async function publishRatingVersion(id: string): Promise<RatingVersion> {
  const body = await apiClient.post<ApiData<RatingVersion>>(`/api/rating/versions/${encodeURIComponent(id)}/publish`);
  return body.data;
}

export function usePublishRatingVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishRatingVersion,
    // Publishing may close another version's period, so the whole list is refetched.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratingVersionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}
