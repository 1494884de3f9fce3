/**
 * How the limit of indemnity applies (docs/product/rating.md Limit basis and defence costs): in the aggregate for
 * all claims in the period, or to each and every claim; and whether defence costs are paid within the limit or in
 * addition to it. Every quote carries both; a quote made before they could be chosen is in the aggregate with
 * defence costs included. Pure and free of zod, so step 7 and the documents read the labels without the schemas.
 */

export const LIMIT_BASES = ["AGGREGATE", "EACH_AND_EVERY"] as const;
export type LimitBasis = (typeof LIMIT_BASES)[number];
export const DEFENCE_COSTS_BASES = ["INCLUSIVE", "IN_ADDITION"] as const;
export type DefenceCosts = (typeof DEFENCE_COSTS_BASES)[number];

/** Both choices together: how a quote's limit applies. */
export interface LimitTerms {
  limitBasis: LimitBasis;
  defenceCosts: DefenceCosts;
}

export const DEFAULT_LIMIT_BASIS: LimitBasis = "AGGREGATE";
export const DEFAULT_DEFENCE_COSTS: DefenceCosts = "INCLUSIVE";

/** The basis as a choice is named on step 7, the review, the policy screen and the bordereau. */
export const LIMIT_BASIS_LABELS: Readonly<Record<LimitBasis, string>> = {
  AGGREGATE: "In the aggregate",
  EACH_AND_EVERY: "Each and every claim",
};

export const DEFENCE_COSTS_LABELS: Readonly<Record<DefenceCosts, string>> = {
  INCLUSIVE: "Defence costs included within the limit",
  IN_ADDITION: "Defence costs in addition to the limit",
};

/** Defence costs in a column already headed "Defence Costs" (the bordereau). */
export const DEFENCE_COSTS_SHORT: Readonly<Record<DefenceCosts, string>> = {
  INCLUSIVE: "Inclusive",
  IN_ADDITION: "In addition",
};

export const LIMIT_BASIS_MESSAGE = `Limit basis must be one of ${LIMIT_BASES.join(", ")}`;
export const DEFENCE_COSTS_MESSAGE = `Defence costs must be one of ${DEFENCE_COSTS_BASES.join(", ")}`;

/** A stored value read back; anything unknown reads as the default, as every quote before the choice was. */
export function limitBasisOf(value: unknown): LimitBasis {
  return value === "EACH_AND_EVERY" ? "EACH_AND_EVERY" : DEFAULT_LIMIT_BASIS;
}
export function defenceCostsOf(value: unknown): DefenceCosts {
  return value === "IN_ADDITION" ? "IN_ADDITION" : DEFAULT_DEFENCE_COSTS;
}

/**
 * What follows the limit's amount on the schedule and the statement of fact: "in the aggregate, including
 * defence costs" (every policy's wording before the choice) or e.g. "each and every claim, defence costs in
 * addition".
 */
export function limitTermsText(basis: LimitBasis, defenceCosts: DefenceCosts): string {
  const applies = basis === "EACH_AND_EVERY" ? "each and every claim" : "in the aggregate";
  const costs = defenceCosts === "IN_ADDITION" ? "defence costs in addition" : "including defence costs";
  return `${applies}, ${costs}`;
}
