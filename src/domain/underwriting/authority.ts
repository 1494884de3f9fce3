/**
 * An underwriter's authority (docs/product/permissions.md "Authority"): the highest cover limit and gross premium
 * they may accept, the referral codes they may clear and the counter-offer range they may use. A decision beyond
 * it is refused, and the review and the queue say so before the underwriter tries. One rule and one set of
 * words for the server and the screens.
 */
import { COUNTER_MULTIPLIER_MAX, COUNTER_MULTIPLIER_MIN } from "../constants";
import { formatGbp, formatGbpWhole, type Pence, parseMoneyString, penceToMoneyString } from "../money";
import type { UnderwriterDecisionValue } from "../quote/quote";

/** An authority as stored and as the rule reads it; null means "no limit" and every referral code. */
export interface Authority {
  /** Whole pounds, as quotes hold the limit of indemnity. */
  maxCoverLimit: number | null;
  /** Integer pence: the gross (total) premium, taxes and fees included. */
  maxGrossPremium: Pence | null;
  /** The referral codes (a rating version's referral rule codes) they may clear; null for every code. */
  clearableReferralCodes: string[] | null;
  counterMin: number;
  counterMax: number;
}

/** An underwriter with no restriction: every limit, premium and referral, the spec's whole counter range. */
export const FULL_AUTHORITY: Authority = {
  maxCoverLimit: null,
  maxGrossPremium: null,
  clearableReferralCodes: null,
  counterMin: COUNTER_MULTIPLIER_MIN,
  counterMax: COUNTER_MULTIPLIER_MAX,
};

export const AUTHORITY_MESSAGES = {
  coverLimit: "Highest cover limit must be a whole number of pounds above zero",
  grossPremium: "Highest gross premium must be an amount in pounds above zero with at most two decimals",
  referralCode: "Referral codes are upper-case letters, digits and underscores, e.g. CLAIMS_HISTORY",
  counterRange: "Counter-offer multipliers must be between 0.85 and 1.15 in steps of 0.01",
  counterOrder: "The lowest counter-offer multiplier must not be above the highest",
  notUnderwriter: "Only an underwriter has an authority",
} as const;

/** An authority as the API sends it: the premium as a money string, like every amount the API sends. */
export type AuthorityResponse = Omit<Authority, "maxGrossPremium"> & { maxGrossPremium: string | null };

export function toAuthorityResponse(authority: Authority): AuthorityResponse {
  return {
    ...authority,
    maxGrossPremium: authority.maxGrossPremium === null ? null : penceToMoneyString(authority.maxGrossPremium),
  };
}

/** The stored authority (a JSON column) read back; nothing stored is full authority. */
export function authorityOf(stored: unknown): Authority {
  if (stored === null || stored === undefined || typeof stored !== "object") return FULL_AUTHORITY;
  return { ...FULL_AUTHORITY, ...(stored as Partial<Authority>) };
}

/** What a decision would accept: the cover limit, the gross premium after it, the referrals it clears. */
export interface AuthorityCase {
  decision: UnderwriterDecisionValue;
  /** whole pounds */
  coverLimit: number;
  /** The gross premium the decision accepts: the rated one on approval, the counter-priced one on a counter. */
  grossPremium: Pence;
  referrals: { code: string; description: string }[];
  /** Only on a counter offer. */
  multiplier: number | null;
}

/**
 * The words naming each way the decision goes beyond the authority; empty when it is within. Declining needs
 * no authority: a decline is always within.
 */
export function authorityExcesses(authority: Authority, c: AuthorityCase): string[] {
  if (c.decision === "DECLINED") return [];
  const excesses: string[] = [];
  if (authority.maxCoverLimit !== null && c.coverLimit > authority.maxCoverLimit) {
    excesses.push(
      `The cover limit ${formatGbpWhole(c.coverLimit * 100)} is above your authority of ${formatGbpWhole(authority.maxCoverLimit * 100)}`,
    );
  }
  if (authority.maxGrossPremium !== null && c.grossPremium > authority.maxGrossPremium) {
    excesses.push(
      `The premium ${formatGbp(c.grossPremium)} is above your authority of ${formatGbp(authority.maxGrossPremium)}`,
    );
  }
  const clearable = authority.clearableReferralCodes;
  if (clearable !== null) {
    for (const hit of c.referrals) {
      if (!clearable.includes(hit.code)) {
        excesses.push(`The referral "${hit.description}" (${hit.code}) is not one your authority may clear`);
      }
    }
  }
  if (c.decision === "COUNTER" && c.multiplier !== null && !withinCounterRange(authority, c.multiplier)) {
    excesses.push(
      `The adjustment ${c.multiplier.toFixed(2)}x is outside your counter-offer range of ${authority.counterMin.toFixed(2)}x to ${authority.counterMax.toFixed(2)}x`,
    );
  }
  return excesses;
}

export function withinCounterRange(authority: Authority, multiplier: number): boolean {
  return multiplier >= authority.counterMin - 1e-9 && multiplier <= authority.counterMax + 1e-9;
}

/** True when the authority restricts nothing: the users list shows it as "Full authority". */
export function isFullAuthority(authority: Authority): boolean {
  return (
    authority.maxCoverLimit === null &&
    authority.maxGrossPremium === null &&
    authority.clearableReferralCodes === null &&
    authority.counterMin <= COUNTER_MULTIPLIER_MIN + 1e-9 &&
    authority.counterMax >= COUNTER_MULTIPLIER_MAX - 1e-9
  );
}

/** The queue's mark on a referral beyond the reader's authority (docs/product/screens.md). */
export const NEEDS_HIGHER_AUTHORITY = "needs higher authority";

/** The queue's authority filter: all (no parameter), within my authority, needs higher authority. */
export const AUTHORITY_FILTERS = ["within", "beyond"] as const;
export type AuthorityFilter = (typeof AUTHORITY_FILTERS)[number];
export const AUTHORITY_FILTER_LABELS: Readonly<Record<AuthorityFilter | "all", string>> = {
  all: "All",
  within: "Within my authority",
  beyond: "Needs higher authority",
};

/**
 * The administrator's summary of an authority, one phrase per restriction: "Full authority", or e.g.
 * "Cover limit up to £1,000,000", "Gross premium up to £5,000.00", "Clears 10 referral codes", "Counter 0.95x-1.05x".
 */
export function authoritySummary(authority: Authority): string[] {
  if (isFullAuthority(authority)) return ["Full authority"];
  const parts: string[] = [];
  if (authority.maxCoverLimit !== null)
    parts.push(`Cover limit up to ${formatGbpWhole(authority.maxCoverLimit * 100)}`);
  if (authority.maxGrossPremium !== null) parts.push(`Gross premium up to ${formatGbp(authority.maxGrossPremium)}`);
  const codes = authority.clearableReferralCodes;
  if (codes !== null) {
    parts.push(
      codes.length === 0
        ? "Clears no referrals"
        : `Clears ${codes.length === 1 ? "1 referral code" : `${codes.length} referral codes`}`,
    );
  }
  parts.push(`Counter ${authority.counterMin.toFixed(2)}x-${authority.counterMax.toFixed(2)}x`);
  return parts;
}

/** The API's authority (premium as a money string) read back into the rule's form (pence). */
export function authorityFromResponse(response: AuthorityResponse): Authority {
  const premium = response.maxGrossPremium === null ? null : parseMoneyString(response.maxGrossPremium);
  return { ...response, maxGrossPremium: premium };
}
