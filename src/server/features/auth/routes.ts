/**
 * Sign-in, sign-out and the session lookup (docs/product/permissions.md: POST /api/auth/login, POST /api/auth/logout, GET /api/me).
 * The rules are the service's (`./service`); these routes own the session cookie.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changePasswordSchema,
  loginSchema,
  ownSessionSchema,
  passwordResetLinkSchema,
  passwordResetSchema,
  userSchema,
} from "../../../domain/auth/schemas";
import { type AuthUser, currentUser, requireUser } from "../../auth/authenticate";
import { deviceCookieName, issueDeviceToken, readDeviceToken } from "../../auth/device-tokens";
import { sessionCookieName } from "../../auth/sessions";
import { toUserResponse } from "../users/repository";
import { changeOwnPassword, inspectResetLink, resetPassword } from "./password-service";
import { signIn, signOut } from "./service";
import { endOtherOwnSessions, endOwnSession, listOwnSessions } from "./session-service";

const userResponse = z.object({ data: userSchema });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: app.config.secureCookies,
    signed: true,
  } as const;
  const sessionCookie = sessionCookieName(app.config.secureCookies);
  const deviceCookie = deviceCookieName(app.config.secureCookies);
  /** The browser's device token for this account, when genuine (src/server/auth/device-tokens.ts). */
  const knownDevice = (request: FastifyRequest, email: string) =>
    readDeviceToken(app.config.sessionSecret, request.cookies[deviceCookie], email, app.now());

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
      const device = knownDevice(request, request.body.email);
      const client = { sessionId: request.sessionId, userAgent: request.headers["user-agent"], ip: request.ip, device };
      const result = await signIn(
        app.db,
        request.body,
        client,
        app.loginRateLimit,
        app.config.sessionLifetimes,
        app.now(),
      );
      if (!result.signedIn) {
        reply.header("retry-after", result.retryAfterSeconds);
        throw result.refusal;
      }
      const { token, session } = result.session;
      reply.setCookie(sessionCookie, token, { ...cookieOptions, expires: session.absoluteExpiresAt });
      // This browser is now known to the account: renewed on every sign-in, same id while it stays known.
      const issued = issueDeviceToken(app.config.sessionSecret, request.body.email, app.now(), device?.id);
      reply.setCookie(deviceCookie, issued.value, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: app.config.secureCookies,
        expires: issued.expires,
      });
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
      reply.clearCookie(sessionCookie, cookieOptions);
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
        { ip: request.ip, device: knownDevice(request, user.email) },
        app.now(),
      );
      if (!result.changed) {
        reply.header("retry-after", result.retryAfterSeconds);
        throw result.refusal;
      }
      return { data: { otherSessionsEnded: result.sessionsEnded } };
    },
  );

  app.get(
    "/api/me/sessions",
    {
      schema: {
        tags: ["auth"],
        summary: "Your sessions: device, address, when signed in and last used; this one marked",
        response: { 200: z.object({ data: z.array(ownSessionSchema) }) },
      },
      onRequest: requireUser,
    },
    async (request) => ({
      data: await listOwnSessions(app.db, currentUser(request).id, request.sessionId, app.now()),
    }),
  );

  app.delete(
    "/api/me/sessions/:id",
    {
      schema: {
        tags: ["auth"],
        summary: "End one of your sessions; ending this one signs you out",
        params: z.object({ id: z.uuid({ message: "Invalid session id" }) }),
        response: { 200: z.object({ data: z.object({ ended: z.literal(true), signedOut: z.boolean() }) }) },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { current } = await endOwnSession(app.db, user.id, request.sessionId, request.params.id, app.now());
      if (current) reply.clearCookie(sessionCookie, cookieOptions);
      return { data: { ended: true as const, signedOut: current } };
    },
  );

  app.post(
    "/api/me/sessions/end-others",
    {
      schema: {
        tags: ["auth"],
        summary: "End all your sessions but this one",
        response: { 200: z.object({ data: z.object({ sessionsEnded: z.number().int() }) }) },
      },
      onRequest: requireUser,
    },
    async (request) => ({
      data: await endOtherOwnSessions(app.db, currentUser(request).id, request.sessionId ?? "", app.now()),
    }),
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
