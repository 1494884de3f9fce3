/**
 * The underwriter review (SPEC.md §2 "Underwriter review screen", DECISIONS §6, §8) and decisions.
 * Reading a review: a signed-in UNDERWRITER or the owning BROKER needs no token; anyone else needs the
 * e-mailed token for this quote. Recording a decision always needs a signed-in UNDERWRITER.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { decideQuoteAction } from "../../../domain/quote/lifecycle";
import { splitReferralReason } from "../../../domain/quote/premium";
import { quoteSchema } from "../../../domain/quote/quote";
import { ratingInputOf } from "../../../domain/quote/rating-input";
import { underwriterDecisionSchema } from "../../../domain/underwriting/decision";
import { underwriterQueueQuerySchema, underwriterQueueResponseSchema } from "../../../domain/underwriting/queue";
import { underwriterReviewSchema } from "../../../domain/underwriting/review";
import { currentUser, requireRole } from "../../auth/authenticate";
import { AppError } from "../../errors";
import { verifyReviewToken } from "../mail/review-tokens";
import { QUOTE_NOT_FOUND } from "../quotes/access";
import { findQuoteWithBroker, type QuoteWithBroker } from "../quotes/repository";
import { toQuoteResponse } from "../quotes/response";
import { findDecisionHistory, recordUnderwriterDecision, toDecisionHistoryResponse } from "./decisions";
import { findQuoteHistory, findUnderwriterQueue } from "./queue";

export const INVALID_REVIEW_TOKEN = "This review link is invalid or has expired";

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
      referralHits: quote.ratingResult?.referralHits ?? [],
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
