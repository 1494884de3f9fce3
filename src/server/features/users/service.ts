/**
 * User management (ADMIN only, docs/product/permissions.md): create and delete. Deleting is a soft delete: the user disappears
 * from the list and cannot sign in, their sessions end at once, and their quotes keep showing their name. Every
 * change is audited in the transaction that makes it.
 */
import type { RegisterUser, User } from "../../../domain/auth/schemas";
import {
  AUTHORITY_MESSAGES,
  type Authority,
  authorityOf,
  toAuthorityResponse,
} from "../../../domain/underwriting/authority";
import type { UserWithAuthority } from "../../../domain/underwriting/authority-schema";
import { recordAudit } from "../../audit/record";
import type { AuthUser } from "../../auth/authenticate";
import { assertNewPassword, hashPassword } from "../../auth/passwords";
import { issuePasswordResetToken } from "../../auth/reset-tokens";
import { forgetUserSessions, revokeUserSessions } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { AppError, sqlStateOf } from "../../errors";
import { passwordResetUrl, queuePasswordResetMail } from "../../mail/password-reset-mail";
import { assertBrokerFirm } from "../firms/service";
import {
  findLiveUserByEmail,
  findLiveUserById,
  insertUser,
  setAuthority,
  softDeleteUser,
  toUserResponse,
  toUserWithAuthorityResponse,
} from "./repository";

type Admin = Pick<AuthUser, "id">;
type SendingAdmin = Pick<AuthUser, "id" | "name">;

export async function createUser(db: Database, admin: Admin, request: RegisterUser, now: Date): Promise<User> {
  const { name, email, password, role, firmId, isFirmLead } = request;
  assertNewPassword(password, { email, name });
  await assertBrokerFirm(db, role, { firmId, isFirmLead });
  if (await findLiveUserByEmail(db, email)) throw new AppError("EMAIL_TAKEN");
  const passwordHash = await hashPassword(password);
  try {
    const created = await db.transaction(async (tx) => {
      const row = await insertUser(tx, { name, email, role, passwordHash, firmId, isFirmLead });
      await recordAudit(tx, {
        at: now,
        entityType: "user",
        action: "created",
        entityId: row.id,
        actorId: admin.id,
        details: { name, email, role, ...(firmId ? { firmId, isFirmLead } : {}) },
      });
      return row;
    });
    return toUserResponse(created);
  } catch (error) {
    // Two admins creating the same address at once: the partial unique index decides.
    if (sqlStateOf(error) === "23505") throw new AppError("EMAIL_TAKEN");
    throw error;
  }
}

/** Deletes another user's account (never your own) and ends their sessions. */
export async function deleteUser(db: Database, admin: Admin, id: string, now: Date): Promise<User> {
  if (id === admin.id) throw new AppError("CANNOT_DELETE_SELF");
  const deleted = await db.transaction(async (tx) => {
    const user = await findLiveUserById(tx, id);
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    const row = await softDeleteUser(tx, id, now);
    const sessionsRevoked = await revokeUserSessions(tx, id);
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "deleted",
      entityId: id,
      actorId: admin.id,
      details: { name: user.name, email: user.email, role: user.role, sessionsRevoked },
    });
    return row ?? user;
  });
  forgetUserSessions(id);
  return toUserResponse(deleted);
}

/** Gives an underwriter their authority (docs/product/permissions.md "Authority"); audited with before and after. */
export async function changeAuthority(
  db: Database,
  admin: Admin,
  id: string,
  authority: Authority,
  now: Date,
): Promise<UserWithAuthority> {
  const saved = await db.transaction(async (tx) => {
    const user = await findLiveUserById(tx, id);
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    if (user.role !== "UNDERWRITER") throw new AppError("VALIDATION_FAILED", AUTHORITY_MESSAGES.notUnderwriter);
    const row = await setAuthority(tx, id, authority, now);
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "authority_changed",
      entityId: id,
      actorId: admin.id,
      details: {
        name: user.name,
        email: user.email,
        before: toAuthorityResponse(authorityOf(user.authority)),
        after: toAuthorityResponse(authority),
      },
    });
    return row;
  });
  return toUserWithAuthorityResponse(saved);
}

/**
 * E-mails a user a one-time link to set a new password (docs/product/permissions.md "Passwords"), through the
 * outbox, in the transaction that stores the link: a newer link ends the older ones. The administrator never
 * sees the link, so it proves the user holds the address.
 */
export async function sendPasswordReset(
  db: Database,
  admin: SendingAdmin,
  id: string,
  link: { baseUrl: string; validityMinutes: number },
  now: Date,
): Promise<{ sentTo: string; expiresAt: string }> {
  return db.transaction(async (tx) => {
    const user = await findLiveUserById(tx, id);
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    const { token, expiresAt } = await issuePasswordResetToken(tx, {
      userId: user.id,
      createdBy: admin.id,
      now,
      validityMinutes: link.validityMinutes,
    });
    await queuePasswordResetMail(tx, {
      to: user.email,
      name: user.name,
      link: passwordResetUrl(link.baseUrl, token),
      expiresAt,
      sentBy: admin.name,
      now,
    });
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "password_reset_sent",
      entityId: user.id,
      actorId: admin.id,
      details: { name: user.name, email: user.email, expiresAt: expiresAt.toISOString() },
    });
    return { sentTo: user.email, expiresAt: expiresAt.toISOString() };
  });
}
