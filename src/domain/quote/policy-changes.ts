/**
 * What a mid-term adjustment may change on a policy (docs/product/life-cycle.md "Mid-term adjustments"): the
 * insured's name, trading name, address and business activity, the declared turnover, the limit of indemnity, the
 * excess and the additional covers with their limits. A policy's answers today are its issued quote's, with each
 * adjustment's changes laid over them in the order they were made. Apart from the request's zod schema
 * (policy-schema.ts), so the policy screen reads these words without zod.
 */

import { EXCESS_OPTION_LABELS } from "../format/excess";
import { turnoverBandFor } from "../format/turnover";
import { formatGbpWhole } from "../money";
import type { ExcessOption } from "../rating/input";
import { ADDITIONAL_COVERS } from "./additional-covers";
import { FINANCIAL_OVERVIEW_QUESTIONS, INSUREDS_DETAILS_QUESTIONS, recordLabel } from "./catalogue";
import type { RatedQuote } from "./rating-input";
import { selectionsFromRisk } from "./rating-input";

type CoverFlag = (typeof ADDITIONAL_COVERS)[number]["flag"];
type CoverLimit = (typeof ADDITIONAL_COVERS)[number]["limit"];

/** The answers an adjustment may change; each left out stays as it is. */
export type PolicyChanges = {
  proposerName?: string;
  tradingName?: string | null;
  businessAddress?: string;
  businessActivity?: string;
  /** Declared annual turnover, whole pounds. */
  turnover?: number;
  /** Limit of indemnity in the aggregate, whole pounds. */
  coverLimitAggregate?: number;
  excessDiscount?: ExcessOption;
} & Partial<Record<CoverFlag, boolean>> &
  Partial<Record<CoverLimit, number>>;

export const POLICY_CHANGE_KEYS = [
  "proposerName",
  "tradingName",
  "businessAddress",
  "businessActivity",
  "turnover",
  "coverLimitAggregate",
  "excessDiscount",
  ...ADDITIONAL_COVERS.flatMap((cover) => [cover.flag, cover.limit]),
] as const satisfies readonly (keyof PolicyChanges)[];
export type PolicyChangeKey = (typeof POLICY_CHANGE_KEYS)[number];

/** The stored quote's parts an adjustment reads and lays its changes over. */
export type AdjustablePolicy = RatedQuote & {
  proposerName: string;
  tradingName: string | null;
  businessAddress: string | null;
};

/** The policy's answers with `changes` laid over them: step 1's, the financial overview's and step 7's. */
export function withPolicyChanges<T extends AdjustablePolicy>(policy: T, changes: PolicyChanges): T {
  const details = { ...(policy.insuredsDetails ?? {}) };
  const overview = { ...(policy.financialOverview ?? {}) };
  const risk = { ...(policy.risk ?? {}) } as NonNullable<AdjustablePolicy["risk"]> & Record<string, unknown>;
  const next = { ...policy };
  if (changes.proposerName !== undefined) {
    details.proposerName = changes.proposerName;
    next.proposerName = changes.proposerName;
  }
  if (changes.tradingName !== undefined) {
    details.tradingName = changes.tradingName;
    next.tradingName = changes.tradingName;
  }
  if (changes.businessAddress !== undefined) {
    details.businessAddress = changes.businessAddress;
    next.businessAddress = changes.businessAddress;
  }
  if (changes.businessActivity !== undefined) details.businessActivity = changes.businessActivity;
  if (changes.turnover !== undefined) {
    overview.turnover = changes.turnover;
    // The band step 7 chose stood for the turnover declared then; the new declaration sets it now.
    next.turnoverBand = turnoverBandFor(changes.turnover);
  }
  if (changes.coverLimitAggregate !== undefined) risk.coverLimitAggregate = changes.coverLimitAggregate;
  if (changes.excessDiscount !== undefined) risk.excessDiscount = changes.excessDiscount;
  for (const cover of ADDITIONAL_COVERS) {
    const chosen = changes[cover.flag];
    const limit = changes[cover.limit];
    if (chosen !== undefined) risk[cover.flag] = chosen;
    if (limit !== undefined) risk[cover.limit] = limit;
  }
  next.insuredsDetails = details;
  next.financialOverview = overview;
  next.risk = risk;
  return next;
}

/** The policy's answers today: its issued answers with every adjustment's changes laid over, in order. */
export function currentPolicyAnswers<T extends AdjustablePolicy>(policy: T, adjustments: readonly PolicyChanges[]): T {
  return adjustments.reduce((answers, changes) => withPolicyChanges(answers, changes), policy);
}

