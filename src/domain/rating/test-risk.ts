/**
 * The admin's Test Rating risk (docs/product/rating.md): its industries and defaults. Its schema and the rating
 * input it makes stay in version.ts, which re-exports these, so the editor shows the risk's fields without zod or
 * the rating input's fields (docs/decisions/0056).
 */
/** docs/product/screens.md and docs/product/rating.md: the industries the admin's Test Rating offers. */
export const TEST_INDUSTRIES = ["technology", "restaurant", "consultant", "construction"] as const;
export type TestIndustry = (typeof TEST_INDUSTRIES)[number];

/** docs/product/rating.md: the Test Rating risk's defaults. */
export const TEST_RISK_DEFAULTS = {
  turnover: 500_000,
  industry: "technology",
  sumInsured: 2_000_000,
  claimsLast3Yrs: 0,
  employees: 15,
} as const satisfies TestRatingRisk;

export interface TestRatingRisk {
  turnover: number;
  industry: TestIndustry;
  sumInsured: number;
  claimsLast3Yrs: number;
  employees: number;
}
