/**
 * GET /api/policies/{policyNumber}: an issued policy as the policy screen shows it (docs/product/screens.md
 * "Policy"), and its cancellation (docs/product/life-cycle.md "Cancellation"): the figures a date gives, then the
 * cancellation at the version they were shown for. The policy number carries slashes (DCPI/POL/000042), so it
 * travels encoded as one path segment.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adjustmentFiguresRequestSchema,
  adjustmentFiguresResponseSchema,
  adjustmentRequestSchema,
  cancellationFiguresRequestSchema,
  cancellationFiguresResponseSchema,
  cancellationRequestSchema,
  changeDecisionRequestSchema,
  changeRequestParamsSchema,
  policyParamsSchema,
  policyViewResponseSchema,
} from "../../../domain/quote/policy-schema";
import { quoteSchema } from "../../../domain/quote/quote";
import { runOffRequestSchema } from "../../../domain/quote/run-off-schema";
import { currentUser, requireRole, requireUser } from "../../auth/authenticate";
import { adjustmentFiguresFor, adjustPolicy } from "./adjustment-service";
import { cancellationFiguresFor, cancelPolicy } from "./cancellation-service";
import { decideChange, referChange } from "./change-request-service";
import { policyViewFor } from "./policy-view";
import { toQuoteResponse } from "./response";
import { runOffQuote } from "./run-off-quote";

export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Administrators read policies but never change them: refused before the request is read.
  const mayChange = requireRole("BROKER", "UNDERWRITER");
  app.get(
    "/api/policies/:policyNumber",
    {
      schema: {
        tags: ["policies"],
        summary:
          "An issued policy: insured, period, cover, premium paid, status, documents and history; 404 when unknown or not the caller's",
        params: policyParamsSchema,
        response: { 200: policyViewResponseSchema },
      },
      onRequest: requireUser,
    },
    async (request) => ({
      data: await policyViewFor(app.db, currentUser(request), request.params.policyNumber, app.now()),
    }),
  );

  app.post(
    "/api/policies/:policyNumber/run-off",
    {
      schema: {
        tags: ["policies"],
        summary:
          "Quote run-off for a firm that stops trading: a new DRAFT quote from a policy in force, for 1 to 12 years from the day it stops, priced as its last annual base premium times the run-off factor",
        params: policyParamsSchema,
        body: runOffRequestSchema,
        response: { 201: z.object({ data: quoteSchema }) },
      },
      onRequest: mayChange,
    },
    async (request, reply) => {
      const runOff = await runOffQuote(
        app.db,
        currentUser(request),
        request.params.policyNumber,
        request.body,
        app.now(),
      );
      reply.code(201);
      return { data: toQuoteResponse(runOff.quote, runOff.broker, runOff.decidedBy, runOff.renewalOf) };
    },
  );

  app.post(
    "/api/policies/:policyNumber/cancellation/figures",
    {
      schema: {
        tags: ["policies"],
        summary:
          "What cancelling from a date would return (premium kept, return premium, IPT returned); writes nothing",
        params: policyParamsSchema,
        body: cancellationFiguresRequestSchema,
        response: { 200: cancellationFiguresResponseSchema },
      },
      onRequest: mayChange,
    },
    async (request) => ({
      data: await cancellationFiguresFor(
        app.db,
        currentUser(request),
        request.params.policyNumber,
        request.body.effectiveDate,
        app.now(),
      ),
    }),
  );

  app.post(
    "/api/policies/:policyNumber/cancellation",
    {
      schema: {
        tags: ["policies"],
        summary:
          "Cancels a policy in force from a date, returning premium as the rating version's terms say; answers the policy",
        params: policyParamsSchema,
        body: cancellationRequestSchema,
        response: { 201: policyViewResponseSchema },
      },
      onRequest: mayChange,
    },
    async (request, reply) => {
      const user = currentUser(request);
      await cancelPolicy(app.db, user, request.params.policyNumber, request.body, app.now());
      reply.code(201);
      return { data: await policyViewFor(app.db, user, request.params.policyNumber, app.now()) };
    },
  );

  app.post(
    "/api/policies/:policyNumber/adjustments/figures",
    {
      schema: {
        tags: ["policies"],
        summary:
          "What a mid-term change from a date would charge or return, and whether it needs an underwriter; writes nothing",
        params: policyParamsSchema,
        body: adjustmentFiguresRequestSchema,
        response: { 200: adjustmentFiguresResponseSchema },
      },
      onRequest: mayChange,
    },
    async (request) => ({
      data: await adjustmentFiguresFor(
        app.db,
        currentUser(request),
        request.params.policyNumber,
        request.body,
        app.now(),
      ),
    }),
  );

  app.post(
    "/api/policies/:policyNumber/adjustments",
    {
      schema: {
        tags: ["policies"],
        summary:
          "Makes a mid-term adjustment from a date (the next policy version, with its endorsement); answers the policy",
        params: policyParamsSchema,
        body: adjustmentRequestSchema,
        response: { 201: policyViewResponseSchema },
      },
      onRequest: mayChange,
    },
    async (request, reply) => {
      const user = currentUser(request);
      await adjustPolicy(app.db, user, request.params.policyNumber, request.body, app.now());
      reply.code(201);
      return { data: await policyViewFor(app.db, user, request.params.policyNumber, app.now()) };
    },
  );

  app.post(
    "/api/policies/:policyNumber/change-requests",
    {
      schema: {
        tags: ["policies"],
        summary:
          "Sends a broker's mid-term change that needs an underwriter to the underwriters; nothing changes until one approves it",
        params: policyParamsSchema,
        body: adjustmentRequestSchema,
        response: { 201: policyViewResponseSchema },
      },
      onRequest: mayChange,
    },
    async (request, reply) => {
      const user = currentUser(request);
      await referChange(app.db, user, request.params.policyNumber, request.body, app.now());
      reply.code(201);
      return { data: await policyViewFor(app.db, user, request.params.policyNumber, app.now()) };
    },
  );

  app.post(
    "/api/policies/:policyNumber/change-requests/:id/decision",
    {
      schema: {
        tags: ["policies"],
        summary:
          "An underwriter approves a waiting change (the change is made) or declines it with a note; answers the policy",
        params: changeRequestParamsSchema,
        body: changeDecisionRequestSchema,
        response: { 200: policyViewResponseSchema },
      },
      onRequest: requireRole("UNDERWRITER"),
    },
    async (request) => {
      const user = currentUser(request);
      const { policyNumber, id } = request.params;
      await decideChange(app.db, user, policyNumber, id, request.body, app.now());
      return { data: await policyViewFor(app.db, user, policyNumber, app.now()) };
    },
  );
};
