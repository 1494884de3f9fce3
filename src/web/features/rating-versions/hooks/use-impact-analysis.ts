import type { RatingVersion } from "@domain/rating/version";
import { useState } from "react";
import { useImpactJob } from "../api/get-impact-job";

/**
 * The impact analysis run for this draft in this screen: its headline is repeated when publishing, and it is
 * forgotten once a different configuration is saved, as it no longer describes the draft.
 */
export function useImpactAnalysis(version: RatingVersion | null) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [analysedText, setAnalysedText] = useState<string | null>(null);
  const job = useImpactJob(version?.id ?? "", jobId).data;

  const started = (startedJobId: string, text: string) => {
    setJobId(startedJobId);
    setAnalysedText(text);
  };

  const saved = (text: string) => {
    if (analysedText !== null && analysedText !== text) {
      setJobId(null);
      setAnalysedText(null);
    }
  };

  return { jobId, job, started, saved };
}
