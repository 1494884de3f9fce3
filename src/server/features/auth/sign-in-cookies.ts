/**
 * The cookies a finished sign-in leaves in the browser, the same whether the password alone or the password and a
 * second factor proved who the user is: the session (its name depends on https) and the device token that makes
 * this browser known to the account (src/server/auth/device-tokens.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { deviceCookieName, issueDeviceToken, type KnownDevice, readDeviceToken } from "../../auth/device-tokens";
import { type CreatedSession, sessionCookieName } from "../../auth/sessions";

export function signInCookies(app: FastifyInstance) {
  const sessionCookie = sessionCookieName(app.config.secureCookies);
  const deviceCookie = deviceCookieName(app.config.secureCookies);
  const sessionCookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: app.config.secureCookies,
    signed: true,
  } as const;
  return {
    sessionCookie,
    sessionCookieOptions,
    /** The browser's device token for this account, when genuine. */
    knownDevice: (request: FastifyRequest, email: string): KnownDevice | undefined =>
      readDeviceToken(app.config.sessionSecret, request.cookies[deviceCookie], email, app.now()),
    /** Sets the new session's cookie and (re)issues the device cookie: this browser is now known to the account. */
    setSignedIn(reply: FastifyReply, email: string, device: KnownDevice | undefined, created: CreatedSession): void {
      reply.setCookie(sessionCookie, created.token, {
        ...sessionCookieOptions,
        expires: created.session.absoluteExpiresAt,
      });
      // Renewed on every sign-in, same id while it stays known.
      const issued = issueDeviceToken(app.config.sessionSecret, email, app.now(), device?.id);
      reply.setCookie(deviceCookie, issued.value, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: app.config.secureCookies,
        expires: issued.expires,
      });
    },
  };
}
