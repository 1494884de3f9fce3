/**
 * A quote as the API returns it (docs/product/screens.md Quote, docs/product/errors.md, docs/product/life-cycle.md and docs/product/permissions.md), and the dashboard list.
 * Response objects are plain (not strict) so a field added later on the server does not break an older
 * browser tab; money travels as two-decimal strings ("1234.50").
 */
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants";
import { activitySplitFields } from "./activity-split";
import { contractsFields } from "./contracts";
import { declarationFields } from "./declaration";
import { designLiabilityFields } from "./design-liability";
import { financialOverviewFields } from "./financial-overview";
import { insuredsDetailsFields } from "./insureds-details";
import { defenceCostsSchema, limitBasisSchema, riskSchema, turnoverBandSchema } from "./risk";
import { QUOTE_STATUSES } from "./status";

/** A money amount in a response: always two decimals, e.g. "480.00". */
/** A quote status as the API carries it (docs/product/life-cycle.md); the statuses themselves are in status.ts. */
export const quoteStatusSchema = z.enum(QUOTE_STATUSES, { error: "Unknown quote status" });

export const moneyAmountSchema = z.string().regex(/^-?\d+\.\d{2}$/, "Must be an amount with two decimals");

export const feeLineSchema = z.object({ code: z.string(), label: z.string(), amount: moneyAmountSchema });
export type FeeLine = z.infer<typeof feeLineSchema>;

export const referralHitSchema = z.object({ code: z.string(), description: z.string() });
export type ReferralHit = z.infer<typeof referralHitSchema>;

/**
 * One line of the rating's explanation (docs/product/rating.md): what was applied (`kind`: factor, cap, minPremium,
 * excess, override, additionalCover, referral), to which input, what matched, and its multiplier.
 */
export const ratingTraceEntrySchema = z.object({
  kind: z.string(),
  name: z.string(),
  matched: z.string(),
  multiplier: z.number(),
});
export type RatingTraceEntry = z.infer<typeof ratingTraceEntrySchema>;

export const UNDERWRITER_DECISIONS = ["APPROVED", "DECLINED", "COUNTER"] as const;
export const underwriterDecisionValueSchema = z.enum(UNDERWRITER_DECISIONS, {
  error: "Decision must be APPROVED, DECLINED or COUNTER",
});
export type UnderwriterDecisionValue = z.infer<typeof underwriterDecisionValueSchema>;

export const brokerSummarySchema = z.object({ name: z.string(), email: z.string() });
export type BrokerSummary = z.infer<typeof brokerSummarySchema>;

const timestamp = z.string();
const nullableText = z.string().nullable();

/** The issued policy a renewal renews, as the renewal's answer names it (docs/product/life-cycle.md "Renewals"). */
export const renewedPolicySchema = z.object({
  id: z.string(),
  reference: z.string(),
  policyNumber: nullableText,
  /** Last year's total premium, beside which step 7 shows this year's. */
  totalPremium: moneyAmountSchema.nullable(),
});
export type RenewedPolicy = z.infer<typeof renewedPolicySchema>;

/**
 * The broker's commission on a rated quote (docs/product/firms.md "Commission"): the rate in percent, the amount and
 * the net premium due from the broker as two-decimal strings.
 */
export const quoteCommissionSchema = z.object({
  ratePercent: z.number(),
  amount: moneyAmountSchema,
  netPremium: moneyAmountSchema,
  /** An underwriter set this quote's rate instead of the firm's. */
  overridden: z.boolean(),
});
export type QuoteCommission = z.infer<typeof quoteCommissionSchema>;

