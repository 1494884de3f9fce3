/**
 * Sign-in, sign-out and the session lookup (SPEC §7: POST /api/auth/login, POST /api/auth/logout, GET /api/me).
 * A failed sign-in answers 401 'Invalid email or password' whether or not the address has an account, after the
 * same argon2 work, and every attempt is audited in the transaction that records it.
 */
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginSchema, userSchema } from "../../../domain/auth/schemas";
import { recordAudit } from "../../audit/record";
import { type AuthUser, currentUser, requireUser } from "../../auth/authenticate";
import { verifyAgainstDummy, verifyPassword } from "../../auth/passwords";
import { createSession, revokeSession, SESSION_COOKIE } from "../../auth/sessions";
import { clearFailedSignIns, findSignInLock, recordFailedSignIn } from "../../auth/throttle";
import { AppError } from "../../errors";
import { findLiveUserByEmail, toUserResponse } from "../users/repository";

export const INVALID_CREDENTIALS = "Invalid email or password";

const userResponse = z.object({ data: userSchema });

function lockedMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: app.config.secureCookies,
    signed: true,
  } as const;

  function clearSessionCookie(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
  }

  app.post(
    "/api/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in; sets the session cookie",
        body: loginSchema,
        response: { 200: userResponse },
      },
      config: { rateLimit: app.loginRateLimit },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const now = app.now();
      const lockedUntil = await findSignInLock(app.db, email, now);
      if (lockedUntil) {
        await recordAudit(app.db, {
          entityType: "session",
          action: "login_failed",
          entityId: null,
          actorId: null,
          details: { email, reason: "locked" },
        });
        reply.header("retry-after", Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)));
        throw AppError.tooManyRequests(lockedMessage(lockedUntil, now), "ACCOUNT_LOCKED");
      }
      const user = await findLiveUserByEmail(app.db, email);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await app.db.transaction(async (tx) => {
          await recordFailedSignIn(tx, email, now);
          await recordAudit(tx, {
            entityType: "session",
            action: "login_failed",
            entityId: null,
            actorId: null,
            details: { email, reason: "invalid_credentials" },
          });
        });
        throw AppError.unauthorized(INVALID_CREDENTIALS, "INVALID_CREDENTIALS");
      }
      // A new session on every sign-in (never reuse one the browser already held: session fixation).
      const created = await app.db.transaction(async (tx) => {
        if (request.sessionId) await revokeSession(tx, request.sessionId);
        await clearFailedSignIns(tx, email);
        const session = await createSession(tx, user.id, now, {
          userAgent: request.headers["user-agent"],
          ip: request.ip,
        });
        await recordAudit(tx, {
          entityType: "session",
          action: "login",
          entityId: session.session.id,
          actorId: user.id,
          details: { email },
        });
        return session;
      });
      reply.setCookie(SESSION_COOKIE, created.token, { ...cookieOptions, expires: created.session.absoluteExpiresAt });
      return { data: toUserResponse(user) };
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
      if (user && sessionId) {
        await app.db.transaction(async (tx) => {
          await revokeSession(tx, sessionId);
          await recordAudit(tx, { entityType: "session", action: "logout", entityId: sessionId, actorId: user.id });
        });
      }
      clearSessionCookie(reply);
      return { data: { signedOut: true as const } };
    },
  );

  app.get(
    "/api/me",
    {
      schema: { tags: ["auth"], summary: "The signed-in user (401 when signed out)", response: { 200: userResponse } },
      preHandler: requireUser,
    },
    async (request) => ({ data: toUserResponse(currentUser(request) satisfies AuthUser) }),
  );
};