const TEXT_LABELS = {
  proposerName: recordLabel(INSUREDS_DETAILS_QUESTIONS.proposerName),
  tradingName: recordLabel(INSUREDS_DETAILS_QUESTIONS.tradingName),
  businessAddress: recordLabel(INSUREDS_DETAILS_QUESTIONS.businessAddress),
  businessActivity: recordLabel(INSUREDS_DETAILS_QUESTIONS.businessActivity),
} as const;

/** One change in words, as the endorsement prints it and the policy screen shows it. */
export interface PolicyChangeLine {
  label: string;
  from: string;
  to: string;
}

function pounds(value: unknown): string {
  return typeof value === "number" ? formatGbpWhole(value * 100) : "none";
}

function text(value: unknown): string {
  return typeof value === "string" && value.trim() !== "" ? value : "none";
}

/**
 * What `changes` changes on `policy`, in words: one line per answer whose value differs, in the order of
 * POLICY_CHANGE_KEYS. An answer sent with its present value changes nothing and is left out.
 */
export function policyChangeLines(policy: AdjustablePolicy, changes: PolicyChanges): PolicyChangeLine[] {
  const after = withPolicyChanges(policy, changes);
  const lines: PolicyChangeLine[] = [];
  const push = (label: string, from: string, to: string) => {
    if (from !== to) lines.push({ label, from, to });
  };
  for (const key of ["proposerName", "tradingName", "businessAddress", "businessActivity"] as const) {
    push(TEXT_LABELS[key], text(policy.insuredsDetails?.[key]), text(after.insuredsDetails?.[key]));
  }
  push(
    recordLabel(FINANCIAL_OVERVIEW_QUESTIONS.turnover),
    pounds(policy.financialOverview?.turnover),
    pounds(after.financialOverview?.turnover),
  );
  const before = selectionsFromRisk(policy.risk, policy.turnoverBand);
  const now = selectionsFromRisk(after.risk, after.turnoverBand);
  const limitBefore = before.coverLimit ?? policy.financialOverview?.coverLimitAggregate;
  const limitNow = now.coverLimit ?? after.financialOverview?.coverLimitAggregate;
  push("Limit of indemnity", pounds(limitBefore), pounds(limitNow));
  push(
    "Excess",
    EXCESS_OPTION_LABELS[before.excessOption ?? "standard"],
    EXCESS_OPTION_LABELS[now.excessOption ?? "standard"],
  );
  for (const cover of ADDITIONAL_COVERS) {
    const describe = (selections: typeof before, overview: AdjustablePolicy["financialOverview"]) => {
      const chosen = selections[cover.flag] ?? overview?.[cover.flag] ?? false;
      const limit = selections[cover.limit] ?? overview?.[cover.limit] ?? 0;
      return chosen === true ? `Yes, limit ${pounds(limit)}` : "No";
    };
    push(cover.label, describe(before, policy.financialOverview), describe(now, after.financialOverview));
  }
  return lines;
}

/**
 * Every answer an adjustment may change, as the policy holds it today: what a change form starts from. Covers not
 * bought read as not chosen with a limit of 0.
 */
export function adjustableAnswers(policy: AdjustablePolicy): Required<Omit<PolicyChanges, "tradingName">> & {
  tradingName: string | null;
} {
  const selections = selectionsFromRisk(policy.risk, policy.turnoverBand);
  const overview = policy.financialOverview ?? {};
  const covers = Object.fromEntries(
    ADDITIONAL_COVERS.flatMap((cover) => {
      const chosen = (selections[cover.flag] ?? overview[cover.flag] ?? false) === true;
      const limit = selections[cover.limit] ?? overview[cover.limit] ?? 0;
      return [
        [cover.flag, chosen],
        [cover.limit, chosen ? limit : 0],
      ];
    }),
  ) as Record<CoverFlag, boolean> & Record<CoverLimit, number>;
  return {
    proposerName: policy.insuredsDetails?.proposerName ?? policy.proposerName,
    tradingName: policy.insuredsDetails?.tradingName ?? policy.tradingName ?? null,
    businessAddress: policy.insuredsDetails?.businessAddress ?? policy.businessAddress ?? "",
    businessActivity: policy.insuredsDetails?.businessActivity ?? "",
    turnover: overview.turnover ?? 0,
    coverLimitAggregate: selections.coverLimit ?? overview.coverLimitAggregate ?? 0,
    excessDiscount: selections.excessOption ?? "standard",
    ...covers,
  };
}
