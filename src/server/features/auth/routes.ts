/**
 * Sign-in, sign-out and the session lookup (docs/product/permissions.md: POST /api/auth/login, POST /api/auth/logout, GET /api/me).
 * The rules are the service's (`./service`); these routes own the session cookie.
 */
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
import { SIGN_IN_NEXT_STEPS } from "../../../domain/auth/two-factor";
import { type AuthUser, currentUser, requireUser, requireUserBeforeEnrolment } from "../../auth/authenticate";
import { toUserResponse } from "../users/repository";
import { changeOwnPassword, inspectResetLink, resetPassword } from "./password-service";
import { signIn, signOut } from "./service";
import { endOtherOwnSessions, endOwnSession, listOwnSessions } from "./session-service";
import { signInCookies } from "./sign-in-cookies";
import { setSecondFactorCookie } from "./two-factor-routes";

const userResponse = z.object({ data: userSchema });
/** Signed in (`next` says whether enrolment comes first), or the password was right and a code is needed. */
const signInResponse = z.object({ data: userSchema.nullable(), next: z.enum(SIGN_IN_NEXT_STEPS) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessionCookie, sessionCookieOptions: cookieOptions, knownDevice, setSignedIn } = signInCookies(app);

  app.post(
    "/api/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in; sets the session cookie",
        body: loginSchema,
        response: { 200: signInResponse },
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
      if (result.signedIn) {
        setSignedIn(reply, request.body.email, device, result.session);
        return { data: result.user, next: result.mustEnrol ? ("enrol" as const) : ("signedIn" as const) };
      }
      if (result.secondFactor) {
        setSecondFactorCookie(reply, result.secondFactor, app.config.secureCookies);
        return { data: null, next: "secondFactor" as const };
      }
      reply.header("retry-after", result.retryAfterSeconds);
      throw result.refusal;
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
      // Also before a required second factor is set up: the browser needs to know who is enrolling.
      onRequest: requireUserBeforeEnrolment,
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
