/**
 * GET /api/policies/{policyNumber} as the API answers it (docs/product/screens.md "Policy"). Apart from policy.ts,
 * whose rules the screen runs. Money is two-decimal strings, as the quote answers it.
 */
import { z } from "zod";
import { DOCUMENT_TYPES, EXCESS_OPTIONS } from "../constants";
import { DEFAULT_DEFENCE_COSTS, DEFAULT_LIMIT_BASIS, DEFENCE_COSTS_BASES, LIMIT_BASES } from "../format/limit-basis";
import { CANCELLATION_BASES } from "../rating/config-schema";
import { CANCELLATION_MESSAGES } from "./cancellation";
import { financialOverviewFields } from "./financial-overview";
import { insuredsDetailsFields } from "./insureds-details";
import { POLICY_HISTORY_EVENTS, POLICY_STATUSES } from "./policy";
import { POLICY_TRANSACTION_KINDS } from "./policy-transactions";
import {
  brokerSummarySchema,
  feeLineSchema,
  moneyAmountSchema,
  quoteCommissionSchema,
  quoteStatusSchema,
} from "./quote";
import { riskSchema } from "./risk";

const isoTimestamp = z.string();

/**
 * The documents a policy screen offers: the quote's three, an endorsement for each adjustment and, once cancelled,
 * the cancellation notice.
 */
export const POLICY_DOCUMENT_TYPES = [...DOCUMENT_TYPES, "endorsement", "cancellationNotice"] as const;
export type PolicyDocumentType = (typeof POLICY_DOCUMENT_TYPES)[number];

/** Premium lines in money strings; a return is negative. */
const premiumLinesSchema = z.object({
  basePremium: moneyAmountSchema,
  fees: moneyAmountSchema,
  taxes: moneyAmountSchema,
  totalPremium: moneyAmountSchema,
});

export const policyViewSchema = z.object({
  policyNumber: z.string(),
  /** The issued quote: its documents are downloaded by its id. */
  quoteId: z.string(),
  reference: z.string(),
  productCode: z.string(),
  status: z.enum(POLICY_STATUSES),
  broker: brokerSummarySchema.nullable(),
  issuedAt: isoTimestamp.nullable(),
  insured: z.object({
    proposerName: z.string(),
    tradingName: z.string().nullable(),
    businessAddress: z.string().nullable(),
    businessActivity: z.string().nullable(),
  }),
  /** Both days inclusive; the expiry date is the last day of cover. */
  /** `runOffYears`: a run-off policy's period in whole years (docs/product/life-cycle.md "Run-off"); null when annual. */
  period: z.object({ inceptionDate: z.string(), expiryDate: z.string(), runOffYears: z.number().int().nullable() }),
  cover: z.object({
    coverLimit: moneyAmountSchema,
    excessOption: z.enum(EXCESS_OPTIONS),
    excess: moneyAmountSchema,
    additionalCovers: z.array(z.object({ label: z.string(), limit: moneyAmountSchema })),
    limitBasis: z.enum(LIMIT_BASES).default(DEFAULT_LIMIT_BASIS),
    defenceCosts: z.enum(DEFENCE_COSTS_BASES).default(DEFAULT_DEFENCE_COSTS),
    /** As the schedule prints it: 'None: unlimited retroactive cover', a date (dd/mm/yyyy) or the inception date. */
    retroactiveDate: z.string(),
  }),
  /** The premium paid to date: the premium the policy was issued at, as the quote stores it. */
  premium: z.object({
    basePremium: moneyAmountSchema.nullable(),
    fees: z.array(feeLineSchema),
    taxes: moneyAmountSchema.nullable(),
    totalPremium: moneyAmountSchema.nullable(),
  }),
  /** Every premium movement, first to last: the issue, each adjustment, a cancellation. Returns are negative. */
  transactions: z.array(
    premiumLinesSchema.extend({
      sequence: z.number().int(),
      kind: z.enum(POLICY_TRANSACTION_KINDS),
      effectiveDate: z.string(),
      createdAt: isoTimestamp,
    }),
  ),
  /** The sum of the transactions: what the insured has paid, net of anything returned. */
  paidToDate: premiumLinesSchema,
  /**
   * The broker's commission on what has been paid to date and the net premium due from the broker, each
   * transaction's at the policy's rate (docs/product/firms.md "Commission"); null for a policy with no firm.
   */
  commission: quoteCommissionSchema.nullable().default(null),
  /** The cancellation, once made. */
  cancellation: z.object({ effectiveDate: z.string(), reason: z.string(), returnTotal: moneyAmountSchema }).nullable(),
  /** The quote's version: a change to the policy names it as `expectedVersion`. */
  version: z.number().int(),
  /**
   * The earliest date the caller may cancel from (the inception date, or today for a broker), or null when the
   * caller may not cancel this policy now; the last date is the period's last day.
   */
  cancelFrom: z.string().nullable(),
  /**
   * The earliest date the caller may adjust from (the inception date, or the last adjustment's date), or null when
   * the caller may not adjust this policy now. A broker's change dated before today goes to an underwriter.
   */
  adjustFrom: z.string().nullable(),
  /**
   * A change a broker asked for that awaits an underwriter: what it changes, why it refers and its figures as
   * shown; `canDecide` when the caller is an underwriter. Null when none waits.
   */
  pendingChange: z
    .object({
      id: z.string(),
      effectiveDate: z.string(),
      changes: z.array(z.object({ label: z.string(), from: z.string(), to: z.string() })),
      referralReasons: z.array(z.string()),
      premium: moneyAmountSchema,
      taxes: moneyAmountSchema,
      total: moneyAmountSchema,
      requestedBy: brokerSummarySchema.nullable(),
      requestedAt: isoTimestamp,
      canDecide: z.boolean(),
    })
    .nullable(),
  /** Every answer an adjustment may change, as the policy holds it today (a change form starts from these). */
  answers: z.object({
    proposerName: z.string(),
    tradingName: z.string().nullable(),
    businessAddress: z.string(),
    businessActivity: z.string(),
    turnover: z.number(),
    coverLimitAggregate: z.number(),
    excessDiscount: z.enum(EXCESS_OPTIONS),
    hasDirectorsOfficersInsurance: z.boolean(),
    directorsOfficersLimit: z.number(),
    hasContentsInsurance: z.boolean(),
    contentsLimit: z.number(),
    hasBusinessEquipmentComputers: z.boolean(),
    businessEquipmentComputersLimit: z.number(),
    hasBusinessEquipmentSpecialist: z.boolean(),
    businessEquipmentSpecialistLimit: z.number(),
    hasStockContents: z.boolean(),
    stockContentsLimit: z.number(),
  }),
  /** The policy's documents, each from its document route (`method` and `href`). */
  documents: z.array(
    z.object({
      type: z.enum(POLICY_DOCUMENT_TYPES),
      /** An endorsement's number: 'Endorsement No. 2'. */
      endorsement: z.number().int().optional(),
      method: z.enum(["GET", "POST"]),
      href: z.string(),
    }),
  ),
  /** This policy's renewal, if one has been made (issued or not). */
  renewal: z
    .object({
      quoteId: z.string(),
      reference: z.string(),
      status: quoteStatusSchema,
      policyNumber: z.string().nullable(),
    })
    .nullable(),
  /** The policy this one renews, if it is a renewal. */
  renewalOf: z.object({ reference: z.string(), policyNumber: z.string().nullable() }).nullable(),
  /** Oldest first: who did what and when, in the audit log's words. */
  history: z.array(
    z.object({
      event: z.enum(POLICY_HISTORY_EVENTS),
      title: z.string(),
      at: isoTimestamp,
      actor: brokerSummarySchema.nullable(),
      lines: z.array(z.string()),
    }),
  ),
});
export type PolicyView = z.infer<typeof policyViewSchema>;

