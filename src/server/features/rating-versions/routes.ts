/**
 * Rating versions (ADMIN only, docs/product/permissions.md and docs/product/rating.md): list, read, create a draft, edit a draft, publish. The rules
 * are the service's (`./service`); these routes say who may call what with which request.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ratingTestCaseSchema } from "../../../domain/rating/test-cases";
import {
  createRatingVersionRequestSchema,
  ratingVersionSchema,
  updateRatingVersionRequestSchema,
} from "../../../domain/rating/version";
import { currentUser, requireRole } from "../../auth/authenticate";
import { requireRecentAuthentication } from "../../auth/reauthentication";
import {
  createDraft,
  getRatingVersion,
  listRatingVersions,
  publishVersion,
  testCaseFromQuote,
  updateDraft,
} from "./service";

const idParams = z.object({ id: z.uuid({ message: "Invalid rating version id" }) });
const versionResponse = z.object({ data: ratingVersionSchema });

export const ratingVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireRole("ADMIN");

  app.get(
    "/api/rating/versions",
    {
      schema: {
        tags: ["rating versions"],
        summary: "Rating versions (ADMIN), by product, latest period first",
        querystring: z.strictObject({ productCode: z.string().trim().min(1).max(50).optional() }),
        response: { 200: z.object({ data: z.array(ratingVersionSchema) }) },
      },
      onRequest: adminOnly,
    },
    async (request) => ({ data: await listRatingVersions(app.db, request.query.productCode) }),
  );

  app.get(
    "/api/rating/versions/case-from-quote",
    {
      schema: {
        tags: ["rating versions"],
        summary: "A test case from a stored quote's last rating: its input, total premium and referrals (ADMIN)",
        querystring: z.strictObject({
          reference: z.string().trim().min(1, "Enter a quote reference").max(50, "Not a quote reference"),
        }),
        response: { 200: z.object({ data: ratingTestCaseSchema }) },
      },
      onRequest: adminOnly,
    },
    async (request) => ({ data: await testCaseFromQuote(app.db, request.query.reference) }),
  );

  app.get(
    "/api/rating/versions/:id",
    {
      schema: {
        tags: ["rating versions"],
        summary: "One rating version (ADMIN)",
        params: idParams,
        response: { 200: versionResponse },
      },
      onRequest: adminOnly,
    },
    async (request) => ({ data: await getRatingVersion(app.db, request.params.id) }),
  );

  app.post(
    "/api/rating/versions",
    {
      schema: {
        tags: ["rating versions"],
        summary: "Create a DRAFT rating version (ADMIN); json may be an object or JSON text",
        body: createRatingVersionRequestSchema,
        response: { 201: versionResponse },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const created = await createDraft(app.db, currentUser(request), request.body, app.now());
      return reply.status(201).send({ data: created });
    },
  );

  app.patch(
    "/api/rating/versions/:id",
    {
      schema: {
        tags: ["rating versions"],
        summary: "Edit a DRAFT rating version (ADMIN); published versions are immutable",
        params: idParams,
        body: updateRatingVersionRequestSchema,
        response: { 200: versionResponse },
      },
      onRequest: adminOnly,
    },
    async (request) => ({
      data: await updateDraft(app.db, currentUser(request), request.params.id, request.body, app.now()),
    }),
  );

  app.post(
    "/api/rating/versions/:id/publish",
    {
      schema: {
        tags: ["rating versions"],
        summary:
          "Publish a DRAFT (ADMIN; asks for your password or a code again after a few minutes); closes the period of the version it supersedes",
        params: idParams,
        response: { 200: versionResponse },
      },
      onRequest: [adminOnly, requireRecentAuthentication],
    },
    async (request) => ({ data: await publishVersion(app.db, currentUser(request), request.params.id, app.now()) }),
  );
};
