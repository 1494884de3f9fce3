/**
 * Choosing a new password (docs/product/permissions.md "Passwords"): a signed-in user changing their own with
 * the current one, and anyone holding a reset link an administrator sent. The new password must pass the
 * password rule; a wrong current password counts as a failed sign-in (and the sign-in locks refuse it the same
 * way); success ends the user's other sessions (all of them after a reset) and is audited in the same transaction.
 */

import { PASSWORD_RULE_MESSAGES } from "../../../domain/auth/password-rule";
import type { ChangePassword, PasswordReset } from "../../../domain/auth/schemas";
import { CURRENT_PASSWORD_WRONG } from "../../../domain/auth/schemas";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import type { KnownDevice } from "../../auth/device-tokens";
import { assertNewPassword, hashPassword, verifyPassword } from "../../auth/passwords";
import { endResetTokens, findUsableResetToken, markResetTokenUsed } from "../../auth/reset-tokens";
import { forgetUserSessions, revokeOtherUserSessions, revokeUserSessions } from "../../auth/sessions";
import { findSignInLock, recordFailedSignIn } from "../../auth/throttle";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findLiveUserById, setPasswordHash } from "../users/repository";
import { lockedMessage } from "./service";

export type ChangePasswordResult =
  | { changed: true; sessionsEnded: number }
  /** Refused by a sign-in lock before the current password was checked. */
  | { changed: false; refusal: AppError; retryAfterSeconds: number };

export async function changeOwnPassword(
  db: Database,
  user: AuthUser,
  sessionId: string,
  { currentPassword, newPassword }: ChangePassword,
  client: { ip: string; device: KnownDevice | undefined },
  now: Date,
): Promise<ChangePasswordResult> {
  const lock = await findSignInLock(db, user.email, client.ip, client.device, now);
  if (lock) {
    return {
      changed: false,
      refusal: new AppError("ACCOUNT_LOCKED", lockedMessage(lock, now)),
      retryAfterSeconds: Math.max(1, Math.ceil((lock.until.getTime() - now.getTime()) / 1000)),
    };
  }
  const row = await findLiveUserById(db, user.id);
  if (!row) throw new AppError("AUTHENTICATION_REQUIRED");
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    // Someone at an unlocked screen guessing the password: counted and locked exactly like sign-in guesses.
    await db.transaction(async (tx) => {
      const { accountLockedUntil } = await recordFailedSignIn(tx, user.email, client.ip, client.device, now);
      await recordAudit(tx, {
        at: now,
        entityType: "session",
        action: "login_failed",
        entityId: sessionId,
        actorId: user.id,
        details: { email: user.email, reason: "wrong_current_password" },
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
    throw AppError.validation([{ path: "currentPassword", message: CURRENT_PASSWORD_WRONG }]);
  }
  if (newPassword === currentPassword) {
    throw AppError.validation([{ path: "newPassword", message: PASSWORD_RULE_MESSAGES.sameAsCurrent }]);
  }
  assertNewPassword(newPassword, { email: row.email, name: row.name }, "newPassword");
  const passwordHash = await hashPassword(newPassword);
  const sessionsEnded = await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    // A reset link sent before would otherwise still replace the password the user has just chosen.
    await endResetTokens(tx, user.id, now);
    const ended = await revokeOtherUserSessions(tx, user.id, sessionId);
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "password_changed",
      entityId: user.id,
      actorId: user.id,
      details: { email: row.email, otherSessionsEnded: ended },
    });
    return ended;
  });
  forgetUserSessions(user.id);
  return { changed: true, sessionsEnded };
}

/** Whose account a reset link is for, so the page can greet them and check the rule as they type. */
export async function inspectResetLink(
  db: Database,
  token: string,
  now: Date,
): Promise<{ name: string; email: string; expiresAt: string }> {
  const { link, user } = await findUsableResetToken(db, token, now);
  return { name: user.name, email: user.email, expiresAt: link.expiresAt.toISOString() };
}

/** Sets the password a reset link was sent for, once; every session of the user ends. */
export async function resetPassword(
  db: Database,
  { token, newPassword }: PasswordReset,
  now: Date,
): Promise<{ sessionsEnded: number }> {
  const { link, user } = await findUsableResetToken(db, token, now);
  assertNewPassword(newPassword, { email: user.email, name: user.name }, "newPassword");
  const passwordHash = await hashPassword(newPassword);
  const sessionsEnded = await db.transaction(async (tx) => {
    // Checked and marked in one statement: of two requests racing with one link, the second is refused.
    if (!(await markResetTokenUsed(tx, link.id, now))) throw new AppError("RESET_LINK_USED");
    await setPasswordHash(tx, user.id, passwordHash, now);
    const ended = await revokeUserSessions(tx, user.id);
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "password_reset",
      entityId: user.id,
      actorId: user.id,
      details: { email: user.email, sessionsRevoked: ended },
    });
    return ended;
  });
  forgetUserSessions(user.id);
  return { sessionsEnded };
}
