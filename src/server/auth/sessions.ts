/**
 * Database sessions (ARCHITECTURE: any number of instances share one PostgreSQL). The cookie carries a random
 * 32-byte token; the table keeps only its SHA-256, so a copy of the database cannot be replayed as cookies.
 * Sessions end after a while without use (idle) and a while after sign-in (absolute), whichever comes first; both
 * are set per role by the configuration (by default 30 minutes and 12 hours, OWASP ASVS level 2).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Role } from "../../domain/auth/schemas";
import type { Database } from "../db/client";
import { announce, subscribeToCacheNotices } from "../db/notify";
import { type SessionRow, sessions, type UserRow, users } from "../db/schema";

/** The cookie's name over http (development, tests). */
export const SESSION_COOKIE = "pqe_session";

/**
 * Over https the cookie is `__Host-` prefixed: browsers then accept it only when Secure, with Path=/ and no Domain,
 * so no sibling host or plain-http page can plant or shadow it. Over http a browser would refuse such a cookie.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** How long a session lives without use (idle) and in all (absolute), in milliseconds. */
export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

export type SessionLifetimes = Record<Role, SessionLifetime>;

/** OWASP ASVS 4.0 level 2 (V3.3.2): 30 minutes idle, 12 hours in all. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
export const DEFAULT_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/**
 * Sliding the idle expiry costs a write; doing it at most once a minute keeps reads cheap. It is also the longest
 * this process trusts a session it has read without asking the database again (see `findActiveSession`): the
 * stated bound when no notice arrives (docs/deploy.md, "What each instance caches").
 */
export const TOUCH_INTERVAL_MS = 60 * 1000;

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
  lifetime: SessionLifetime,
  now: Date,
  meta: { userAgent?: string | undefined; ip?: string | undefined; enrolmentRequired?: boolean } = {},
): Promise<CreatedSession> {
  const token = newSessionToken();
  const absoluteExpiresAt = new Date(now.getTime() + lifetime.absoluteMs);
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(Math.min(now.getTime() + lifetime.idleMs, absoluteExpiresAt.getTime())),
      absoluteExpiresAt,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip ?? null,
      // Signing in is proving who you are: the actions that ask again do not ask right after it.
      reauthenticatedAt: now,
      enrolmentRequired: meta.enrolmentRequired ?? false,
    })
    .returning();
  if (!session) throw new Error("Session insert returned no row");
  return { token, session };
}

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
}

/*
 * Sessions this process has read lately, by token hash. A cached session is trusted only until its last touch
 * is TOUCH_INTERVAL_MS old, i.e. exactly when the database would be written anyway: so every request still
 * reaches the database at least once a minute per session. Ending sessions (sign-out, a user's sessions ended)
 * drops the entries in this process after the commit, and on PostgreSQL every other instance drops them when the
 * notice sent in the same transaction arrives (src/server/db/notify.ts), in milliseconds; the minute is the bound
 * only while notices cannot arrive. Token hashes, session ids and user ids are random, so one cache serves every
 * database a process opens (tests open many).
 */
const MAX_CACHED_SESSIONS = 10_000;
const sessionCache = new Map<string, ActiveSession>();

function cacheSession(tokenHash: string, active: ActiveSession): void {
  sessionCache.delete(tokenHash);
  sessionCache.set(tokenHash, active);
  if (sessionCache.size > MAX_CACHED_SESSIONS) {
    const oldest = sessionCache.keys().next().value;
    if (oldest !== undefined) sessionCache.delete(oldest);
  }
}

/*
 * Bumped whenever entries are dropped. A read that started before a drop may have fetched the row the drop was
 * about (the revocation not yet committed): it answers its own request but is not cached, or the ended session
 * would live on here for up to a minute.
 */
let forgetGeneration = 0;

function forgetSessions(matches: (active: ActiveSession) => boolean): void {
  forgetGeneration += 1;
  for (const [tokenHash, active] of sessionCache) if (matches(active)) sessionCache.delete(tokenHash);
}

