/**
 * The underwriters' queue (ADR 0030): quotes awaiting a decision (REFERRED, UW_REQUESTED), the longest
 * waiting first, with why each was referred.
 */
import { z } from "zod";
import { elapsedWholeUnits, formatElapsed } from "../format/relative-time";
import {
  brokerSummarySchema,
  moneyAmountSchema,
  pageQuerySchema,
  paginationMetaSchema,
  quoteStatusSchema,
} from "../quote/quote";
import type { QuoteStatus } from "../quote/status";
import { AUTHORITY_FILTERS } from "./authority";
import { referralWaitingSchema } from "./questions";
import { QUEUE_VIEWS } from "./response-target";

/** The statuses that wait for an underwriter. */
export const AWAITING_DECISION_STATUSES = ["REFERRED", "UW_REQUESTED"] as const satisfies readonly QuoteStatus[];

export const underwriterQueueItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  proposerName: z.string(),
  productCode: z.string(),
  status: quoteStatusSchema,
  totalPremium: moneyAmountSchema.nullable(),
  /** When it was referred: the queue's order and its waiting time. */
  referredAt: z.string().nullable(),
  referralReasons: z.array(z.string()),
  broker: brokerSummarySchema.nullable(),
  /** When the response target falls due (working hours after the referral); null when never referred. */
  respondBy: z.string().nullable(),
  /** Past its response target, by the server's clock. */
  overdue: z.boolean(),
  /** Approving it is beyond the signed-in underwriter's authority (docs/product/permissions.md "Authority"). */
  needsHigherAuthority: z.boolean(),
  /** Who the referral waits for: the broker while an underwriter's question is open. */
  waiting: referralWaitingSchema,
});
export type UnderwriterQueueItem = z.infer<typeof underwriterQueueItemSchema>;

/** GET /api/uw/queue's query: the page, the view (all, overdue) and optionally whom the referrals await. */
export const underwriterQueueQuerySchema = pageQuerySchema.extend({
  show: z.enum(QUEUE_VIEWS, { error: `Show must be one of ${QUEUE_VIEWS.join(", ")}` }).default("all"),
  /** Only the referrals within, or beyond, the signed-in underwriter's authority (docs/product/permissions.md). */
  authority: z
    .enum(AUTHORITY_FILTERS, { error: `Authority must be one of ${AUTHORITY_FILTERS.join(", ")}` })
    .optional(),
  waiting: referralWaitingSchema.optional(),
});
export type UnderwriterQueueQuery = z.infer<typeof underwriterQueueQuerySchema>;

export const underwriterQueueResponseSchema = z.object({
  data: z.array(underwriterQueueItemSchema),
  meta: paginationMetaSchema.extend({
    /** The response target, in working hours. */
    targetWorkingHours: z.number(),
    /** Every referral waiting, whatever the view shows (the view's own count is `total`). */
    waiting: z.number().int().min(0),
    /** Every referral waiting past its target, whatever the view shows. */
    overdue: z.number().int().min(0),
  }),
});
export type UnderwriterQueueResponse = z.infer<typeof underwriterQueueResponseSchema>;

/** How long a referral has waited, on the dashboard's scale: 'waiting 3 hours', 'waiting 2 days'. */
export function waitingTime(referredAt: string, now: Date): string {
  const elapsed = elapsedWholeUnits(referredAt, now);
  return elapsed ? `waiting ${formatElapsed(elapsed)}` : "waiting less than an hour";
}
