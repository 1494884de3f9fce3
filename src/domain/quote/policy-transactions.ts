/**
 * A policy's transactions (docs/product/life-cycle.md "The policy"): every premium movement on an issued policy,
 * one row each, in the order they were made. The issue is the first (new business, or a renewal); a cancellation
 * returns premium as a negative one. What the policy has paid is the sum of its rows, and the monthly bordereau
 * reports them as they are.
 */
export const POLICY_TRANSACTION_KINDS = ["NEW_BUSINESS", "RENEWAL", "ADJUSTMENT", "CANCELLATION"] as const;
export type PolicyTransactionKind = (typeof POLICY_TRANSACTION_KINDS)[number];

/** Each kind as a broker and a capacity provider read it. */
export const POLICY_TRANSACTION_LABELS: Readonly<Record<PolicyTransactionKind, string>> = {
  NEW_BUSINESS: "New business",
  RENEWAL: "Renewal",
  ADJUSTMENT: "Adjustment",
  CANCELLATION: "Cancellation",
};

/** The issue of a run-off policy (docs/product/life-cycle.md "Run-off") is its own kind of business. */
export const RUN_OFF_TRANSACTION_LABEL = "Run-off";

/** A transaction's type as the policy screen and the bordereau name it. */
export function policyTransactionLabel(kind: PolicyTransactionKind, runOffYears: number | null): string {
  return runOffYears !== null && kind === "NEW_BUSINESS" ? RUN_OFF_TRANSACTION_LABEL : POLICY_TRANSACTION_LABELS[kind];
}
