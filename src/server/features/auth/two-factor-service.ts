/**
 * Two-factor sign-in and re-authentication (docs/product/permissions.md "Two-factor sign-in", "Re-authentication";
 * ADR 0074). A user enrols on Account (a QR code and the secret as text, confirmed with a current code, then ten
 * recovery codes shown once); once enrolled, the right password only opens a short-lived, single-use second step,
 * and a session starts when a current authenticator code or an unused recovery code is given. A wrong code, a code
 * of a time step already used, or a used or unknown recovery code counts against the sign-in locks exactly as a
 * wrong password does.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { CURRENT_PASSWORD_WRONG } from "../../../domain/auth/schemas";
import {
  isAuthenticatorCode,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MINUTES,
  type TwoFactorStatus,
} from "../../../domain/auth/two-factor";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { KnownDevice } from "../../auth/device-tokens";
import { verifyPassword } from "../../auth/passwords";
import { markReauthenticated } from "../../auth/reauthentication";
import { forgetUserSessions } from "../../auth/sessions";
import { findSignInLock, recordFailedSignIn, type SignInLock } from "../../auth/throttle";
import { hashRecoveryCode, matchingTotpStep, newRecoveryCode, newTotpSecret, totpUri } from "../../auth/totp";
import { twoFactorRequiredRoles } from "../../auth/two-factor-policy";
import type { Database } from "../../db/client";
import { announce } from "../../db/notify";
import { recoveryCodes, sessions, signInChallenges, type UserRow, users } from "../../db/schema";
import { AppError } from "../../errors";
import { findLiveUserById } from "../users/repository";
import { lockedMessage } from "./service";

/** Whether the user must sign in with a second factor they have not set up yet. */
export async function mustEnrol(db: Database, user: Pick<UserRow, "role" | "totpEnabledAt">): Promise<boolean> {
  if (user.totpEnabledAt) return false;
  return (await twoFactorRequiredRoles(db)).includes(user.role);
}

export async function twoFactorStatus(db: Database, user: AuthUser): Promise<TwoFactorStatus> {
  const row = await findLiveUserById(db, user.id);
  if (!row) throw new AppError("AUTHENTICATION_REQUIRED");
  const codes = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return {
    enrolled: row.totpEnabledAt !== null,
    required: (await twoFactorRequiredRoles(db)).includes(row.role),
    recoveryCodesLeft: row.totpEnabledAt ? codes.length : 0,
  };
}

/** A new secret for the user's authenticator app; any enrolment started before and not confirmed is replaced. */
export async function startEnrolment(db: Database, user: AuthUser): Promise<{ uri: string; secret: string }> {
  const secret = newTotpSecret();
  const [updated] = await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!updated) throw new AppError("TWO_FACTOR_ALREADY_ON");
  return { uri: totpUri(secret, user.email), secret };
}

/** Turns the second factor on once the app shows a current code; returns the recovery codes, shown this once. */
export async function confirmEnrolment(
  db: Database,
  user: AuthUser,
  sessionId: string,
  code: string,
  now: Date,
): Promise<{ recoveryCodes: string[] }> {
  const row = await findLiveUserById(db, user.id);
  if (!row) throw new AppError("AUTHENTICATION_REQUIRED");
  if (row.totpEnabledAt) throw new AppError("TWO_FACTOR_ALREADY_ON");
  if (!row.totpSecret) throw new AppError("TWO_FACTOR_NOT_STARTED");
  const step = matchingTotpStep(row.totpSecret, row.email, code, now);
  // Not a guess at someone's account: the user has the secret in hand and mistyped, so the field says so.
  if (step === undefined) {
    throw AppError.validation([
      { path: "code", message: "This code is not right. Enter the code your app shows now." },
    ]);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: now, totpLastStep: step }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(user.id, c), createdAt: now })));
    // Sessions that were held to enrolment may now use the product.
    await tx.update(sessions).set({ enrolmentRequired: false }).where(eq(sessions.userId, user.id));
    await markReauthenticated(tx, sessionId, now);
    await announce(tx, { kind: "user-sessions", userId: user.id });
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "two_factor_enabled",
      entityId: user.id,
      actorId: user.id,
      details: { email: row.email },
    });
  });
  forgetUserSessions(user.id);
  return { recoveryCodes: codes };
}

/**
 * Checks a code against the user's second factor and uses it up: an authenticator code's time step (no code of
 * that step or an earlier one works again) or a recovery code. Each check-and-use is one conditional statement,
 * so of two requests racing with one code only one succeeds. Returns how the user proved it, or undefined.
 */
