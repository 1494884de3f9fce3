/**
 * GET /api/policies/{policyNumber} as the API answers it (docs/product/screens.md "Policy"). Apart from policy.ts,
 * whose rules the screen runs. Money is two-decimal strings, as the quote answers it.
 */
import { z } from "zod";
import { DOCUMENT_TYPES, EXCESS_OPTIONS } from "../constants";
import { POLICY_HISTORY_EVENTS, POLICY_STATUSES } from "./policy";
import { brokerSummarySchema, feeLineSchema, moneyAmountSchema, quoteStatusSchema } from "./quote";

const isoTimestamp = z.string();

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
  /** The policy's documents as issued, each from the existing document route (`method` and `href`). */
  documents: z.array(
    z.object({
      type: z.enum(DOCUMENT_TYPES),
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
