/**
 * Signing in and out (docs/product/permissions.md). A failed sign-in answers 'Invalid email or password' whether or not
 * the address has an account, after the same argon2 work; an address with too many recent failures is locked for
 * a while; every attempt is audited in the transaction that records it.
 */
import type { Login, User } from "../../../domain/auth/schemas";
import { recordAudit } from "../../audit/record";
import { verifyAgainstDummy, verifyPassword } from "../../auth/passwords";
import { type CreatedSession, createSession, forgetSession, revokeSession } from "../../auth/sessions";
import { clearFailedSignIns, findSignInLock, recordFailedSignIn } from "../../auth/throttle";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findLiveUserByEmail, toUserResponse } from "../users/repository";

export const INVALID_CREDENTIALS = "Invalid email or password";

function lockedMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The browser signing in: the session it already holds (if any) and what identifies it. */
export interface SignInClient {
  sessionId: string | null;
  userAgent: string | undefined;
  ip: string;
}

export type SignInResult =
  | { signedIn: true; user: User; session: CreatedSession }
  /** The address is locked: the answer to send, and how many seconds until it may try again. */
  | { signedIn: false; refusal: AppError; retryAfterSeconds: number };

export async function signIn(
  db: Database,
  { email, password }: Login,
  client: SignInClient,
  now: Date,
): Promise<SignInResult> {
  const lockedUntil = await findSignInLock(db, email, now);
  if (lockedUntil) {
    await recordAudit(db, {
      entityType: "session",
      action: "login_failed",
      entityId: null,
      actorId: null,
      details: { email, reason: "locked" },
    });
    return {
      signedIn: false,
      refusal: AppError.tooManyRequests(lockedMessage(lockedUntil, now), "ACCOUNT_LOCKED"),
      retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)),
    };
  }
  const user = await findLiveUserByEmail(db, email);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    await db.transaction(async (tx) => {
      await recordFailedSignIn(tx, email, now);
      await recordAudit(tx, {
        entityType: "session",
        action: "login_failed",
        entityId: null,
        actorId: null,
        details: { email, reason: "invalid_credentials" },
      });
    });
    throw AppError.unauthorized(INVALID_CREDENTIALS, "INVALID_CREDENTIALS");
  }
  // A new session on every sign-in (never reuse one the browser already held: session fixation).
  const session = await db.transaction(async (tx) => {
    if (client.sessionId) await revokeSession(tx, client.sessionId);
    await clearFailedSignIns(tx, email);
    const created = await createSession(tx, user.id, now, { userAgent: client.userAgent, ip: client.ip });
    await recordAudit(tx, {
      entityType: "session",
      action: "login",
      entityId: created.session.id,
      actorId: user.id,
      details: { email },
    });
    return created;
  });
  if (client.sessionId) forgetSession(client.sessionId);
  return { signedIn: true, user: toUserResponse(user), session };
}

/** Ends the session and audits it. */
export async function signOut(db: Database, userId: string, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    await recordAudit(tx, { entityType: "session", action: "logout", entityId: sessionId, actorId: userId });
  });
  forgetSession(sessionId);
}
