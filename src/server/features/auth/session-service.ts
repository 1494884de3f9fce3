/**
 * A user's sessions (docs/product/permissions.md "Sessions"): a user lists their own and ends any one or all but
 * this one; an administrator ends every session of a user. Every ending is audited in the transaction that does it,
 * and every instance sharing the database drops the ended sessions (src/server/auth/sessions.ts).
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { describeDevice } from "../../../domain/auth/device";
import type { OwnSession } from "../../../domain/auth/schemas";
import { recordAudit } from "../../audit/record";
import {
  forgetSession,
  forgetUserSessions,
  revokeOtherUserSessions,
  revokeSession,
  revokeUserSessions,
} from "../../auth/sessions";
import type { Database } from "../../db/client";
import { sessions } from "../../db/schema";
import { AppError } from "../../errors";
import { findLiveUserById } from "../users/repository";

/** The user's live sessions, the most recently used first. */
export async function listOwnSessions(
  db: Database,
  userId: string,
  currentSessionId: string | null,
  now: Date,
): Promise<OwnSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    signedInAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends one of the user's own sessions (404 for any other, theirs or not, so no one learns of others' sessions).
 * Returns whether it was the session asking, which the caller then signs out.
 */
export async function endOwnSession(
  db: Database,
  userId: string,
  currentSessionId: string | null,
  sessionId: string,
  now: Date,
): Promise<{ current: boolean }> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    if (!row) throw new AppError("NOT_FOUND", "Session not found");
    await revokeSession(tx, sessionId);
    await recordAudit(tx, {
      at: now,
      entityType: "session",
      action: "sessions_ended",
      entityId: sessionId,
      actorId: userId,
      details: { sessionsRevoked: 1, current: sessionId === currentSessionId },
    });
  });
  forgetSession(sessionId);
  return { current: sessionId === currentSessionId };
}

/** Ends every session of the user but the one asking. */
export async function endOtherOwnSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
  now: Date,
): Promise<{ sessionsEnded: number }> {
  const sessionsEnded = await db.transaction(async (tx) => {
    const ended = await revokeOtherUserSessions(tx, userId, currentSessionId);
    await recordAudit(tx, {
      at: now,
      entityType: "session",
      action: "sessions_ended",
      entityId: currentSessionId,
      actorId: userId,
      details: { sessionsRevoked: ended, current: false },
    });
    return ended;
  });
  forgetUserSessions(userId);
  return { sessionsEnded };
}

/** An administrator ends every session of a user (themselves included: they are then signed out). */
export async function endUserSessions(
  db: Database,
  admin: { id: string },
  userId: string,
  now: Date,
): Promise<{ sessionsEnded: number }> {
  const sessionsEnded = await db.transaction(async (tx) => {
    const user = await findLiveUserById(tx, userId);
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    const ended = await revokeUserSessions(tx, userId);
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "sessions_ended",
      entityId: userId,
      actorId: admin.id,
      details: { name: user.name, email: user.email, sessionsRevoked: ended },
    });
    return ended;
  });
  forgetUserSessions(userId);
  return { sessionsEnded };
}
