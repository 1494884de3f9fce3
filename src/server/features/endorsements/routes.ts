/**
 * The endorsement library and a quote's terms (docs/product/permissions.md): underwriters and administrators
 * read the library, only administrators add or edit a clause; only an underwriter marks a subjectivity; whoever
 * may read a quote reads its terms; underwriters and administrators see the overdue post-bind list.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clauseCodeSchema,
  clauseEditSchema,
  clauseListResponseSchema,
  clauseSchema,
  markSubjectivitySchema,
  newClauseSchema,
  overdueSubjectivitiesResponseSchema,
  quoteTermsSchema,
} from "../../../domain/underwriting/terms";
import { currentUser, requireRole, requireUser } from "../../auth/authenticate";
import { loadQuoteFor } from "../quotes/access-service";
import { createClause, editClause, listCurrentClauses, toClauseResponse } from "./service";
import { listOverdueSubjectivities, markSubjectivity, readQuoteTerms } from "./terms-service";

const quoteParams = z.object({ id: z.string().max(100) });

export const endorsementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/endorsements",
    {
      schema: {
        tags: ["endorsements"],
        summary: "The endorsement library: each clause at its current version",
        response: { 200: clauseListResponseSchema },
      },
      onRequest: requireRole("UNDERWRITER", "ADMIN"),
    },
    async () => ({ data: (await listCurrentClauses(app.db)).map(toClauseResponse) }),
  );

  app.post(
    "/api/endorsements",
    {
      schema: {
        tags: ["endorsements"],
        summary: "Add a clause to the library (ADMIN); it becomes version 1",
        body: newClauseSchema,
        response: { 201: z.object({ data: clauseSchema }) },
      },
      onRequest: requireRole("ADMIN"),
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createClause(app.db, currentUser(request), request.body, app.now()) }),
  );

  app.put(
    "/api/endorsements/:code",
    {
      schema: {
        tags: ["endorsements"],
        summary: "Edit a clause (ADMIN): saves its next version, earlier versions stay as they were",
        params: z.object({ code: clauseCodeSchema }),
        body: clauseEditSchema,
        response: { 200: z.object({ data: clauseSchema }) },
      },
      onRequest: requireRole("ADMIN"),
    },
    async (request) => ({
      data: await editClause(app.db, currentUser(request), request.params.code, request.body, app.now()),
    }),
  );

  app.get(
    "/api/quotes/:id/terms",
    {
      schema: {
        tags: ["underwriting"],
        summary: "The clauses and subjectivities of the quote's latest decision",
        params: quoteParams,
        response: { 200: z.object({ data: quoteTermsSchema }) },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { quote } = await loadQuoteFor(app.db, request.params.id, currentUser(request), "view");
      return { data: await readQuoteTerms(app.db, quote, app.now()) };
    },
  );

  app.post(
    "/api/quotes/:id/subjectivities/:sid",
    {
      schema: {
        tags: ["underwriting"],
        summary: "Mark a subjectivity SATISFIED or WAIVED (UNDERWRITER)",
        params: z.object({ id: z.string().max(100), sid: z.uuid({ message: "Invalid subjectivity id" }) }),
        body: markSubjectivitySchema,
        response: { 200: z.object({ data: quoteTermsSchema }) },
      },
      onRequest: requireRole("UNDERWRITER"),
    },
    async (request) => ({
      data: await markSubjectivity(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.sid,
        request.body,
        app.now(),
      ),
    }),
  );

  app.get(
    "/api/uw/subjectivities/overdue",
    {
      schema: {
        tags: ["underwriting"],
        summary: "Post-bind subjectivities of issued policies still open after their due date",
        response: { 200: overdueSubjectivitiesResponseSchema },
      },
      onRequest: requireRole("UNDERWRITER", "ADMIN"),
    },
    async () => ({ data: await listOverdueSubjectivities(app.db, app.now()) }),
  );
};
