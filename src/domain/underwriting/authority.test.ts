import { describe, expect, it } from "vitest";
import { toFieldIssues } from "../validation";
import {
  type Authority,
  type AuthorityCase,
  authorityExcesses,
  authorityOf,
  FULL_AUTHORITY,
  isFullAuthority,
  toAuthorityResponse,
} from "./authority";
import { authorityInputSchema } from "./authority-schema";

const JUNIOR: Authority = {
  maxCoverLimit: 1_000_000,
  maxGrossPremium: 1_000_000,
  clearableReferralCodes: ["HIGH_SUM_INSURED"],
  counterMin: 0.95,
  counterMax: 1.05,
};

const WITHIN: AuthorityCase = {
  decision: "APPROVED",
  coverLimit: 1_000_000,
  grossPremium: 1_000_000,
  referrals: [{ code: "HIGH_SUM_INSURED", description: "Sum insured above £2,000,000" }],
  multiplier: null,
};

describe("an underwriter's authority", () => {
  it("lets a decision at every bound through", () => {
    expect(authorityExcesses(JUNIOR, WITHIN)).toEqual([]);
    expect(authorityExcesses(JUNIOR, { ...WITHIN, decision: "COUNTER", multiplier: 1.05 })).toEqual([]);
    expect(authorityExcesses(JUNIOR, { ...WITHIN, decision: "COUNTER", multiplier: 0.95 })).toEqual([]);
  });

  it("names each excess: the cover limit, the premium, a referral it may not clear, the counter range", () => {
    const beyond: AuthorityCase = {
      decision: "COUNTER",
      coverLimit: 2_000_000,
      grossPremium: 1_240_000,
      referrals: [
        { code: "HIGH_SUM_INSURED", description: "Sum insured above £2,000,000" },
        { code: "CLAIMS_HISTORY", description: "More than 2 claims in the last 3 years" },
      ],
      multiplier: 1.1,
    };
    expect(authorityExcesses(JUNIOR, beyond)).toEqual([
      "The cover limit £2,000,000 is above your authority of £1,000,000",
      "The premium £12,400.00 is above your authority of £10,000.00",
      'The referral "More than 2 claims in the last 3 years" (CLAIMS_HISTORY) is not one your authority may clear',
      "The adjustment 1.10x is outside your counter-offer range of 0.95x to 1.05x",
    ]);
    expect(authorityExcesses(JUNIOR, { ...WITHIN, grossPremium: 1_000_001 })).toEqual([
      "The premium £10,000.01 is above your authority of £10,000.00",
    ]);
    expect(authorityExcesses(JUNIOR, { ...WITHIN, decision: "COUNTER", multiplier: 0.94 })).toHaveLength(1);
  });

  it("needs no authority to decline", () => {
    expect(authorityExcesses(JUNIOR, { ...WITHIN, decision: "DECLINED", coverLimit: 5_000_000 })).toEqual([]);
  });

  it("reads nothing stored as full authority, which restricts nothing", () => {
    expect(authorityOf(null)).toEqual(FULL_AUTHORITY);
    expect(isFullAuthority(authorityOf(null))).toBe(true);
    expect(isFullAuthority(JUNIOR)).toBe(false);
    const huge: AuthorityCase = { ...WITHIN, coverLimit: 50_000_000, grossPremium: 9_999_999_99, multiplier: 1.15 };
    expect(authorityExcesses(FULL_AUTHORITY, { ...huge, decision: "COUNTER" })).toEqual([]);
  });

  it("is sent with the premium as a money string", () => {
    expect(toAuthorityResponse(JUNIOR).maxGrossPremium).toBe("10000.00");
    expect(toAuthorityResponse(FULL_AUTHORITY).maxGrossPremium).toBeNull();
  });
});

describe("the authority an administrator sends", () => {
  const valid = {
    maxCoverLimit: 1_000_000,
    maxGrossPremium: "5000.00",
    clearableReferralCodes: ["NON_UK_WORK", "NON_UK_WORK"],
    counterMin: 0.95,
    counterMax: 1.05,
  };
  const issuesOf = (value: unknown) => {
    const result = authorityInputSchema.safeParse(value);
    return result.success ? [] : toFieldIssues(result.error);
  };

  it("parses the premium to pence and keeps each code once", () => {
    expect(authorityInputSchema.parse(valid)).toEqual({
      ...valid,
      maxGrossPremium: 500_000,
      clearableReferralCodes: ["NON_UK_WORK"],
    });
  });

  it("refuses each field with its own words", () => {
    expect(
      issuesOf({
        maxCoverLimit: 0,
        maxGrossPremium: "12.345",
        clearableReferralCodes: ["claims"],
        counterMin: 0.8,
        counterMax: 1.05,
      }),
    ).toEqual([
      { path: "maxCoverLimit", message: "Highest cover limit must be a whole number of pounds above zero" },
      {
        path: "maxGrossPremium",
        message: "Highest gross premium must be an amount in pounds above zero with at most two decimals",
      },
      {
        path: "clearableReferralCodes.0",
        message: "Referral codes are upper-case letters, digits and underscores, e.g. CLAIMS_HISTORY",
      },
      { path: "counterMin", message: "Counter-offer multipliers must be between 0.85 and 1.15 in steps of 0.01" },
    ]);
    expect(issuesOf({ ...valid, counterMin: 1.1, counterMax: 1 })).toEqual([
      { path: "counterMin", message: "The lowest counter-offer multiplier must not be above the highest" },
    ]);
  });
});
