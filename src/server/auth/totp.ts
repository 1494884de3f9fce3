/**
 * The second factor's codes (docs/product/permissions.md "Two-factor sign-in", ADR 0074): TOTP (RFC 6238: SHA-1,
 * 6 digits, 30-second steps, the settings every authenticator app reads) through the otpauth package, and
 * one-time recovery codes of which only a salted SHA-256 is kept.
 */
import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { PRODUCT_NAME } from "../../domain/constants";

const PERIOD_SECONDS = 30;
/** One step either side of now: a phone's clock a little off, or a code typed as it changed, is still accepted. */
const WINDOW_STEPS = 1;
/** 160 bits, RFC 4226's recommended secret length. */
const SECRET_BYTES = 20;

function totpFor(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The time step a code is for, if it is right at `now` (within one step either way); otherwise undefined. */
export function matchingTotpStep(secret: string, email: string, code: string, now: Date): number | undefined {
  const delta = totpFor(secret, email).validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an authenticator app shows at `at` (tests and the browser tests play the app with it). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpFor(secret, "code").generate({ timestamp: at.getTime() });
}

/** Recovery codes avoid letters and digits that read alike (0/O, 1/I/L). */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const RECOVERY_GROUPS = 4;
const RECOVERY_GROUP_LENGTH = 4;

/** A new recovery code as shown to the user: four groups of four (about 79 bits), e.g. "7KQM-2XPA-9RTD-HW4C". */
export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < RECOVERY_GROUPS; g++) {
    let group = "";
    for (let i = 0; i < RECOVERY_GROUP_LENGTH; i++) group += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

/** The stored form of a recovery code, salted with its user's id; `code` as the code schema leaves it (no dashes). */
export function hashRecoveryCode(userId: string, code: string): string {
  return createHash("sha256")
    .update(`${userId}:${code.replace(/-/g, "").toUpperCase()}`)
    .digest("hex");
}
