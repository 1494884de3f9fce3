/**
 * Renewals (docs/product/life-cycle.md "Renewals"): when an issued policy is due for renewal, who may renew it,
 * when the renewal starts, and how this year's premium compares with last year's. Server and web both read
 * these rules; the server enforces them.
 */
import type { Role } from "../auth/schemas";
import { LIFECYCLE_REASONS } from "./lifecycle";
import { policyExpiryDate } from "./policy-period";
import type { QuoteStatus } from "./status";

/** A policy is listed as due from this many days before its last day of cover. */
export const RENEWAL_DUE_DAYS_BEFORE_EXPIRY = 60;
/**
 * ...and stays listed this many days after it: a lapsed policy is usually renewed late rather than written as new
 * business, and a month is the market's usual grace for a late renewal.
 */
export const RENEWAL_LISTED_DAYS_AFTER_EXPIRY = 30;

export const RENEWAL_MESSAGES = {
  onlyIssued: "Only an issued policy can be renewed",
  cancelled: "A cancelled policy cannot be renewed",
  renewsCancelled: "The policy this quote renews has been cancelled: the renewal cannot be issued",
  alreadyRenewed: (reference: string) => `This policy has already been renewed as ${reference}`,
  declarationUnconfirmed: LIFECYCLE_REASONS.declarationUnconfirmed,
} as const;

const DAY_MS = 24 * 60 * 60 * 1_000;

/** `isoDate` moved by `days` calendar days (YYYY-MM-DD). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

// The policy's last day of cover: defined with the period, read here by renewals too.
export { policyExpiryDate } from "./policy-period";

/**
 * The renewal starts on the anniversary: the day after the expiring period's last day, so cover is continuous
 * (no gap, no day insured twice).
 */
export function renewalInceptionDate(expiringInceptionDate: string): string {
  return addDays(policyExpiryDate(expiringInceptionDate), 1);
}

/** Is a policy expiring on `expiryDate` listed as due on London day `today`? Both ends of the window inclusive. */
export function isRenewalDue(expiryDate: string, today: string): boolean {
  return (
    expiryDate >= addDays(today, -RENEWAL_LISTED_DAYS_AFTER_EXPIRY) &&
    expiryDate <= addDays(today, RENEWAL_DUE_DAYS_BEFORE_EXPIRY)
  );
}

/**
 * The inception dates of exactly the policies due on `today`, so a database can select them by inception date
 * alone. The last day of cover never moves backwards as the inception date moves forwards, so the due policies'
 * inceptions form one range; its ends are found by stepping from a year before the window's ends.
 */
export function renewalDueInceptionRange(today: string): { from: string; to: string } {
  const earliestExpiry = addDays(today, -RENEWAL_LISTED_DAYS_AFTER_EXPIRY);
  const latestExpiry = addDays(today, RENEWAL_DUE_DAYS_BEFORE_EXPIRY);
  let from = addDays(earliestExpiry, -368);
  while (policyExpiryDate(from) < earliestExpiry) from = addDays(from, 1);
  let to = addDays(latestExpiry, -360);
  while (policyExpiryDate(to) > latestExpiry) to = addDays(to, -1);
  return { from, to };
}

export type RenewalDecision = { allowed: true } | { allowed: false; kind: "forbidden" | "conflict"; reason: string };

/**
 * May this user renew this policy? Brokers renew their own policies and underwriters any; administrators never
 * create quotes (403). Only an ISSUED policy, and only once (409 naming the renewal).
 */
export function decideRenewal(context: {
  role: Role;
  isOwner: boolean;
  status: QuoteStatus;
  /** The reference of the renewal already made from this policy, if any. */
  renewedAs: string | null;
  /** The policy has been cancelled: cover ended, so there is nothing to renew. */
  cancelled?: boolean;
}): RenewalDecision {
  if (context.role === "ADMIN") return { allowed: false, kind: "forbidden", reason: "Administrators do not renew" };
  if (context.role === "BROKER" && !context.isOwner) {
    return { allowed: false, kind: "forbidden", reason: "You can only access quotes you created" };
  }
  if (context.status !== "ISSUED") return { allowed: false, kind: "conflict", reason: RENEWAL_MESSAGES.onlyIssued };
  if (context.cancelled) return { allowed: false, kind: "conflict", reason: RENEWAL_MESSAGES.cancelled };
  if (context.renewedAs !== null) {
    return { allowed: false, kind: "conflict", reason: RENEWAL_MESSAGES.alreadyRenewed(context.renewedAs) };
  }
  return { allowed: true };
}

/** This year's premium against last year's: the change in pence and in per cent (one decimal; null from zero). */
export function renewalPremiumChange(
  lastYearPence: number,
  thisYearPence: number,
): { changePence: number; changePercent: number | null } {
  const changePence = thisYearPence - lastYearPence;
  if (lastYearPence === 0) return { changePence, changePercent: null };
  return { changePence, changePercent: Math.round((changePence / lastYearPence) * 1_000) / 10 };
}

/** "Expires in 12 days", "Expires today", "Expired 3 days ago": a due row's expiry as London day `today` sees it. */
export function expiryText(expiryDate: string, today: string): string {
  const days = Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (days === 0) return "Expires today";
  if (days === 1) return "Expires tomorrow";
  if (days > 1) return `Expires in ${days} days`;
  return days === -1 ? "Expired yesterday" : `Expired ${-days} days ago`;
}