export const quoteSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: quoteStatusSchema,
  productCode: z.string(),
  productType: nullableText,
  contactEmail: nullableText,
  version: z.number().int(),
  policyNumber: nullableText,
  brokerId: z.string(),
  /** The firm the quote was written for (docs/product/firms.md); null when its broker had none. */
  firmId: z.string().nullable(),
  broker: brokerSummarySchema.nullable(),
  // step 1, flat as docs/product/screens.md lists it
  proposerName: z.string(),
  tradingName: nullableText,
  businessAddress: nullableText,
  inceptionDate: z.string(),
  incorporationDate: nullableText,
  // Answers stored before the sole-trader question was kept read as a company.
  isSoleTrader: z.boolean().default(false),
  tradingSince: nullableText.default(null),
  numberOfDirectors: z.number().int(),
  numberOfQualifiedStaff: z.number().int(),
  hasFinancialInterest: z.boolean(),
  financialInterestDetails: nullableText,
  // sections (null until their step is saved)
  insuredsDetails: z.object(insuredsDetailsFields).nullable(),
  financialOverview: z.object(financialOverviewFields).nullable(),
  designLiability: z.object(designLiabilityFields).nullable(),
  activitySplit: z.object(activitySplitFields).nullable(),
  contracts: z.object(contractsFields).nullable(),
  declaration: z.object(declarationFields).nullable(),
  // step 7 selections and rating
  risk: riskSchema.nullable(),
  turnoverBand: turnoverBandSchema.nullable(),
  // A response from before the choice existed reads as every quote then was.
  limitBasis: limitBasisSchema.default("AGGREGATE"),
  defenceCosts: defenceCostsSchema.default("INCLUSIVE"),
  basePremium: moneyAmountSchema.nullable(),
  fees: z.array(feeLineSchema),
  taxes: moneyAmountSchema.nullable(),
  totalPremium: moneyAmountSchema.nullable(),
  premiumOverridden: z.boolean(),
  /** Null for a quote not yet rated or with no firm (no commission). */
  commission: quoteCommissionSchema.nullable().default(null),
  ratingVersionId: nullableText,
  referralReason: nullableText,
  referralHits: z.array(referralHitSchema),
  ratingTrace: z.array(ratingTraceEntrySchema),
  ratedAt: timestamp.nullable(),
  referredAt: timestamp.nullable(),
  // underwriter decision
  decision: underwriterDecisionValueSchema.nullable(),
  adjustmentMultiplier: z.number().nullable(),
  uwNote: nullableText,
  decidedAt: timestamp.nullable(),
  /** The underwriter who recorded the decision; null while there is none. */
  decidedBy: brokerSummarySchema.nullable(),
  issuedAt: timestamp.nullable(),
  /** The issued policy this quote renews; null for a new business quote. */
  renewalOfId: nullableText.default(null),
  /** That policy's reference, number and premium: on one quote's answers (lists carry only `renewalOfId`). */
  renewalOf: renewedPolicySchema.nullable().default(null),
  /** False on a renewal until the broker saves the declaration (step 6) again; completing waits for it. */
  declarationConfirmed: z.boolean().default(true),
  /** Run-off (docs/product/life-cycle.md "Run-off"): the period in whole years; null for an annual quote. */
  runOffYears: z.number().int().nullable().default(null),
  /** The policy a run-off was quoted from, by quote id; null for a run-off rated afresh and an annual quote. */
  runOffOfId: nullableText.default(null),
  /** That policy's reference and number (premium: its last total), on one quote's answers as `renewalOf` is. */
  runOffOf: renewedPolicySchema.nullable().default(null),
  /** That policy's last annual base premium, the run-off's basis. */
  runOffAnnualPremium: moneyAmountSchema.nullable().default(null),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Quote = z.infer<typeof quoteSchema>;

/** A dashboard row: the quote and who created it (docs/product/screens.md: "a list item may be ... quote and broker"). */
export const quoteListItemSchema = z.object({ quote: quoteSchema, broker: brokerSummarySchema.nullable() });
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;

export const paginationMetaSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

/** GET /api/quotes?q=&status=&page=&pageSize= (docs/product/permissions.md). Query strings arrive as text, hence coercion. */
export const quoteListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  status: quoteStatusSchema.optional(),
  // "x" or "1.5" is refused in words as well as 0: the paged lists (the queue, renewals due) share these rules.
  page: z.coerce
    .number({ error: "page must be a whole number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be at least 1")
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type QuoteListQueryInput = z.input<typeof quoteListQuerySchema>;
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

/** `?page=&pageSize=` of the other paged lists (the review queue, renewals due): the quote list's own rules. */
export const pageQuerySchema = quoteListQuerySchema.pick({ page: true, pageSize: true });
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const quoteListResponseSchema = z.object({ data: z.array(quoteListItemSchema), meta: paginationMetaSchema });
export type QuoteListResponse = z.infer<typeof quoteListResponseSchema>;

/** The premium as POST /rate answers it (docs/product/screens.md "Premium result"), money as two-decimal strings. */
export const premiumBreakdownSchema = z.object({
  basePremium: moneyAmountSchema,
  fees: z.array(feeLineSchema),
  /** base + fees: the "Subtotal (before taxes)" line */
  subtotal: moneyAmountSchema,
  taxes: moneyAmountSchema,
  totalPremium: moneyAmountSchema,
  multiplier: z.number(),
});
export type PremiumBreakdown = z.infer<typeof premiumBreakdownSchema>;

/** POST /api/quotes/{id}/rate: `data.breakdown`, `data.referralHits`, `data.quote` (docs/product/permissions.md). */
export const rateQuoteResultSchema = z.object({
  breakdown: premiumBreakdownSchema,
  referralHits: z.array(referralHitSchema),
  quote: quoteSchema,
});
export type RateQuoteResult = z.infer<typeof rateQuoteResultSchema>;

/** POST /api/quotes answers the new quote's id and reference (docs/product/permissions.md) along with the quote. */
export const createdQuoteSchema = quoteSchema;
