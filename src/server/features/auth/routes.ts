/**
 * Sign-in, sign-out and the session lookup (docs/product/permissions.md: POST /api/auth/login, POST /api/auth/logout, GET /api/me).
 * The rules are the service's (`./service`); these routes own the session cookie.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginSchema, userSchema } from "../../../domain/auth/schemas";
import { type AuthUser, currentUser, requireUser } from "../../auth/authenticate";
import { SESSION_COOKIE } from "../../auth/sessions";
import { toUserResponse } from "../users/repository";
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
};