export async function spendSecondFactor(
  tx: Database,
  user: UserRow,
  code: string,
  now: Date,
): Promise<"authenticator" | "recovery code" | undefined> {
  if (!user.totpEnabledAt || !user.totpSecret) return undefined;
  if (isAuthenticatorCode(code)) {
    const step = matchingTotpStep(user.totpSecret, user.email, code, now);
    if (step === undefined) return undefined;
    const [used] = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return used ? "authenticator" : undefined;
  }
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashRecoveryCode(user.id, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used ? "recovery code" : undefined;
}

/**
 * Where a code comes from, for the sign-in locks: the client address and the browser's device token for this
 * account (undefined: an unknown device), exactly as for a password.
 */
export interface CodeClient {
  ip: string;
  device: KnownDevice | undefined;
}

/** A wrong code: counted and audited exactly as a wrong password is. */
export async function countWrongCode(
  db: Database,
  user: UserRow,
  { ip, device }: CodeClient,
  reason: string,
  sessionId: string | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { accountLockedUntil } = await recordFailedSignIn(tx, user.email, ip, device, now);
    await recordAudit(tx, {
      at: now,
      entityType: "session",
      action: "login_failed",
      entityId: sessionId,
      actorId: sessionId ? user.id : null,
      details: { email: user.email, reason },
    });
    if (accountLockedUntil) {
      await recordAudit(tx, {
        at: now,
        entityType: "session",
        action: "login_failed",
        entityId: null,
        actorId: null,
        details: {
          email: user.email,
          reason: "account_locked_everywhere",
          lockedUntil: accountLockedUntil.toISOString(),
        },
      });
    }
  });
}

export function lockRefusal(lock: SignInLock, now: Date): { refusal: AppError; retryAfterSeconds: number } {
  return {
    refusal: new AppError("ACCOUNT_LOCKED", lockedMessage(lock, now)),
    retryAfterSeconds: Math.max(1, Math.ceil((lock.until.getTime() - now.getTime()) / 1000)),
  };
}

export type Refusal = { refusal: AppError; retryAfterSeconds: number };

/**
 * The signed-in user's row, for an action they prove with a current code: refused while a sign-in lock holds for
 * this client (as a password would be), and 409 when two-factor sign-in is off (there is no code to check).
 */
export async function enrolledUserForCode(
  db: Database,
  user: AuthUser,
  client: CodeClient,
  now: Date,
): Promise<{ row: UserRow } | Refusal> {
  const lock = await findSignInLock(db, user.email, client.ip, client.device, now);
  if (lock) return lockRefusal(lock, now);
  const row = await findLiveUserById(db, user.id);
  if (!row) throw new AppError("AUTHENTICATION_REQUIRED");
  if (!row.totpEnabledAt) throw new AppError("TWO_FACTOR_NOT_STARTED", "Two-factor sign-in is not on");
  return { row };
}

/** Turns the second factor off with a current authenticator code (the code is the re-authentication). */
export async function disableTwoFactor(
  db: Database,
  user: AuthUser,
  sessionId: string,
  code: string,
  client: CodeClient,
  now: Date,
): Promise<Refusal | undefined> {
  const found = await enrolledUserForCode(db, user, client, now);
  if ("refusal" in found) return found;
  const { row } = found;
  const stillRequired = await mustEnrol(db, { role: row.role, totpEnabledAt: null });
  const disabled = await db.transaction(async (tx) => {
    if (!(await spendSecondFactor(tx, row, code, now))) return false;
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    // A role that must use a second factor goes straight back to enrolment.
    if (stillRequired) {
      await tx.update(sessions).set({ enrolmentRequired: true }).where(eq(sessions.userId, user.id));
      await announce(tx, { kind: "user-sessions", userId: user.id });
    }
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "two_factor_disabled",
      entityId: user.id,
      actorId: user.id,
      details: { email: row.email },
    });
    return true;
  });
  if (!disabled) {
    await countWrongCode(db, row, client, "invalid_second_factor", sessionId, now);
    throw new AppError("INVALID_SECOND_FACTOR");
  }
  forgetUserSessions(user.id);
  return undefined;
}

