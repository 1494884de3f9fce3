/**
 * The conversation on a referral (docs/product/life-cycle.md "Questions to the broker"): an underwriter asks, the
 * quote's broker answers or withdraws the referral. Who may do each is the domain's life cycle (`askQuestion`,
 * `answerQuestion`, `withdraw`), checked by openQuoteForWrite like every quote write.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { quoteSchema } from "../../../domain/quote/quote";
import {
  answerQuestionRequestSchema,
  askQuestionRequestSchema,
  referralQuestionListSchema,
  referralQuestionSchema,
  withdrawReferralRequestSchema,
} from "../../../domain/underwriting/questions";
import { currentUser, requireRole, requireUser } from "../../auth/authenticate";
import { reviewBaseUrl } from "../../mail/referral-notifications";
import { loadQuoteFor } from "../quotes/access-service";
import { toQuoteResponse } from "../quotes/response";
import { answerQuestion, askQuestion, findOpenQuestionsFor, findQuestions } from "./questions";
import { withdrawReferral } from "./withdraw-referral";

const params = z.object({ id: z.string().max(100) });
const questionParams = z.object({ id: z.string().max(100), questionId: z.string().max(100) });
const questionData = z.object({ data: referralQuestionSchema });

export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/quotes/:id/uw/questions",
    {
      schema: {
        tags: ["underwriting"],
        summary: "Ask the quote's broker a question instead of deciding (one open question at a time)",
        params,
        body: askQuestionRequestSchema,
        response: { 201: questionData },
      },
      onRequest: requireRole("UNDERWRITER"),
    },
    async (request, reply) => {
      const question = await askQuestion(app.db, currentUser(request), request.params.id, request.body, {
        now: app.now(),
        baseUrl: reviewBaseUrl(app.config),
      });
      // The e-mail was committed with the question; deliver it now rather than at the next interval.
      app.mailDispatcher.kick();
      return reply.code(201).send({ data: question });
    },
  );

  app.get(
    "/api/quotes/:id/questions",
    {
      schema: {
        tags: ["underwriting"],
        summary: "The questions asked on a quote and their answers, oldest first",
        params,
        response: { 200: referralQuestionListSchema },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const found = await loadQuoteFor(app.db, request.params.id, currentUser(request), "view");
      return { data: await findQuestions(app.db, found.quote.id) };
    },
  );

  app.get(
    "/api/questions/open",
    {
      schema: {
        tags: ["underwriting"],
        summary: "Open questions from underwriters on the quotes the signed-in user created",
        response: { 200: referralQuestionListSchema },
      },
      onRequest: requireUser,
    },
    async (request) => ({ data: await findOpenQuestionsFor(app.db, currentUser(request).id) }),
  );

  app.post(
    "/api/quotes/:id/questions/:questionId/answer",
    {
      schema: {
        tags: ["underwriting"],
        summary: "The quote's broker answers the open question; the referral returns to the underwriters' queue",
        params: questionParams,
        body: answerQuestionRequestSchema,
        response: { 200: questionData },
      },
      onRequest: requireRole("BROKER"),
    },
    async (request) => {
      const question = await answerQuestion(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.questionId,
        request.body,
        { now: app.now(), baseUrl: reviewBaseUrl(app.config) },
      );
      app.mailDispatcher.kick();
      return { data: question };
    },
  );

  app.post(
    "/api/quotes/:id/withdraw",
    {
      schema: {
        tags: ["quotes"],
        summary: "The quote's broker withdraws its referral: back to DRAFT, an open question closes",
        params,
        body: withdrawReferralRequestSchema.optional(),
        response: { 200: z.object({ data: quoteSchema }) },
      },
      onRequest: requireRole("BROKER"),
    },
    async (request) => {
      const saved = await withdrawReferral(
        app.db,
        currentUser(request),
        request.params.id,
        request.body?.expectedVersion,
        app.now(),
      );
      return { data: toQuoteResponse(saved.quote, saved.broker, saved.decidedBy, saved.renewalOf) };
    },
  );
};