export const policyViewResponseSchema = z.object({ data: policyViewSchema });

/** A policy number as a path parameter: DCPI/POL/000042, sent with its slashes encoded. */
export const policyParamsSchema = z.object({ policyNumber: z.string().min(1).max(100) });

const isoDate = (message: string) => z.iso.date(message);

/** POST /api/policies/{policyNumber}/cancellation/figures: what cancelling from a date would return. */
export const cancellationFiguresRequestSchema = z.strictObject({
  effectiveDate: isoDate(CANCELLATION_MESSAGES.dateRequired),
});

/** POST /api/policies/{policyNumber}/cancellation: cancel, at the version the figures were shown for. */
export const cancellationRequestSchema = z.strictObject({
  effectiveDate: isoDate(CANCELLATION_MESSAGES.dateRequired),
  reason: z
    .string(CANCELLATION_MESSAGES.reasonRequired)
    .trim()
    .min(1, CANCELLATION_MESSAGES.reasonRequired)
    .max(500, CANCELLATION_MESSAGES.reasonTooLong),
  expectedVersion: z.number().int().min(1),
});
export type CancellationRequest = z.infer<typeof cancellationRequestSchema>;

/** The figures of a cancellation, as shown before confirming and as stored after. Returns are positive here. */
export const cancellationFiguresSchema = z.object({
  effectiveDate: z.string(),
  basis: z.enum(CANCELLATION_BASES),
  daysInPeriod: z.number().int(),
  daysInForce: z.number().int(),
  scalePercent: z.number().nullable(),
  paid: premiumLinesSchema,
  retainedPremium: moneyAmountSchema,
  returnPremium: moneyAmountSchema,
  returnTaxes: moneyAmountSchema,
  returnTotal: moneyAmountSchema,
  /**
   * The commission the broker returns on the return premium, at the policy's rate, and the net premium returned to
   * the broker (the return total less it), both positive like the return; null for a policy with no commission.
   */
  commission: quoteCommissionSchema.nullable().default(null),
});
export type CancellationFiguresAnswer = z.infer<typeof cancellationFiguresSchema>;
export const cancellationFiguresResponseSchema = z.object({ data: cancellationFiguresSchema });