function isExpired(session: SessionRow, now: Date): boolean {
  return session.idleExpiresAt <= now || session.absoluteExpiresAt <= now;
}

function needsTouch(session: SessionRow, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS;
}

function prepareFindSession(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), isNull(users.deletedAt)))
    .limit(1)
    .prepare("find_active_session");
}

/** Every API request may look its session up: prepared once per database, never rebuilt per request. */
const preparedFinds = new WeakMap<Database, ReturnType<typeof prepareFindSession>>();

/**
 * The live session and user for a cookie token, or null when unknown, expired, or the user was deleted.
 * An expired session is deleted on sight; a live one has its idle expiry slid forward. Within a minute of its
 * last touch a session read before is answered from this process's memory.
 */
export async function findActiveSession(
  db: Database,
  token: string,
  lifetimes: SessionLifetimes,
  now: Date,
): Promise<ActiveSession | null> {
  const tokenHash = hashToken(token);
  const cached = sessionCache.get(tokenHash);
  if (cached) {
    if (!isExpired(cached.session, now) && !needsTouch(cached.session, now) && now >= cached.session.lastSeenAt) {
      return cached;
    }
    sessionCache.delete(tokenHash);
  }
  const generation = forgetGeneration;
  let prepared = preparedFinds.get(db);
  if (!prepared) {
    prepared = prepareFindSession(db);
    preparedFinds.set(db, prepared);
  }
  const [row] = await prepared.execute({ tokenHash });
  if (!row) return null;
  const { session } = row;
  if (isExpired(session, now)) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  let active: ActiveSession = row;
  if (needsTouch(session, now)) {
    // The idle lifetime of the user's role now: a role changed since sign-in slides by its new lifetime.
    const idleMs = lifetimes[row.user.role].idleMs;
    const idleExpiresAt = new Date(Math.min(now.getTime() + idleMs, session.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.id, session.id));
    active = { session: { ...session, lastSeenAt: now, idleExpiresAt }, user: row.user };
  }
  if (generation === forgetGeneration) cacheSession(tokenHash, active);
  return active;
}

/**
 * Drops a session from this process's memory. Revoking does so too, but inside a transaction a request could
 * read the still-committed row again before the commit: callers repeat it once the revocation has committed.
 * Other instances drop it when the revocation's notice arrives.
 */
export function forgetSession(sessionId: string): void {
  forgetSessions((active) => active.session.id === sessionId);
}

/** Drops every session of a user from this process's memory (see `forgetSession`). */
export function forgetUserSessions(userId: string): void {
  forgetSessions((active) => active.session.userId === userId);
}

subscribeToCacheNotices({
  onNotice(notice) {
    if (notice.kind === "session") forgetSession(notice.sessionId);
    else if (notice.kind === "user-sessions") forgetUserSessions(notice.userId);
  },
  // Notices may have been missed: no cached session can be trusted without asking the database again.
  onGap: () => forgetSessions(() => true),
});

/** Ends a session, and tells every instance sharing the database once the caller's transaction commits. */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  forgetSession(sessionId);
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await announce(db, { kind: "session", sessionId });
}

/**
 * Ends every session of a user (deleted, deactivated, password changed), and tells every instance sharing the
 * database once the caller's transaction commits.
 */
export async function revokeUserSessions(db: Database, userId: string): Promise<number> {
  forgetUserSessions(userId);
  const removed = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await announce(db, { kind: "user-sessions", userId });
  return removed.length;
}

/**
 * A user's sessions stay signed in but what they hold of the user changed (their firm): every instance sharing
 * the database drops its cached copies once the caller's transaction commits, and reads the user afresh.
 */
export async function announceUserChanged(db: Database, userId: string): Promise<void> {
  await announce(db, { kind: "user-sessions", userId });
}

/**
 * Ends every session of a user but `keepSessionId` (their own password changed on this device), and tells every
 * instance sharing the database once the caller's transaction commits.
 */
export async function revokeOtherUserSessions(db: Database, userId: string, keepSessionId: string): Promise<number> {
  forgetUserSessions(userId);
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  await announce(db, { kind: "user-sessions", userId });
  return removed.length;
}
