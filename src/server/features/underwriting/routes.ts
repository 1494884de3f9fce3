/**
 * The underwriter review (SPEC.md §2 "Underwriter review screen", DECISIONS §6, §8) and decisions.
 * Reading a review: a signed-in UNDERWRITER or the owning BROKER needs no token; anyone else needs the
 * e-mailed token for this quote. Recording a decision always needs a signed-in UNDERWRITER.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { decideQuoteAction } from "../../../domain/quote/lifecycle";
import { splitReferralReason } from "../../../domain/quote/premium";
import { quoteSchema, referralHitSchema, underwriterDecisionValueSchema } from "../../../domain/quote/quote";
import { underwriterDecisionSchema } from "../../../domain/underwriting/decision";
import { quoteHistoryEventSchema } from "../../../domain/underwriting/history";
import { underwriterQueueQuerySchema, underwriterQueueResponseSchema } from "../../../domain/underwriting/queue";
import { currentUser, requireRole } from "../../auth/authenticate";
import { AppError } from "../../errors";
import { verifyReviewToken } from "../../mail/review-tokens";
import { ratingInputOf } from "../quotes/rating";
import {
  findQuoteWithBroker,
  QUOTE_NOT_FOUND,
  type QuoteWithBroker,
  storedRatingResult,
  toQuoteResponse,
} from "../quotes/repository";
import { findDecisionHistory, recordUnderwriterDecision, toDecisionHistoryResponse } from "./decisions";
import { findQuoteHistory, findUnderwriterQueue } from "./queue";

export const INVALID_REVIEW_TOKEN = "This review link is invalid or has expired";

const money = z.string().nullable();

export const decisionHistoryEntrySchema = z.object({
  id: z.string(),
  decision: underwriterDecisionValueSchema,
  adjustmentMultiplier: z.number().nullable(),
  uwNote: z.string().nullable(),
  underwriter: z.object({ name: z.string(), email: z.string() }).nullable(),
  basePremiumBefore: money,
  totalPremiumBefore: money,
  basePremiumAfter: money,
  totalPremiumAfter: money,
  createdAt: z.string(),
});

/** The review screen's "Risk Assessment Details", from the rating input derived from the stored quote. */
export const riskAssessmentSchema = z.object({
  /** whole pounds, as rated */
  annualTurnover: z.number(),
  industry: z.string(),
  employees: z.number(),
  /** the sum insured (the cover limit), whole pounds */
  publicLiabilityLimit: z.number(),
  previousClaims: z.boolean(),
  exportBusiness: z.boolean(),
  hazardousActivities: z.boolean(),
  operates24_7: z.boolean(),
});

export const underwriterReviewSchema = z.object({
  quote: quoteSchema,
  referralHits: z.array(referralHitSchema),
  /** The referral reason split into its lines (SPEC.md §2). */
  referralReasons: z.array(z.string()),
  riskAssessment: riskAssessmentSchema,
  /** Decisions recorded so far, oldest first. */
  history: z.array(decisionHistoryEntrySchema),
  /** The quote's life from its audit trail (created, rated, referred, decided, ...), oldest first. */
  timeline: z.array(quoteHistoryEventSchema),
  /** How the reader was let in: their session, or a review link's token. */
  access: z.enum(["session", "token"]),
});

const params = z.object({ id: z.string().max(100) });

export const underwritingRoutes: FastifyPluginAsyncZod = async (app) => {
  async function reviewOf(found: QuoteWithBroker, access: "session" | "token") {
    const { quote, broker } = found;
    const input = ratingInputOf(quote);
    const [history, timeline] = await Promise.all([
      findDecisionHistory(app.db, quote.id),
      findQuoteHistory(app.db, quote.id),
    ]);
    return {
      quote: toQuoteResponse(quote, broker, found.decidedBy),
      referralHits: storedRatingResult(quote)?.referralHits ?? [],
      referralReasons: splitReferralReason(quote.referralReason),
      riskAssessment: {
        annualTurnover: input.turnover,
        industry: input.industry,
        employees: input.employees,
        publicLiabilityLimit: input.sumInsured,
        previousClaims: input.hasClaims,
        exportBusiness: input.hasExports,
        hazardousActivities: input.hasHazardous,
        operates24_7: input.operates24_7,
      },
      history: history.map(toDecisionHistoryResponse),
      timeline,
      access,
    };
  }

  app.get(
    "/api/uw/review/:id",
    {
      schema: {
        tags: ["underwriting"],
        summary: "The underwriter review of a quote (session, or an e-mailed review token)",
        params,
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 200: z.object({ data: underwriterReviewSchema }) },
      },
    },
    async (request) => {
      const { user } = request;
      const { token } = request.query;
      const found = await findQuoteWithBroker(app.db, request.params.id);
      if (user && found) {
        const decision = decideQuoteAction({
          action: "reviewRead",
          status: found.quote.status,
          role: user.role,
          isOwner: found.quote.brokerId === user.id,
        });
        if (decision.allowed) return { data: await reviewOf(found, "session") };
      }
      if (token !== undefined) {
        if (found && (await verifyReviewToken(app.db, found.quote.id, token, app.now()))) {
          return { data: await reviewOf(found, "token") };
        }
        throw AppError.unauthorized(INVALID_REVIEW_TOKEN, "INVALID_REVIEW_TOKEN");
      }
      if (!user) throw AppError.unauthorized();
      if (!found) throw AppError.notFound(QUOTE_NOT_FOUND, "QUOTE_NOT_FOUND");
      throw AppError.forbidden();
    },
  );

  app.get(
    "/api/uw/queue",
    {
      schema: {
        tags: ["underwriting"],
        summary: "Quotes awaiting an underwriter's decision, the longest waiting first",
        querystring: underwriterQueueQuerySchema,
        response: { 200: underwriterQueueResponseSchema },
      },
      preHandler: requireRole("UNDERWRITER", "ADMIN"),
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await findUnderwriterQueue(app.db, { page, pageSize });
      return { data: rows, meta: { total, page, pageSize } };
    },
  );

  app.post(
    "/api/quotes/:id/uw/decision",
    {
      schema: {
        tags: ["underwriting"],
        summary: "Record an underwriter decision: APPROVED, COUNTER (multiplier) or DECLINED",
        params,
        body: underwriterDecisionSchema,
        response: { 200: z.object({ data: quoteSchema }) },
      },
      preHandler: requireRole("UNDERWRITER"),
    },
    async (request) => {
      const saved = await recordUnderwriterDecision(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        app.now(),
      );
      return { data: toQuoteResponse(saved.quote, saved.broker, saved.decidedBy) };
    },
  );
};
