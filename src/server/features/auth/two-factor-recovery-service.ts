/**
 * The ways back when a second factor is lost or its recovery codes run low (docs/product/permissions.md
 * "Two-factor sign-in"): an administrator resets another user's second factor, and a user with a current code
 * renews their recovery codes.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { RECOVERY_CODE_COUNT, type RenewedRecoveryCodes } from "../../../domain/auth/two-factor";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import { forgetUserSessions, revokeUserSessions } from "../../auth/sessions";
import { hashRecoveryCode, newRecoveryCode } from "../../auth/totp";
import { twoFactorRequiredRoles } from "../../auth/two-factor-policy";
import type { Database } from "../../db/client";
import { recoveryCodes, signInChallenges, users } from "../../db/schema";
import { AppError } from "../../errors";
import { findLiveUserById } from "../users/repository";
import {
  type CodeClient,
  countWrongCode,
  enrolledUserForCode,
  type Refusal,
  spendSecondFactor,
} from "./two-factor-service";

export interface TwoFactorReset {
  sessionsEnded: number;
  /** The user's role must use a second factor: their next sign-in takes them to enrolment. */
  mustEnrol: boolean;
}

/**
 * For a user who lost their phone and their recovery codes: the secret and the recovery codes go, every session
 * of the user ends (whoever holds one is out), and a second step of signing in already opened closes. Never for
 * oneself: an administrator changes their own second factor on Account, with their own code.
 */
export async function resetTwoFactor(
  db: Database,
  admin: Pick<AuthUser, "id">,
  id: string,
  now: Date,
): Promise<TwoFactorReset> {
  if (id === admin.id) throw new AppError("CANNOT_RESET_OWN_TWO_FACTOR");
  const requiredRoles = await twoFactorRequiredRoles(db);
  const reset = await db.transaction(async (tx) => {
    const user = await findLiveUserById(tx, id);
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    // Conditional, so that of two administrators resetting at once only one resets and audits.
    const [cleared] = await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
      .where(and(eq(users.id, id), isNotNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!cleared) throw new AppError("TWO_FACTOR_NOT_STARTED", `${user.name} does not have two-factor sign-in on`);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
    await tx
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(eq(signInChallenges.userId, id), isNull(signInChallenges.usedAt)));
    const sessionsEnded = await revokeUserSessions(tx, id);
    const mustEnrol = requiredRoles.includes(user.role);
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "two_factor_reset",
      entityId: id,
      actorId: admin.id,
      details: { name: user.name, email: user.email, sessionsEnded, mustEnrol },
    });
    return { sessionsEnded, mustEnrol };
  });
  forgetUserSessions(id);
  return reset;
}

/**
 * Replaces every recovery code of the signed-in user with RECOVERY_CODE_COUNT new ones, answered this once. A
 * current authenticator code proves it is the user (a wrong one counts as a wrong password does); the answer
 * says how many of the old codes were still unused.
 */
export async function renewRecoveryCodes(
  db: Database,
  user: AuthUser,
  sessionId: string,
  code: string,
  client: CodeClient,
  now: Date,
): Promise<RenewedRecoveryCodes | Refusal> {
  const found = await enrolledUserForCode(db, user, client, now);
  if ("refusal" in found) return found;
  const { row } = found;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const renewed = await db.transaction(async (tx) => {
    if (!(await spendSecondFactor(tx, row, code, now))) return undefined;
    const previous = await tx
      .delete(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id))
      .returning({ usedAt: recoveryCodes.usedAt });
    const previousCodesLeft = previous.filter((c) => c.usedAt === null).length;
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(user.id, c), createdAt: now })));
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "recovery_codes_renewed",
      entityId: user.id,
      actorId: user.id,
      details: { email: row.email, previousCodesLeft },
    });
    return { recoveryCodes: codes, previousCodesLeft };
  });
  if (!renewed) {
    await countWrongCode(db, row, client, "invalid_second_factor", sessionId, now);
    throw new AppError("INVALID_SECOND_FACTOR");
  }
  return renewed;
}
