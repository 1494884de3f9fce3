import type { RatingVersion, updateRatingVersionRequestSchema } from "@domain/rating/version";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";
import type { z } from "zod";
import { ratingVersionsQueryKey } from "./get-rating-versions";

/** PATCH a draft; the server refuses published versions (they are immutable). */
export async function updateRatingVersion(input: {
  id: string;
  changes: z.input<typeof updateRatingVersionRequestSchema>;
}): Promise<RatingVersion> {
  const body = await apiClient.patch<ApiData<RatingVersion>>(
    `/api/rating/versions/${encodeURIComponent(input.id)}`,
    input.changes,
  );
  return body.data;
}

export function useUpdateRatingVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRatingVersion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratingVersionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}
