/**
 * Two-factor sign-in, enrolment on Account, re-authentication and the administrators' choice of roles that must
 * use a second factor (docs/product/permissions.md "Two-factor sign-in", "Re-authentication"). The rules are the
 * service's (`./two-factor-service`); these routes own the cookies.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userSchema } from "../../../domain/auth/schemas";
import {
  authenticatorCodeSchema,
  reauthenticateSchema,
  renewedRecoveryCodesSchema,
  secondFactorSchema,
  twoFactorEnrolmentSchema,
  twoFactorPolicySchema,
  twoFactorStatusSchema,
} from "../../../domain/auth/two-factor";
import { currentUser, requireRole, requireUser, requireUserBeforeEnrolment } from "../../auth/authenticate";
import { requireRecentAuthentication } from "../../auth/reauthentication";
import { forgetSession } from "../../auth/sessions";
import { countSignInAttempt } from "../../auth/throttle";
import { setTwoFactorRequiredRoles, twoFactorRequiredRoles } from "../../auth/two-factor-policy";
import { AppError } from "../../errors";
import { toUserResponse } from "../users/repository";
import { startSignedInSession } from "./service";
import { signInCookies } from "./sign-in-cookies";
import { renewRecoveryCodes } from "./two-factor-recovery-service";
import {
  confirmEnrolment,
  disableTwoFactor,
  passSecondFactor,
  reauthenticate,
  startEnrolment,
  twoFactorStatus,
} from "./two-factor-service";

/** The second step of signing in, held by the browser that gave the right password, for a few minutes. */
export const SECOND_FACTOR_COOKIE = "pqe_second_factor";
const SECOND_FACTOR_PATH = "/api/auth/login";

export function setSecondFactorCookie(
  reply: FastifyReply,
  step: { token: string; expiresAt: Date },
  secure: boolean,
): void {
  reply.setCookie(SECOND_FACTOR_COOKIE, step.token, {
    path: SECOND_FACTOR_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure,
    signed: true,
    expires: step.expiresAt,
  });
}