/** Proving again who you are on this session: the password, or a code. */
export async function reauthenticate(
  db: Database,
  user: AuthUser,
  sessionId: string,
  input: { password?: string | undefined; code?: string | undefined },
  client: CodeClient,
  now: Date,
): Promise<Refusal | undefined> {
  const lock = await findSignInLock(db, user.email, client.ip, client.device, now);
  if (lock) return lockRefusal(lock, now);
  const row = await findLiveUserById(db, user.id);
  if (!row) throw new AppError("AUTHENTICATION_REQUIRED");
  if (input.password) {
    if (!(await verifyPassword(row.passwordHash, input.password))) {
      await countWrongCode(db, row, client, "wrong_reauthentication_password", sessionId, now);
      throw AppError.validation([{ path: "password", message: CURRENT_PASSWORD_WRONG }]);
    }
  }
  // Without a second factor there is no code to guess: refused, not counted.
  if (!input.password && !row.totpEnabledAt) throw new AppError("INVALID_SECOND_FACTOR");
  const method = await db.transaction(async (tx) => {
    const how = input.password ? "password" : await spendSecondFactor(tx, row, input.code ?? "", now);
    if (!how) return undefined;
    await markReauthenticated(tx, sessionId, now);
    await recordAudit(tx, {
      at: now,
      entityType: "session",
      action: "reauthenticated",
      entityId: sessionId,
      actorId: user.id,
      details: { email: row.email, with: how },
    });
    return how;
  });
  if (!method) {
    await countWrongCode(db, row, client, "invalid_second_factor", sessionId, now);
    throw new AppError("INVALID_SECOND_FACTOR");
  }
  return undefined;
}

const CHALLENGE_TOKEN_BYTES = 32;

function hashChallengeToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** After the right password: the token of the second step (the browser keeps it in a signed cookie). */
export async function openSecondFactorStep(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(CHALLENGE_TOKEN_BYTES).toString("base64url");
  const expiresAt = new Date(now.getTime() + SECOND_FACTOR_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    // Only the latest password success may be finished; older steps of the same user end here.
    await tx
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(eq(signInChallenges.userId, userId), isNull(signInChallenges.usedAt)));
    await tx
      .insert(signInChallenges)
      .values({ tokenHash: hashChallengeToken(token), userId, createdAt: now, expiresAt });
  });
  return { token, expiresAt };
}

export type SecondFactorResult =
  | { passed: true; user: UserRow; device: KnownDevice | undefined; method: string }
  | ({ passed: false } & Refusal);

/**
 * The second step of signing in: the step must be open (the right password less than SECOND_FACTOR_MINUTES ago,
 * not finished yet) and the code right; then the step is closed and the caller starts the session in `tx`.
 */
export async function passSecondFactor(
  db: Database,
  token: string | undefined,
  code: string,
  ip: string,
  /** The browser's device token for the account whose step this is, once the step says whose it is. */
  deviceFor: (email: string) => KnownDevice | undefined,
  now: Date,
  startSession: (tx: Database, user: UserRow, device: KnownDevice | undefined, method: string) => Promise<void>,
): Promise<SecondFactorResult> {
  if (!token) throw new AppError("SIGN_IN_EXPIRED");
  const tokenHash = hashChallengeToken(token);
  const [challenge] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  if (!challenge) throw new AppError("SIGN_IN_EXPIRED");
  const user = await findLiveUserById(db, challenge.userId);
  if (!user) throw new AppError("SIGN_IN_EXPIRED");
  const client: CodeClient = { ip, device: deviceFor(user.email) };
  const lock = await findSignInLock(db, user.email, ip, client.device, now);
  if (lock) return { passed: false, ...lockRefusal(lock, now) };
  const method = await db.transaction(async (tx) => {
    const how = await spendSecondFactor(tx, user, code, now);
    if (!how) return undefined;
    const [closed] = await tx
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(eq(signInChallenges.id, challenge.id), isNull(signInChallenges.usedAt)))
      .returning({ id: signInChallenges.id });
    if (!closed) throw new AppError("SIGN_IN_EXPIRED");
    if (how === "recovery code") {
      await recordAudit(tx, {
        at: now,
        entityType: "user",
        action: "recovery_code_used",
        entityId: user.id,
        actorId: user.id,
        details: { email: user.email },
      });
    }
    // Starting the session clears this address's and this device's failures, as a password-only sign-in does.
    await startSession(tx, user, client.device, how);
    return how;
  });
  if (!method) {
    await countWrongCode(db, user, client, "invalid_second_factor", null, now);
    throw new AppError("INVALID_SECOND_FACTOR");
  }
  return { passed: true, user, device: client.device, method };
}