/**
 * The answers an adjustment changes (policy-changes.ts): each field as the wizard's own schema checks it; at least
 * one must be sent.
 */
export const policyChangesSchema = z
  .strictObject({
    proposerName: insuredsDetailsFields.proposerName.optional(),
    tradingName: insuredsDetailsFields.tradingName,
    businessAddress: insuredsDetailsFields.businessAddress.optional(),
    businessActivity: insuredsDetailsFields.businessActivity.optional(),
    turnover: financialOverviewFields.turnover.optional(),
    coverLimitAggregate: riskSchema.shape.coverLimitAggregate,
    excessDiscount: riskSchema.shape.excessDiscount,
    hasDirectorsOfficersInsurance: riskSchema.shape.hasDirectorsOfficersInsurance,
    directorsOfficersLimit: riskSchema.shape.directorsOfficersLimit.unwrap().unwrap().optional(),
    hasContentsInsurance: riskSchema.shape.hasContentsInsurance,
    contentsLimit: riskSchema.shape.contentsLimit.unwrap().unwrap().optional(),
    hasBusinessEquipmentComputers: riskSchema.shape.hasBusinessEquipmentComputers,
    businessEquipmentComputersLimit: riskSchema.shape.businessEquipmentComputersLimit.unwrap().unwrap().optional(),
    hasBusinessEquipmentSpecialist: riskSchema.shape.hasBusinessEquipmentSpecialist,
    businessEquipmentSpecialistLimit: riskSchema.shape.businessEquipmentSpecialistLimit.unwrap().unwrap().optional(),
    hasStockContents: riskSchema.shape.hasStockContents,
    stockContentsLimit: riskSchema.shape.stockContentsLimit.unwrap().unwrap().optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: "Change at least one answer",
  });

/** POST /api/policies/{policyNumber}/adjustments/figures: what a change from a date would charge or return. */
export const adjustmentFiguresRequestSchema = z.strictObject({
  effectiveDate: isoDate("Enter the date the change takes effect"),
  changes: policyChangesSchema,
});

/** POST /api/policies/{policyNumber}/adjustments: make the change, at the version the figures were shown for. */
export const adjustmentRequestSchema = adjustmentFiguresRequestSchema.extend({
  expectedVersion: z.number().int().min(1),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

/** A change's figures: the year before and after, and the pro-rata charge (negative: a return). */
export const adjustmentFiguresSchema = z.object({
  effectiveDate: z.string(),
  /** What changes, in words. */
  changes: z.array(z.object({ label: z.string(), from: z.string(), to: z.string() })),
  annualBefore: moneyAmountSchema,
  annualAfter: moneyAmountSchema,
  daysInPeriod: z.number().int(),
  daysRemaining: z.number().int(),
  premium: moneyAmountSchema,
  taxes: moneyAmountSchema,
  total: moneyAmountSchema,
  /** The difference was under the rating version's threshold and is not charged or returned. */
  waived: z.boolean(),
  /** Why the change needs an underwriter; empty when it binds at once. */
  referralReasons: z.array(z.string()),
  /** Whether the caller may make the change: an underwriter always, a broker only when nothing refers. */
  canBind: z.boolean(),
  /**
   * The commission on the charge at the policy's rate and the net premium due from the broker, signed like the
   * charge (a return returns commission); null for a policy with no commission.
   */
  commission: quoteCommissionSchema.nullable().default(null),
});
export type AdjustmentFiguresAnswer = z.infer<typeof adjustmentFiguresSchema>;
export const adjustmentFiguresResponseSchema = z.object({ data: adjustmentFiguresSchema });

/** POST /api/policies/{policyNumber}/change-requests/{id}/decision: an underwriter approves or declines a change. */
export const CHANGE_DECISIONS = ["APPROVED", "DECLINED"] as const;
export const changeDecisionRequestSchema = z
  .strictObject({
    decision: z.enum(CHANGE_DECISIONS, { error: "Decision must be APPROVED or DECLINED" }),
    note: z.string().trim().max(1_000, "The note must be at most 1,000 characters").optional(),
  })
  .refine((body) => body.decision !== "DECLINED" || (body.note ?? "") !== "", {
    path: ["note"],
    message: "Say why the change is declined: the broker reads it",
  });
export type ChangeDecisionRequest = z.infer<typeof changeDecisionRequestSchema>;
export const changeRequestParamsSchema = policyParamsSchema.extend({ id: z.uuid("Not a change request") });

/** GET /api/uw/policy-changes: the changes awaiting an underwriter, the longest waiting first. */
export const pendingPolicyChangeSchema = z.object({
  id: z.string(),
  policyNumber: z.string(),
  insuredName: z.string(),
  effectiveDate: z.string(),
  referralReasons: z.array(z.string()),
  total: moneyAmountSchema,
  requestedBy: brokerSummarySchema.nullable(),
  requestedAt: isoTimestamp,
});
export type PendingPolicyChange = z.infer<typeof pendingPolicyChangeSchema>;
export const pendingPolicyChangesResponseSchema = z.object({ data: z.array(pendingPolicyChangeSchema) });
