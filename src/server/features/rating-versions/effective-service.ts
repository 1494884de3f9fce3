/**
 * Which rating version prices a quote (docs/product/rating.md): the PUBLISHED version for the quote's product whose
 * effective period contains the inception date (effectiveFrom <= inception < effectiveTo, null = open-ended).
 * Published versions are immutable, so each is compiled once per process and its rater cached by id.
 */
import { type CompiledRater, compileRatingConfig } from "../../../domain/rating/compile";
import type { Database } from "../../db/client";
import type { RatingVersionRow } from "../../db/schema";
import { findEffectiveRatingVersion } from "./repository";

/** Bounded so a long-lived process that sees many versions does not grow without limit. */
const MAX_CACHED_RATERS = 64;
const raterCache = new Map<string, CompiledRater>();

export class StoredRatingConfigError extends Error {
  constructor(versionId: string, problems: string) {
    super(`Rating version ${versionId} holds a configuration the engine refuses: ${problems}`);
    this.name = "StoredRatingConfigError";
  }
}

/**
 * The compiled rater for a version, compiled at most once per PUBLISHED version id. Drafts (editable) are
 * compiled on every call and never cached.
 */
export function compiledRaterFor(version: Pick<RatingVersionRow, "id" | "json" | "status">): CompiledRater {
  const cached = version.status === "PUBLISHED" ? raterCache.get(version.id) : undefined;
  if (cached) {
    // Refresh its place so the least recently used one is evicted first.
    raterCache.delete(version.id);
    raterCache.set(version.id, cached);
    return cached;
  }
  const compiled = compileRatingConfig(version.json);
  if (!compiled.ok) {
    throw new StoredRatingConfigError(version.id, compiled.issues.map((i) => `${i.path}: ${i.message}`).join("; "));
  }
  if (version.status === "PUBLISHED") {
    raterCache.set(version.id, compiled.rater);
    if (raterCache.size > MAX_CACHED_RATERS) {
      const oldest = raterCache.keys().next().value;
      if (oldest !== undefined) raterCache.delete(oldest);
    }
  }
  return compiled.rater;
}

export interface EffectiveRater {
  version: RatingVersionRow;
  rater: CompiledRater;
}

/** The effective version and its compiled rater, or undefined when no published version covers the date. */
export async function findEffectiveRater(
  db: Database,
  productCode: string,
  inceptionDate: string,
): Promise<EffectiveRater | undefined> {
  const version = await findEffectiveRatingVersion(db, productCode, inceptionDate);
  return version ? { version, rater: compiledRaterFor(version) } : undefined;
}

/** For tests that need to observe compilation. */
export function cachedRaterCount(): number {
  return raterCache.size;
}