const refusedOr = <T>(
  reply: FastifyReply,
  result: { refusal: Error; retryAfterSeconds: number } | undefined,
  ok: T,
) => {
  if (!result) return ok;
  reply.header("retry-after", result.retryAfterSeconds);
  throw result.refusal;
};

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { knownDevice, setSignedIn } = signInCookies(app);
  /** Where a code comes from, for the sign-in locks: the address and this browser's device token for the user. */
  const codeClient = (request: FastifyRequest, email: string) => ({
    ip: request.ip,
    device: knownDevice(request, email),
  });
  /** What an action of the signed-in user proved with a current code needs: who, which session, the code, from where. */
  const provedByCode = (request: FastifyRequest, code: string) => {
    const user = currentUser(request);
    return [app.db, user, request.sessionId ?? "", code, codeClient(request, user.email), app.now()] as const;
  };

  app.post(
    "/api/auth/login/second-factor",
    {
      schema: {
        tags: ["auth"],
        summary: "Finish signing in with an authenticator code or a recovery code; sets the session cookie",
        body: secondFactorSchema,
        response: { 200: z.object({ data: userSchema }) },
      },
    },
    async (request, reply) => {
      const raw = request.cookies[SECOND_FACTOR_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      const token = unsigned?.valid ? (unsigned.value ?? undefined) : undefined;
      const now = app.now();
      // Every sign-in attempt counts against the client address, the code step as much as the password.
      const waitMs = await countSignInAttempt(app.db, request.ip, app.loginRateLimit, now);
      if (waitMs !== undefined) {
        reply.header("retry-after", Math.max(1, Math.ceil(waitMs / 1000)));
        throw new AppError("RATE_LIMITED");
      }
      let started: Awaited<ReturnType<typeof startSignedInSession>> | undefined;
      const result = await passSecondFactor(
        app.db,
        token,
        request.body.code,
        request.ip,
        (email) => knownDevice(request, email),
        now,
        async (tx, user, device, how) => {
          const client = {
            sessionId: request.sessionId,
            userAgent: request.headers["user-agent"],
            ip: request.ip,
            device,
          };
          started = await startSignedInSession(tx, user, client, app.config.sessionLifetimes, now, { with: how });
        },
      );
      if (!result.passed) {
        reply.header("retry-after", result.retryAfterSeconds);
        throw result.refusal;
      }
      if (!started) throw new Error("The second factor passed without starting a session");
      if (request.sessionId) forgetSession(request.sessionId);
      reply.clearCookie(SECOND_FACTOR_COOKIE, { path: SECOND_FACTOR_PATH });
      // The same end as a password-only sign-in: the session's cookie and this browser made known to the account.
      setSignedIn(reply, result.user.email, result.device, started.session);
      return { data: toUserResponse(result.user) };
    },
  );

  app.get(
    "/api/me/two-factor",
    {
      schema: {
        tags: ["auth"],
        summary: "Whether you sign in with a second factor, whether your role must, and recovery codes left",
        response: { 200: z.object({ data: twoFactorStatusSchema }) },
      },
      onRequest: requireUserBeforeEnrolment,
    },
    async (request) => ({ data: await twoFactorStatus(app.db, currentUser(request)) }),
  );

  app.post(
    "/api/me/two-factor/enrolment",
    {
      schema: {
        tags: ["auth"],
        summary: "Start setting up an authenticator app: a new secret, as a QR code's address and as text",
        response: { 200: z.object({ data: twoFactorEnrolmentSchema }) },
      },
      onRequest: [requireUserBeforeEnrolment, requireRecentAuthentication],
    },
    async (request) => ({ data: await startEnrolment(app.db, currentUser(request)) }),
  );

  app.post(
    "/api/me/two-factor/enrolment/confirm",
    {
      schema: {
        tags: ["auth"],
        summary: "Turn two-factor sign-in on with a current code; answers the recovery codes, shown this once",
        body: authenticatorCodeSchema,
        response: { 200: z.object({ data: z.object({ recoveryCodes: z.array(z.string()) }) }) },
      },
      onRequest: [requireUserBeforeEnrolment, requireRecentAuthentication],
    },
    async (request) => ({
      data: await confirmEnrolment(app.db, currentUser(request), request.sessionId ?? "", request.body.code, app.now()),
    }),
  );

  app.post(
    "/api/me/two-factor/disable",
    {
      schema: {
        tags: ["auth"],
        summary: "Turn two-factor sign-in off with a current code (counted like a password when wrong)",
        body: secondFactorSchema,
        response: { 200: z.object({ data: z.object({ enrolled: z.literal(false) }) }) },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const result = await disableTwoFactor(...provedByCode(request, request.body.code));
      return refusedOr(reply, result, { data: { enrolled: false as const } });
    },
  );

  app.post(
    "/api/me/two-factor/recovery-codes",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Replace your recovery codes with ten new ones, shown this once, with a current code (counted like a password when wrong)",
        body: authenticatorCodeSchema,
        response: { 200: z.object({ data: renewedRecoveryCodesSchema }) },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const result = await renewRecoveryCodes(...provedByCode(request, request.body.code));
      if ("refusal" in result) return refusedOr(reply, result, undefined);
      return { data: result };
    },
  );

  app.post(
    "/api/me/reauthenticate",
    {
      schema: {
        tags: ["auth"],
        summary: "Confirm it is you with your password or a code, before an action that asks again",
        body: reauthenticateSchema,
        response: { 200: z.object({ data: z.object({ reauthenticated: z.literal(true) }) }) },
      },
      onRequest: requireUserBeforeEnrolment,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await reauthenticate(
        app.db,
        user,
        request.sessionId ?? "",
        request.body,
        codeClient(request, user.email),
        app.now(),
      );
      return refusedOr(reply, result, { data: { reauthenticated: true as const } });
    },
  );

  app.get(
    "/api/settings/two-factor",
    {
      schema: {
        tags: ["users"],
        summary: "The roles that must sign in with a second factor (ADMIN)",
        response: { 200: z.object({ data: twoFactorPolicySchema }) },
      },
      onRequest: requireRole("ADMIN"),
    },
    async () => ({ data: { requiredRoles: await twoFactorRequiredRoles(app.db) } }),
  );

  app.put(
    "/api/settings/two-factor",
    {
      schema: {
        tags: ["users"],
        summary:
          "Choose the roles that must sign in with a second factor (ADMIN; applies from each user's next sign-in)",
        body: twoFactorPolicySchema,
        response: { 200: z.object({ data: twoFactorPolicySchema }) },
      },
      onRequest: [requireRole("ADMIN"), requireRecentAuthentication],
    },
    async (request) => ({
      data: {
        requiredRoles: await setTwoFactorRequiredRoles(
          app.db,
          currentUser(request),
          request.body.requiredRoles,
          app.now(),
        ),
      },
    }),
  );
};
