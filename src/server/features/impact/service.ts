/**
 * Starting an impact analysis: only a draft can be compared with the versions quotes were rated with.
 */
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findVersion } from "../rating-versions/repository";
import type { ImpactJobStore } from "./jobs";

export const IMPACT_NEEDS_DRAFT =
  "Impact analysis compares a draft with the versions quotes were rated with; this version is already published";

/** Starts (or joins) the analysis of a draft version. */
export async function startImpactAnalysis(db: Database, jobs: ImpactJobStore, versionId: string) {
  const version = await findVersion(db, versionId);
  if (!version) throw new AppError("NOT_FOUND", "Rating version not found");
  if (version.status !== "DRAFT") throw new AppError("RATING_VERSION_PUBLISHED", IMPACT_NEEDS_DRAFT);
  return jobs.start(version);
}
