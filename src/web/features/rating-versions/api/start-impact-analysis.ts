import type { ImpactJob } from "@domain/rating/impact";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiData, apiClient } from "@web/lib/api-client";
import { impactJobQueryKey } from "./get-impact-job";

/** Starts the impact analysis of a draft rating version (or joins the one already run for it). */
export async function startImpactAnalysis(ratingVersionId: string): Promise<ImpactJob> {
  const body = await apiClient.post<ApiData<ImpactJob>>(
    `/api/rating/versions/${encodeURIComponent(ratingVersionId)}/impact`,
  );
  return body.data;
}

export function useStartImpactAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImpactAnalysis,
    // The answer is the job's first state: seed the polling query with it.
    onSuccess: (job) => queryClient.setQueryData(impactJobQueryKey(job.ratingVersionId, job.id), job),
  });
}
