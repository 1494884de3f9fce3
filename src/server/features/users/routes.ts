/**
 * User management (ADMIN only, docs/product/permissions.md): list, create (POST /api/auth/register), delete. The rules are the
 * service's (`./service`); these routes say who may call what with which request.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { registerUserSchema, userSchema } from "../../../domain/auth/schemas";
import { authorityInputSchema, userWithAuthoritySchema } from "../../../domain/underwriting/authority-schema";
import { currentUser, requireRole } from "../../auth/authenticate";
import { requireRecentAuthentication } from "../../auth/reauthentication";
import { reviewBaseUrl } from "../../mail/referral-notifications";
import { endUserSessions } from "../auth/session-service";
import { resetTwoFactor } from "../auth/two-factor-recovery-service";
import { listLiveUsers, toUserWithAuthorityResponse } from "./repository";
import { changeAuthority, createUser, deleteUser, sendPasswordReset } from "./service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireRole("ADMIN");

  app.get(
    "/api/users",
    {
      schema: {
        tags: ["users"],
        summary: "Active users, each underwriter with their authority",
        response: { 200: z.object({ data: z.array(userWithAuthoritySchema) }) },
      },
      onRequest: adminOnly,
    },
    async () => ({ data: (await listLiveUsers(app.db)).map(toUserWithAuthorityResponse) }),
  );

  app.put(
    "/api/users/:id/authority",
    {
      schema: {
        tags: ["users"],
        summary: "Set an underwriter's authority (ADMIN)",
        params: z.object({ id: z.uuid({ message: "Invalid user id" }) }),
        body: authorityInputSchema,
        response: { 200: z.object({ data: userWithAuthoritySchema }) },
      },
      onRequest: adminOnly,
    },
    async (request) => ({
      data: await changeAuthority(app.db, currentUser(request), request.params.id, request.body, app.now()),
    }),
  );

  app.post(
    "/api/auth/register",
    {
      schema: {
        tags: ["users"],
        summary: "Create a user (ADMIN; asks for your password or a code again after a few minutes)",
        body: registerUserSchema,
        response: { 201: z.object({ data: userSchema }) },
      },
      onRequest: [adminOnly, requireRecentAuthentication],
    },
    async (request, reply) => {
      const created = await createUser(app.db, currentUser(request), request.body, app.now());
      return reply.status(201).send({ data: created });
    },
  );

  app.post(
    "/api/users/:id/password-reset",
    {
      schema: {
        tags: ["users"],
        summary: "E-mail a user a one-time link to set a new password (ADMIN)",
        params: z.object({ id: z.uuid({ message: "Invalid user id" }) }),
        response: { 200: z.object({ data: z.object({ sentTo: z.string(), expiresAt: z.string() }) }) },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      const sent = await sendPasswordReset(
        app.db,
        currentUser(request),
        request.params.id,
        { baseUrl: reviewBaseUrl(app.config), validityMinutes: app.config.passwordResetLinkMinutes },
        app.now(),
      );
      app.mailDispatcher.kick();
      return { data: sent };
    },
  );

  app.post(
    "/api/users/:id/sessions/end",
    {
      schema: {
        tags: ["users"],
        summary: "End every session of a user (ADMIN); they must sign in again",
        params: z.object({ id: z.uuid({ message: "Invalid user id" }) }),
        response: { 200: z.object({ data: z.object({ sessionsEnded: z.number().int() }) }) },
      },
      onRequest: adminOnly,
    },
    async (request) => ({
      data: await endUserSessions(app.db, currentUser(request), request.params.id, app.now()),
    }),
  );

  app.post(
    "/api/users/:id/two-factor/reset",
    {
      schema: {
        tags: ["users"],
        summary:
          "Reset a user's lost second factor (ADMIN; not yourself; asks for your password or a code again after a few minutes): their secret and recovery codes go and their sessions end",
        params: z.object({ id: z.uuid({ message: "Invalid user id" }) }),
        response: { 200: z.object({ data: z.object({ sessionsEnded: z.number().int(), mustEnrol: z.boolean() }) }) },
      },
      onRequest: [adminOnly, requireRecentAuthentication],
    },
    async (request) => ({
      data: await resetTwoFactor(app.db, currentUser(request), request.params.id, app.now()),
    }),
  );

  app.delete(
    "/api/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Delete a user (ADMIN; not yourself; asks for your password or a code again after a few minutes)",
        params: z.object({ id: z.uuid({ message: "Invalid user id" }) }),
        response: { 200: z.object({ data: userSchema }) },
      },
      onRequest: [adminOnly, requireRecentAuthentication],
    },
    async (request) => ({ data: await deleteUser(app.db, currentUser(request), request.params.id, app.now()) }),
  );
};
