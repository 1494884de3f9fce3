import type { ImpactJob } from "@domain/rating/impact";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";

/** How often a running analysis is asked for its progress. */
export const IMPACT_POLL_INTERVAL_MS = 250;

export const impactJobQueryKey = (ratingVersionId: string, jobId: string) =>
  ["rating-versions", ratingVersionId, "impact", jobId] as const;

export async function getImpactJob(ratingVersionId: string, jobId: string): Promise<ImpactJob> {
  const body = await apiClient.get<ApiData<ImpactJob>>(
    `/api/rating/versions/${encodeURIComponent(ratingVersionId)}/impact/${encodeURIComponent(jobId)}`,
  );
  return body.data;
}

export function impactJobQueryOptions(ratingVersionId: string, jobId: string) {
  return queryOptions({
    queryKey: impactJobQueryKey(ratingVersionId, jobId),
    queryFn: () => getImpactJob(ratingVersionId, jobId),
    // The one query in the app that polls (docs/product/permissions.md's default is none): only while the analysis runs.
    refetchInterval: (query) => (query.state.data?.status === "running" ? IMPACT_POLL_INTERVAL_MS : false),
  });
}

export function useImpactJob(ratingVersionId: string, jobId: string | null) {
  return useQuery({
    ...impactJobQueryOptions(ratingVersionId, jobId ?? ""),
    enabled: jobId !== null,
  });
}
