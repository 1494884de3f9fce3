import type { RatingConfigInput } from "../config-schema";

/**
 * docs/product/rating.md's example configuration, exactly as docs/product/rating.md writes it: the PUBLISHED version seeded for
 * product PI001. Do not "improve" it; quotes and tests are worked by hand from these numbers.
 */
export const PI001_RATING_CONFIG: RatingConfigInput = {
  version: "1.0.0",
  productCode: "PI001",
  baseRate: 100,
  taxesPct: 12,
  fees: [{ code: "POLICY_FEE", label: "Policy fee", amount: 25 }],
  factors: {
    turnover: [
      { min: 0, max: 200000, multiplier: 1 },
      { min: 200001, max: 500000, multiplier: 1.2 },
      { min: 500001, max: null, multiplier: 1.5 },
    ],
    industry: { restaurant: 1.1, consultant: 0.9, construction: 1.4, technology: 0.95 },
    claimsLast3Yrs: [
      { min: 0, max: 0, multiplier: 1 },
      { min: 1, max: 2, multiplier: 1.25 },
      { min: 3, max: null, multiplier: 1.6 },
    ],
  },
  referralRules: [
    { code: "HIGH_SUM_INSURED", description: "Sum insured above £2,000,000", condition: "sumInsured > 2000000" },
    { code: "CLAIMS_HISTORY", description: "More than 2 claims in the last 3 years", condition: "claimsLast3Yrs > 2" },
  ],
  caps: { minPremium: 150, maxMultiplier: 3 },
};
