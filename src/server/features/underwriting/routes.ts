/**
 * The underwriter review (docs/product/screens.md "Underwriter review screen", docs/product/documents.md and docs/product/permissions.md) and decisions.
 * Reading a review: a signed-in UNDERWRITER or the owning BROKER needs no token; anyone else needs the
 * e-mailed token for this quote. Recording a decision always needs a signed-in UNDERWRITER.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { commissionOverrideSchema } from "../../../domain/quote/commission-schema";
import { pendingPolicyChangesResponseSchema } from "../../../domain/quote/policy-schema";
import { quoteSchema } from "../../../domain/quote/quote";
import { underwriterDecisionSchema } from "../../../domain/underwriting/decision";
import { underwriterQueueQuerySchema, underwriterQueueResponseSchema } from "../../../domain/underwriting/queue";
import { underwriterReviewSchema } from "../../../domain/underwriting/review";
import { currentUser, requireRole } from "../../auth/authenticate";
import { listPendingChanges } from "../quotes/change-request-service";
import { setQuoteCommission } from "../quotes/commission-service";
import { toQuoteResponse } from "../quotes/response";
import { findAuthority } from "../users/repository";
import { recordUnderwriterDecision } from "./decisions";
import { findUnderwriterQueue } from "./queue";
import { readReview } from "./review-service";

const params = z.object({ id: z.string().max(100) });

export const underwritingRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => ({
      data: await readReview(app.db, request.user, request.params.id, request.query.token, app.now()),
    }),
  );

  app.get(
    "/api/uw/policy-changes",
    {
      schema: {
        tags: ["underwriting"],
        summary: "Mid-term changes brokers sent for an underwriter's decision, the longest waiting first",
        response: { 200: pendingPolicyChangesResponseSchema },
      },
      onRequest: requireRole("UNDERWRITER", "ADMIN"),
    },
    async () => ({ data: await listPendingChanges(app.db) }),
  );

  app.get(
    "/api/uw/queue",
    {
      schema: {
        tags: ["underwriting"],
        summary:
          "Quotes awaiting an underwriter's decision, the longest waiting first, each with its response target and marked when beyond the underwriter's authority",
        querystring: underwriterQueueQuerySchema,
        response: { 200: underwriterQueueResponseSchema },
      },
      onRequest: requireRole("UNDERWRITER", "ADMIN"),
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const hours = app.config.referralTargetWorkingHours;
      const user = currentUser(request);
      // An administrator decides nothing, so has no authority to judge the queue by.
      const authority = user.role === "UNDERWRITER" ? await findAuthority(app.db, user.id) : null;
      const found = await findUnderwriterQueue(app.db, request.query, { hours, now: app.now() }, authority);
      return {
        data: found.rows,
        meta: {
          total: found.total,
          page,
          pageSize,
          targetWorkingHours: hours,
          waiting: found.waiting,
          overdue: found.overdue,
        },
      };
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
      onRequest: requireRole("UNDERWRITER"),
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

  app.put(
    "/api/quotes/:id/uw/commission",
    {
      schema: {
        tags: ["underwriting"],
        summary:
          "Set the broker's commission rate on one quote, in percent, within its rating version's commission limits (until issue; audited)",
        params,
        body: commissionOverrideSchema,
        response: { 200: z.object({ data: quoteSchema }) },
      },
      onRequest: requireRole("UNDERWRITER"),
    },
    async (request) => {
      const saved = await setQuoteCommission(app.db, currentUser(request), request.params.id, request.body, app.now());
      return { data: toQuoteResponse(saved.quote, saved.broker, saved.decidedBy) };
    },
  );
};
