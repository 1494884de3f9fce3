import { type ConfigChange, diffRatingConfigs } from "@domain/rating/config-diff";
import { parseRatingConfigText } from "@domain/rating/config-schema";
import { selectEffectiveVersion } from "@domain/rating/periods";
import type { RatingVersion } from "@domain/rating/version";

// 'Compare with published', fetched with the engine when the administrator comes to its button.

export type Comparison =
  | { kind: "invalid-json" }
  | { kind: "no-published"; productCode: string; effectiveFrom: string }
  | { kind: "compared"; against: RatingVersion; changes: ConfigChange[] };

/** The draft against the published version it will replace: the one in force for its product on its effectiveFrom. */
export function compareWithPublished(
  versions: readonly RatingVersion[],
  configText: string,
  effectiveFrom: string,
): Comparison {
  const parsed = parseRatingConfigText(configText);
  if (!parsed.ok) return { kind: "invalid-json" };
  const productCode = String(parsed.json.productCode);
  const against = selectEffectiveVersion(versions, productCode, effectiveFrom);
  if (!against) return { kind: "no-published", productCode, effectiveFrom };
  return { kind: "compared", against, changes: diffRatingConfigs(against.json, parsed.json) };
}
