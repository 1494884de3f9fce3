/**
 * Which rating version prices a quote (docs/product/rating.md): the PUBLISHED version for the quote's product whose
 * effective period contains the inception date (effectiveFrom <= inception < effectiveTo, null = open-ended).
 * Published versions are immutable, so each is compiled once per process and its rater cached by id; which of
 * them are published (and their periods, which a later publication may close) is read at most once every
 * PUBLISHED_RECHECK_MS per product and database, and at once after a publication: in this process after its
 * commit, in every other instance sharing PostgreSQL when the notice sent with the commit arrives.
 */
import { type CompiledRater, compileRatingConfig } from "../../../domain/rating/compile";
import type { Database } from "../../db/client";
import { announce, subscribeToCacheNotices } from "../../db/notify";
import type { RatingVersionRow } from "../../db/schema";
import { findPublishedVersions } from "./repository";

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

/**
 * How long a process rates with the published versions it has read before reading them again. A publication in
 * this process takes effect at once, and one made by another instance sharing the database as soon as its notice
 * arrives (docs/decisions/0046); this is the bound while notices cannot arrive (docs/decisions/0036).
 */
export const PUBLISHED_RECHECK_MS = 5_000;

interface PublishedVersions {
  versions: RatingVersionRow[];
  /** performance.now() when read, and the publication generation it was read in. */
  readAt: number;
  generation: number;
}

/** Bumped by every publication in this process: every product's list is read again on next use. */
let publicationGeneration = 0;
const publishedCache = new WeakMap<Database, Map<string, PublishedVersions>>();

/**
 * A publication has committed (in this process, or another instance announced one), or announcements may have
 * been missed: rate with the periods read afresh from the next quote on. A read already under way when this is
 * called is not kept, since it may predate the publication.
 */
export function forgetPublishedVersions(): void {
  publicationGeneration += 1;
}

subscribeToCacheNotices({
  onNotice(notice) {
    if (notice.kind === "published") forgetPublishedVersions();
  },
  onGap: forgetPublishedVersions,
});

/** Tells every instance sharing the database to read the published versions again, once `tx` commits. */
export async function announcePublication(tx: Database): Promise<void> {
  await announce(tx, { kind: "published" });
}

async function publishedVersionsOf(db: Database, productCode: string): Promise<RatingVersionRow[]> {
  let byProduct = publishedCache.get(db);
  if (!byProduct) {
    byProduct = new Map();
    publishedCache.set(db, byProduct);
  }
  const cached = byProduct.get(productCode);
  const now = performance.now();
  if (cached && cached.generation === publicationGeneration && now - cached.readAt < PUBLISHED_RECHECK_MS) {
    return cached.versions;
  }
  const generation = publicationGeneration;
  const versions = await findPublishedVersions(db, productCode);
  byProduct.set(productCode, { versions, readAt: now, generation });
  return versions;
}

/**
 * The version whose period contains the inception date (effectiveFrom <= inception < effectiveTo, null =
 * open-ended). Publication closes overlapping periods, so at most one matches; the order only makes that certain.
 */
function effectiveAmong(versions: readonly RatingVersionRow[], inceptionDate: string): RatingVersionRow | undefined {
  let best: RatingVersionRow | undefined;
  for (const version of versions) {
    if (version.effectiveFrom > inceptionDate) continue;
    if (version.effectiveTo !== null && version.effectiveTo <= inceptionDate) continue;
    if (
      !best ||
      version.effectiveFrom > best.effectiveFrom ||
      (version.effectiveFrom === best.effectiveFrom &&
        (version.publishedAt?.getTime() ?? 0) > (best.publishedAt?.getTime() ?? 0))
    ) {
      best = version;
    }
  }
  return best;
}

/** The effective version and its compiled rater, or undefined when no published version covers the date. */
export async function findEffectiveRater(
  db: Database,
  productCode: string,
  inceptionDate: string,
): Promise<EffectiveRater | undefined> {
  const version = effectiveAmong(await publishedVersionsOf(db, productCode), inceptionDate);
  return version ? { version, rater: compiledRaterFor(version) } : undefined;
}

/** For tests that need to observe compilation. */
export function cachedRaterCount(): number {
  return raterCache.size;
}
