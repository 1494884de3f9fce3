/**
 * The rating versions a new database starts with (README.md): the engine's shipped configurations, PUBLISHED
 * and effective from SEED_EFFECTIVE_FROM with no end. Their notes are shown to administrators beside each
 * version, so they speak of the product, not of the files behind it (migration 0026 rewrote older databases').
 */
import { DC_PI_RATING_CONFIG } from "../../domain/rating/configs/dc-pi";
import { PI001_RATING_CONFIG } from "../../domain/rating/configs/pi001";

export interface SeedRatingVersion {
  name: string;
  notes: string;
  productCode: string;
  json: Record<string, unknown>;
}

export const SEED_RATING_VERSIONS: readonly SeedRatingVersion[] = [
  {
    name: `D/C-PI ${DC_PI_RATING_CONFIG.version}`,
    notes: "Initial design-and-construct PI rating.",
    productCode: DC_PI_RATING_CONFIG.productCode,
    json: structuredClone(DC_PI_RATING_CONFIG) as unknown as Record<string, unknown>,
  },
  {
    name: `PI001 ${PI001_RATING_CONFIG.version}`,
    notes: "Example professional indemnity rating.",
    productCode: PI001_RATING_CONFIG.productCode,
    json: structuredClone(PI001_RATING_CONFIG) as unknown as Record<string, unknown>,
  },
];
