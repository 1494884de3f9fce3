import type { RatingVersion } from "@domain/rating/version";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

export const ratingVersionsQueryKey = ["rating-versions"] as const;

export async function getRatingVersions(): Promise<RatingVersion[]> {
  const body = await apiClient.get<ApiData<RatingVersion[]>>("/api/rating/versions");
  return body.data;
}

export const ratingVersionsQueryOptions = () =>
  queryOptions({ queryKey: ratingVersionsQueryKey, queryFn: getRatingVersions });

export function useRatingVersions() {
  return useQuery(ratingVersionsQueryOptions());
}
