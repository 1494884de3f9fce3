/**
 * GET /api/uw/review/{id}: the underwriter review (docs/product/screens.md "Underwriter review screen", docs/product/documents.md and docs/product/permissions.md),
 * one schema for the server's response and the review screen's reading of it.
 */
import { z } from "zod";
import { quoteSchema, referralHitSchema, underwriterDecisionValueSchema } from "../quote/quote";
import { turnoverBandSchema } from "../quote/risk";
import { QUOTE_HISTORY_ACTIONS } from "./history";
import { referralQuestionSchema } from "./questions";

const money = z.string().nullable();

/** One event of a quote's history (its audit trail); history.ts titles it. */
export const quoteHistoryEventSchema = z.object({
  /** The audit entry's id: unique and stable. */
  id: z.string(),
  action: z.enum(QUOTE_HISTORY_ACTIONS),
  actor: z.object({ name: z.string(), email: z.string() }).nullable(),
  at: z.string(),
  /** Only on a decision: what was decided. */
  decision: underwriterDecisionValueSchema.nullable(),
  adjustmentMultiplier: z.number().nullable(),
});
export type QuoteHistoryEvent = z.infer<typeof quoteHistoryEventSchema>;

/** One recorded decision, with the premiums before and after it (two-decimal strings). */
export const decisionHistoryEntrySchema = z.object({
  id: z.string(),
  decision: underwriterDecisionValueSchema,
  adjustmentMultiplier: z.number().nullable(),
  /** The note for the client. */
  uwNote: z.string().nullable(),
  /** The note for the file: null for a broker and for a review link's reader. */
  fileNote: z.string().nullable(),
  underwriter: z.object({ name: z.string(), email: z.string() }).nullable(),
  basePremiumBefore: money,
  totalPremiumBefore: money,
  basePremiumAfter: money,
  totalPremiumAfter: money,
  createdAt: z.string(),
});
export type DecisionHistoryEntry = z.infer<typeof decisionHistoryEntrySchema>;

/**
 * The review screen's "Risk Assessment Details": what the broker declared, and what the quote was rated on beside it
 * (risk-assessment.ts builds it).
 */
export const riskAssessmentSchema = z.object({
  /** whole pounds: the declared turnover (the rated one when none is declared) */
  annualTurnover: z.number(),
  /** whole pounds, as declared on step 2; null when not declared */
  declaredTurnover: z.number().nullable(),
  /** whole pounds, the turnover the premium was rated on */
  ratedTurnover: z.number(),
  turnoverBandUsed: turnoverBandSchema.nullable(),
  /** 'Turnover band used for rating' in words */
  turnoverBandUsedLabel: z.string().nullable(),
  /** the broker's deliberate choice of a higher band, in words; null otherwise */
  turnoverBandNote: z.string().nullable(),
  /** the business activity as declared on step 1 */
  industry: z.string(),
  /** the industry the rating used */
  ratingIndustry: z.string(),
  employees: z.number(),
  /** the sum insured (the cover limit), whole pounds */
  publicLiabilityLimit: z.number(),
  previousClaims: z.boolean(),
  exportBusiness: z.boolean(),
  hazardousActivities: z.boolean(),
  operates24_7: z.boolean(),
});
export type RiskAssessment = z.infer<typeof riskAssessmentSchema>;

/** How the reader was let in: their session, or a review link's token. */
export const reviewAccessSchema = z.enum(["session", "token"]);
export type ReviewAccess = z.infer<typeof reviewAccessSchema>;

export const underwriterReviewSchema = z.object({
  quote: quoteSchema,
  referralHits: z.array(referralHitSchema),
  /** The referral reason split into its lines (docs/product/screens.md). */
  referralReasons: z.array(z.string()),
  riskAssessment: riskAssessmentSchema,
  /** Decisions recorded so far, oldest first. */
  history: z.array(decisionHistoryEntrySchema),
  /** The quote's life from its audit trail (created, rated, referred, decided, ...), oldest first. */
  timeline: z.array(quoteHistoryEventSchema),
  /** Questions asked of the broker and their answers, oldest first. */
  questions: z.array(referralQuestionSchema),
  access: reviewAccessSchema,
  /**
   * For a signed-in underwriter: what approving this quote would take beyond their authority (empty when within)
   * and the counter-offer range they may use (docs/product/permissions.md "Authority"); null for anyone else.
   */
  authority: z.object({ beyond: z.array(z.string()), counterMin: z.number(), counterMax: z.number() }).nullable(),
});
export type UnderwriterReview = z.infer<typeof underwriterReviewSchema>;
