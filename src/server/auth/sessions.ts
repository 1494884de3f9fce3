/**
 * Database sessions (ARCHITECTURE: any number of instances share one PostgreSQL). The cookie carries a random
 * 32-byte token; the table keeps only its SHA-256, so a copy of the database cannot be replayed as cookies.
 * Sessions end after 8 hours without use (idle) and 7 days after sign-in (absolute), whichever comes first.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { type SessionRow, sessions, type UserRow, users } from "../db/schema";

export const SESSION_COOKIE = "pqe_session";
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Sliding the idle expiry costs a write; doing it at most once a minute keeps reads cheap. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface CreatedSession {
  token: string;
  session: SessionRow;
}

export async function createSession(
  db: Database,
  userId: string,
  now: Date,
  meta: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<CreatedSession> {
  const token = newSessionToken();
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime())),
      absoluteExpiresAt,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip ?? null,
    })
    .returning();
  if (!session) throw new Error("Session insert returned no row");
  return { token, session };
}

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
}

/**
 * The live session and user for a cookie token, or null when unknown, expired, or the user was deleted.
 * An expired session is deleted on sight; a live one has its idle expiry slid forward.
 */
export async function findActiveSession(db: Database, token: string, now: Date): Promise<ActiveSession | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  const { session } = row;
  if (session.idleExpiresAt <= now || session.absoluteExpiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    const idleExpiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.id, session.id));
    return { session: { ...session, lastSeenAt: now, idleExpiresAt }, user: row.user };
  }
  return row;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: Database, userId: string): Promise<number> {
  const removed = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return removed.length;
}
