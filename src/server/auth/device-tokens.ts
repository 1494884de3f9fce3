/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser that signed in to an
 * account keeps a token naming that account, signed with the session secret. Sign-in attempts carrying a valid one
 * are counted against that token alone, so guessing from elsewhere never keeps the owner out
 * (src/server/auth/throttle.ts, docs/product/permissions.md "Sign-in locks").
 *
 * The token is `<id>.<expiry>.<e-mail>.<signature>`: a random id (what failures from that browser are counted
 * under), when it stops being accepted, the account, and an HMAC-SHA256 of the rest. Nothing is stored: any
 * instance holding the secret checks it, and a changed secret simply makes every browser an unknown device again.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The cookie's name over http (development, tests); `__Host-` prefixed over https, as the session cookie is. */
export const DEVICE_COOKIE = "pqe_device";

export function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_TOKEN_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

export interface KnownDevice {
  /** Failures from this browser for its account are counted under this id. */
  id: string;
  email: string;
}

function sign(secret: string, payload: string): string {
  // A purpose prefix, so no other value signed with the same secret (the session cookie) can pass as a device token.
  return createHmac("sha256", secret).update(`device-token\n${payload}`).digest("base64url");
}

/** A new token for this browser and account, valid for DEVICE_TOKEN_LIFETIME_MS; `id` keeps a known browser's id. */
export function issueDeviceToken(
  secret: string,
  email: string,
  now: Date,
  id: string = randomBytes(16).toString("base64url"),
): { value: string; expires: Date } {
  const expires = new Date(now.getTime() + DEVICE_TOKEN_LIFETIME_MS);
  const payload = `${id}.${expires.getTime()}.${Buffer.from(email).toString("base64url")}`;
  return { value: `${payload}.${sign(secret, payload)}`, expires };
}

/** The device the token names, when it is genuine, unexpired and for this account; otherwise undefined. */
export function readDeviceToken(
  secret: string,
  value: string | undefined,
  email: string,
  now: Date,
): KnownDevice | undefined {
  if (!value) return undefined;
  const parts = value.split(".");
  if (parts.length !== 4) return undefined;
  const [id, expiresAt, encodedEmail, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${expiresAt}.${encodedEmail}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!(Number(expiresAt) > now.getTime())) return undefined;
  if (Buffer.from(encodedEmail, "base64url").toString() !== email) return undefined;
  return { id, email };
}
