/**
 * The quote API (docs/product/permissions.md, docs/product/errors.md and docs/product/life-cycle.md). Handlers stay thin: request and response shapes are the
 * domain's zod schemas (so OpenAPI documents them), rules are the domain's, and each command lives in its own file.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { handOverSchema } from "../../../domain/firms/firm";
import { penceToMoneyString } from "../../../domain/money";
import {
  pageQuerySchema,
  quoteListQuerySchema,
  quoteListResponseSchema,
  quoteSchema,
  rateQuoteResultSchema,
  ratingTraceEntrySchema,
} from "../../../domain/quote/quote";
import { renewalsDueResponseSchema } from "../../../domain/quote/renewal-schema";
import {
  createQuoteRequestSchema,
  issueQuoteRequestSchema,
  patchQuoteRequestSchema,
  referQuoteRequestSchema,
} from "../../../domain/quote/requests";
import { rateQuoteRequestSchema } from "../../../domain/quote/risk";
import { quoteStatsSchema } from "../../../domain/quote/stats";
import { currentUser, requireFirmLead, requireRole, requireUser } from "../../auth/authenticate";
import { limitBusinessWrites } from "../../auth/write-limits";
import { reviewBaseUrl } from "../../mail/referral-notifications";
import { loadQuoteFor } from "./access-service";
import { createQuote } from "./create-quote";
import { handOverQuote } from "./hand-over";
import { issueQuote } from "./issue-quote";
import { rateQuote } from "./rate-quote";
import { referQuote } from "./refer-quote";
import { renewQuote } from "./renew-quote";
import { listRenewalsDue } from "./renewals-due";
import { toQuoteResponse } from "./response";
import { findQuotePage, findQuoteStats } from "./search";
import { patchQuote } from "./update-quote";

const quoteParams = z.object({ id: z.string().max(100) });
const quoteData = z.object({ data: quoteSchema });

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const quoteEditors = requireRole("BROKER", "UNDERWRITER");

  app.post(
    "/api/quotes",
    {
      schema: {
        tags: ["quotes"],
        summary: "Create a DRAFT quote from step 1",
        body: createQuoteRequestSchema,
        response: { 201: quoteData },
      },
      onRequest: quoteEditors,
      preHandler: limitBusinessWrites("quotesCreated"),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await createQuote(app.db, user, request.body, app.now());
      return reply.status(201).send({ data: toQuoteResponse(created.quote, created.broker, created.decidedBy) });
    },
  );

  app.get(
    "/api/quotes",
    {
      schema: {
        tags: ["quotes"],
        summary: "Search and page through the quotes the caller may see",
        querystring: quoteListQuerySchema,
        response: { 200: quoteListResponseSchema },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const page = await findQuotePage(app.db, user, request.query);
      return {
        data: page.rows.map(({ quote, broker, decidedBy }) => ({
          quote: toQuoteResponse(quote, broker, decidedBy),
          broker,
        })),
        meta: { total: page.total, page: request.query.page, pageSize: request.query.pageSize },
      };
    },
  );

  app.get(
    "/api/quotes/stats",
    {
      schema: {
        tags: ["quotes"],
        summary: "Counts and premium totals by status over the quotes the caller may see",
        response: { 200: z.object({ data: quoteStatsSchema }) },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const stats = await findQuoteStats(app.db, currentUser(request));
      return {
        data: {
          total: stats.reduce((sum, row) => sum + row.count, 0),
          byStatus: stats.map((row) => ({ ...row, totalPremium: penceToMoneyString(row.totalPremium) })),
        },
      };
    },
  );

  app.get(
    "/api/quotes/renewals-due",
    {
      schema: {
        tags: ["quotes"],
        summary:
          "Page through the issued policies due for renewal: from 60 days before their last day to 30 days after it",
        querystring: pageQuerySchema,
        response: { 200: renewalsDueResponseSchema },
      },
      onRequest: quoteEditors,
    },
    async (request) => listRenewalsDue(app.db, currentUser(request), app.now(), request.query),
  );

  app.post(
    "/api/quotes/:id/renew",
    {
      schema: {
        tags: ["quotes"],
        summary: "Renew an issued policy: a new DRAFT quote from the anniversary, every section copied, rated",
        params: quoteParams,
        response: { 201: quoteData },
      },
      onRequest: quoteEditors,
      preHandler: limitBusinessWrites("quotesCreated"),
    },
    async (request, reply) => {
      const renewal = await renewQuote(app.db, currentUser(request), request.params.id, app.now());
      return reply.status(201).send({
        data: toQuoteResponse(renewal.quote, renewal.broker, renewal.decidedBy, renewal.renewalOf),
      });
    },
  );

  app.get(
    "/api/quotes/:id",
    {
      schema: { tags: ["quotes"], summary: "One quote", params: quoteParams, response: { 200: quoteData } },
      onRequest: requireUser,
    },
    async (request) => {
      const found = await loadQuoteFor(app.db, request.params.id, currentUser(request), "view");
      return { data: toQuoteResponse(found.quote, found.broker, found.decidedBy, found.renewalOf) };
    },
  );

  app.post(
    "/api/quotes/:id/hand-over",
    {
      schema: {
        tags: ["quotes"],
        summary: "Hand a quote or policy to another broker of its firm (the firm's lead broker)",
        params: quoteParams,
        body: handOverSchema,
        response: { 200: quoteData },
      },
      onRequest: requireFirmLead,
    },
    async (request) => {
      const saved = await handOverQuote(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.brokerId,
        app.now(),
      );
      return { data: toQuoteResponse(saved.quote, saved.broker, saved.decidedBy, saved.renewalOf) };
    },
  );

  app.patch(
    "/api/quotes/:id",
    {
      schema: {
        tags: ["quotes"],
        summary: "Save one section, complete, or apply/remove a premium override",
        params: quoteParams,
        body: patchQuoteRequestSchema,
        response: { 200: quoteData },
      },
      onRequest: quoteEditors,
    },
    async (request) => {
      const saved = await patchQuote(app.db, currentUser(request), request.params.id, request.body, app.now());
      return { data: toQuoteResponse(saved.quote, saved.broker, saved.decidedBy, saved.renewalOf) };
    },
  );

  app.post(
    "/api/quotes/:id/rate",
    {
      schema: {
        tags: ["quotes"],
        summary: "Rate the stored quote with the step-7 selections",
        params: quoteParams,
        body: rateQuoteRequestSchema.optional(),
        response: { 200: z.object({ data: rateQuoteResultSchema.extend({ trace: z.array(ratingTraceEntrySchema) }) }) },
      },
      onRequest: quoteEditors,
    },
    async (request) => {
      const outcome = await rateQuote(app.db, currentUser(request), request.params.id, request.body ?? {}, app.now());
      return {
        data: {
          breakdown: outcome.breakdown,
          referralHits: outcome.referralHits,
          trace: outcome.trace,
          quote: toQuoteResponse(
            outcome.found.quote,
            outcome.found.broker,
            outcome.found.decidedBy,
            outcome.found.renewalOf,
          ),
        },
      };
    },
  );

  app.post(
    "/api/quotes/:id/refer",
    {
      schema: {
        tags: ["quotes"],
        summary: "Refer to underwriting (REFERRED with hits, UW_REQUESTED without)",
        params: quoteParams,
        body: referQuoteRequestSchema.optional(),
        response: { 200: quoteData },
      },
      onRequest: quoteEditors,
      preHandler: limitBusinessWrites("referralsSent"),
    },
    async (request) => {
      const outcome = await referQuote(app.db, currentUser(request), request.params.id, request.body ?? {}, {
        now: app.now(),
        reviewBaseUrl: reviewBaseUrl(app.config),
      });
      // The e-mails were committed with the referral; deliver them now rather than at the next interval.
      if (outcome.recipients.length > 0) app.mailDispatcher.kick();
      return {
        data: toQuoteResponse(
          outcome.found.quote,
          outcome.found.broker,
          outcome.found.decidedBy,
          outcome.found.renewalOf,
        ),
      };
    },
  );

  app.post(
    "/api/quotes/:id/issue",
    {
      schema: {
        tags: ["quotes"],
        summary: "Bind a QUOTED quote: ISSUED with a policy number",
        params: quoteParams,
        body: issueQuoteRequestSchema.optional(),
        response: { 200: quoteData },
      },
      onRequest: quoteEditors,
    },
    async (request) => {
      const issued = await issueQuote(app.db, currentUser(request), request.params.id, request.body ?? {}, app.now());
      return { data: toQuoteResponse(issued.quote, issued.broker, issued.decidedBy, issued.renewalOf) };
    },
  );
};
