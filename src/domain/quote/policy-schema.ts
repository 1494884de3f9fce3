/**
 * GET /api/policies/{policyNumber} as the API answers it (docs/product/screens.md "Policy"). Apart from policy.ts,
 * whose rules the screen runs. Money is two-decimal strings, as the quote answers it.
 */
import { z } from "zod";
import { DOCUMENT_TYPES, EXCESS_OPTIONS } from "../constants";
import { CANCELLATION_BASES } from "../rating/config-schema";
import { CANCELLATION_MESSAGES } from "./cancellation";
import { POLICY_HISTORY_EVENTS, POLICY_STATUSES } from "./policy";
import { POLICY_TRANSACTION_KINDS } from "./policy-transactions";
import { brokerSummarySchema, feeLineSchema, moneyAmountSchema, quoteStatusSchema } from "./quote";

const isoTimestamp = z.string();

/** The documents a policy screen offers: the quote's three and, once cancelled, the cancellation notice. */
export const POLICY_DOCUMENT_TYPES = [...DOCUMENT_TYPES, "cancellationNotice"] as const;
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
  period: z.object({ inceptionDate: z.string(), expiryDate: z.string() }),
  cover: z.object({
    coverLimit: moneyAmountSchema,
    excessOption: z.enum(EXCESS_OPTIONS),
    excess: moneyAmountSchema,
    additionalCovers: z.array(z.object({ label: z.string(), limit: moneyAmountSchema })),
  }),
  /** The premium paid to date: the premium the policy was issued at, as the quote stores it. */
  premium: z.object({
    basePremium: moneyAmountSchema.nullable(),
    fees: z.array(feeLineSchema),
    taxes: moneyAmountSchema.nullable(),
    totalPremium: moneyAmountSchema.nullable(),
  }),
  /** Every premium movement, first to last: the issue, then a cancellation. Returns are negative. */
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
  /** The cancellation, once made. */
  cancellation: z.object({ effectiveDate: z.string(), reason: z.string(), returnTotal: moneyAmountSchema }).nullable(),
  /** The quote's version: a change to the policy names it as `expectedVersion`. */
  version: z.number().int(),
  /**
   * The earliest date the caller may cancel from (the inception date, or today for a broker), or null when the
   * caller may not cancel this policy now; the last date is the period's last day.
   */
  cancelFrom: z.string().nullable(),
  /** The policy's documents, each from its document route (`method` and `href`). */
  documents: z.array(
    z.object({
      type: z.enum(POLICY_DOCUMENT_TYPES),
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
});
export type CancellationFiguresAnswer = z.infer<typeof cancellationFiguresSchema>;
export const cancellationFiguresResponseSchema = z.object({ data: cancellationFiguresSchema });
