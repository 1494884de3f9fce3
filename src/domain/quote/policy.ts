/**
 * An issued policy as the policy screen shows it (docs/product/life-cycle.md "The policy"): its status in words,
 * its period, its cover and its history. The status follows from the calendar, its renewal and its cancellation,
 * never from a stored status: the quote itself stays ISSUED for good, and a cancellation is one of the policy's
 * transactions. Apart from policy-schema.ts, the API's answer, so the screen loads no zod for the rules.
 */
import { excessAmount } from "../format/excess";
import { type DefenceCosts, defenceCostsOf, type LimitBasis, limitBasisOf } from "../format/limit-basis";
import type { ExcessOption } from "../rating/input";
import { ADDITIONAL_COVERS } from "./additional-covers";
import { policyExpiryDate } from "./policy-period";
import { deriveRatingInput, type StoredQuoteSections, selectionsFromRisk } from "./rating-input";

/**
 * What a policy is on a day: in force, past its last day of cover, carried on by an issued renewal, or cancelled.
 */
export const POLICY_STATUSES = ["In force", "Expired", "Renewed", "Cancelled"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/**
 * The policy's status on London day `today`. Cancelled once a cancellation is recorded, whatever its date: the
 * policy takes no further change. Renewed once its renewal has been issued, whatever the day (cover
 * carries on under the renewal from the anniversary); a renewal quoted but not issued changes nothing. Otherwise
 * in force up to and including its last day of cover, expired from the day after. A policy issued ahead of its
 * inception date is in force: it is bound and its cover is certain, only not yet started.
 */
export function policyStatus(
  /** `runOffYears`: a run-off policy's period in years; an annual policy's is one. */
  policy: { inceptionDate: string; renewalIssued: boolean; cancelled: boolean; runOffYears?: number | null },
  today: string,
): PolicyStatus {
  if (policy.cancelled) return "Cancelled";
  if (policy.renewalIssued) return "Renewed";
  return today > policyExpiryDate(policy.inceptionDate, policy.runOffYears ?? 1) ? "Expired" : "In force";
}

/** The excess option as stored; anything unknown reads as the standard excess, as the schedule prints it. */
function excessOptionOf(value: string): ExcessOption {
  return value === "2x" || value === "5x" ? value : "standard";
}

export interface PolicyCover {
  /** Limit of indemnity in whole pounds, in the aggregate. */
  coverLimit: number;
  excessOption: ExcessOption;
  /** Excess in whole pounds, each and every claim. */
  excess: number;
  /** The additional covers bought, each with its limit in whole pounds. */
  additionalCovers: { label: string; limit: number }[];
  limitBasis: LimitBasis;
  defenceCosts: DefenceCosts;
}

/**
 * The cover the policy was issued with: what its schedule prints, read from the stored quote the same way rating
 * reads it (the step-7 selections over the financial overview).
 */
export function policyCover(
  quote: StoredQuoteSections & {
    risk?: Parameters<typeof selectionsFromRisk>[0];
    turnoverBand?: Parameters<typeof selectionsFromRisk>[1];
  },
): PolicyCover {
  const input = deriveRatingInput(quote, selectionsFromRisk(quote.risk, quote.turnoverBand));
  const excessOption = excessOptionOf(input.excessOption);
  return {
    coverLimit: input.coverLimit,
    excessOption,
    excess: excessAmount(input.coverLimit, excessOption),
    additionalCovers: ADDITIONAL_COVERS.filter((cover) => input[cover.flag]).map((cover) => ({
      label: cover.label,
      limit: input[cover.limit],
    })),
    limitBasis: limitBasisOf(input.limitBasis),
    defenceCosts: defenceCostsOf(input.defenceCosts),
  };
}

/**
 * The audit entries that make a policy's history: its issue, its renewal being started, each adjustment and its
 * cancellation (entries of the policy), and its renewal's issue (an entry of the renewal).
 */
export const POLICY_HISTORY_EVENTS = [
  "issued",
  "renewal_started",
  "renewal_issued",
  "run_off_started",
  "change_referred",
  "change_declined",
  "adjusted",
  "cancelled",
] as const;
export type PolicyHistoryEvent = (typeof POLICY_HISTORY_EVENTS)[number];

const POLICY_HISTORY_TITLES: Readonly<Record<PolicyHistoryEvent, string>> = {
  issued: "Policy issued",
  renewal_started: "Renewal started",
  renewal_issued: "Renewal issued",
  run_off_started: "Run-off quoted",
  change_referred: "Change referred to an underwriter",
  change_declined: "Change declined",
  adjusted: "Policy adjusted",
  cancelled: "Policy cancelled",
};

export function policyHistoryTitle(event: PolicyHistoryEvent): string {
  return POLICY_HISTORY_TITLES[event];
}

/**
 * Which history event an audit entry is, or null: the policy's own `issued`, `renewed`, `adjusted` and
 * `cancelled` entries, and the renewal's `issued` entry.
 */
export function policyHistoryEventOf(entry: { action: string; ofRenewal: boolean }): PolicyHistoryEvent | null {
  if (entry.ofRenewal) return entry.action === "issued" ? "renewal_issued" : null;
  if (entry.action === "issued") return "issued";
  if (entry.action === "renewed") return "renewal_started";
  if (entry.action === "run_off_quoted") return "run_off_started";
  if (entry.action === "cancelled") return "cancelled";
  if (entry.action === "adjusted") return "adjusted";
  if (entry.action === "change_referred") return "change_referred";
  if (entry.action === "change_declined") return "change_declined";
  return null;
}
