import type { createRatingVersionRequestSchema, RatingVersion } from "@domain/rating/version";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { auditLogsQueryKey } from "@web/lib/query-keys";
import type { z } from "zod";
import { ratingVersionsQueryKey } from "./get-rating-versions";

/** The body as sent: `json` may be the configuration object or its text (the server parses either). */
export type CreateRatingVersionBody = z.input<typeof createRatingVersionRequestSchema>;

export async function createRatingVersion(input: CreateRatingVersionBody): Promise<RatingVersion> {
  const body = await apiClient.post<ApiData<RatingVersion>>("/api/rating/versions", input);
  return body.data;
}

export function useCreateRatingVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRatingVersion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratingVersionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogsQueryKey }),
      ]),
  });
}
