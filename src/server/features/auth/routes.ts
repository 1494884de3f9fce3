/**
 * Sign-in, sign-out and the session lookup (docs/product/permissions.md: POST /api/auth/login, POST /api/auth/logout, GET /api/me).
 * The rules are the service's (`./service`); these routes own the session cookie.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changePasswordSchema,
  loginSchema,
  passwordResetLinkSchema,
  passwordResetSchema,
  userSchema,
} from "../../../domain/auth/schemas";
import { type AuthUser, currentUser, requireUser } from "../../auth/authenticate";
import { SESSION_COOKIE } from "../../auth/sessions";
import { toUserResponse } from "../users/repository";
import { changeOwnPassword, inspectResetLink, resetPassword } from "./password-service";
import { signIn, signOut } from "./service";

const userResponse = z.object({ data: userSchema });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: app.config.secureCookies,
    signed: true,
  } as const;

  app.post(
    "/api/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in; sets the session cookie",
        body: loginSchema,
        response: { 200: userResponse },
      },
    },
    async (request, reply) => {
      const client = { sessionId: request.sessionId, userAgent: request.headers["user-agent"], ip: request.ip };
      const result = await signIn(app.db, request.body, client, app.loginRateLimit, app.now());
      if (!result.signedIn) {
        reply.header("retry-after", result.retryAfterSeconds);
        throw result.refusal;
      }
      const { token, session } = result.session;
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: session.absoluteExpiresAt });
      return { data: result.user };
    },
  );

  app.post(
    "/api/auth/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign out: ends the session and clears its cookie",
        response: { 200: z.object({ data: z.object({ signedOut: z.literal(true) }) }) },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = request;
      if (user && sessionId) await signOut(app.db, user.id, sessionId, app.now());
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { data: { signedOut: true as const } };
    },
  );

  app.get(
    "/api/me",
    {
      schema: { tags: ["auth"], summary: "The signed-in user (401 when signed out)", response: { 200: userResponse } },
      onRequest: requireUser,
    },
    async (request) => ({ data: toUserResponse(currentUser(request) satisfies AuthUser) }),
  );

  app.post(
    "/api/me/password",
    {
      schema: {
        tags: ["auth"],
        summary: "Change your own password with the current one; your other sessions end",
        body: changePasswordSchema,
        response: { 200: z.object({ data: z.object({ otherSessionsEnded: z.number().int() }) }) },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await changeOwnPassword(
        app.db,
        user,
        request.sessionId ?? "",
        request.body,
        { ip: request.ip },
        app.now(),
      );
      if (!result.changed) {
        reply.header("retry-after", result.retryAfterSeconds);
        throw result.refusal;
      }
      return { data: { otherSessionsEnded: result.sessionsEnded } };
    },
  );

  app.post(
    "/api/auth/password-reset/link",
    {
      schema: {
        tags: ["auth"],
        summary: "Whose account a password reset link is for (400 unknown, 410 used or expired)",
        body: passwordResetLinkSchema,
        response: {
          200: z.object({ data: z.object({ name: z.string(), email: z.string(), expiresAt: z.string() }) }),
        },
      },
    },
    async (request) => ({ data: await inspectResetLink(app.db, request.body.token, app.now()) }),
  );

  app.post(
    "/api/auth/password-reset",
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a reset link, once; every session of the user ends",
        body: passwordResetSchema,
        response: { 200: z.object({ data: z.object({ passwordSet: z.literal(true) }) }) },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body, app.now());
      return { data: { passwordSet: true as const } };
    },
  );
};
