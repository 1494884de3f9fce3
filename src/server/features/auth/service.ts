/**
 * Signing in and out (docs/product/permissions.md). A failed sign-in answers 'Invalid email or password' whether or not
 * the address has an account, after the same argon2 work; an account with too many recent failures from one client
 * address is locked for that address for a while (and, after far more, for every address); a client address that
 * tries too often is slowed down; every attempt is audited in the transaction that records it.
 */
import type { Login, User } from "../../../domain/auth/schemas";
import { recordAudit } from "../../audit/record";
import type { KnownDevice } from "../../auth/device-tokens";
import { verifyAgainstDummy, verifyPassword } from "../../auth/passwords";
import {
  type CreatedSession,
  createSession,
  forgetSession,
  revokeSession,
  type SessionLifetimes,
} from "../../auth/sessions";
import {
  type AddressLimit,
  clearFailedSignIns,
  countSignInAttempt,
  findSignInLock,
  recordFailedSignIn,
  type SignInLock,
  waitInWords,
} from "../../auth/throttle";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../errors";
import { findLiveUserByEmail, toUserResponse } from "../users/repository";
import { mustEnrol, openSecondFactorStep } from "./two-factor-service";

/** How the audit log names a refusal by each lock. */
const LOCK_REASONS: Readonly<Record<SignInLock["scope"], string>> = {
  pair: "locked",
  account: "account_locked",
  device: "device_locked",
};

export function lockedMessage(lock: SignInLock, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lock.until.getTime() - now.getTime()) / 60_000));
  const wait = `${minutes} minute${minutes === 1 ? "" : "s"}`;
  if (lock.scope === "account") {
    // Someone is guessing this account's password from many places: only browsers it has signed in on get through.
    return `Too many failed sign-in attempts for this account from browsers it has not signed in on. Sign in from a browser you have used before, or try again in ${wait}.`;
  }
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}

/** The browser signing in: the session it already holds (if any) and what identifies it. */
export interface SignInClient {
  sessionId: string | null;
  userAgent: string | undefined;
  ip: string;
  /** The device token the browser holds for this account, when genuine (undefined: an unknown device). */
  device: KnownDevice | undefined;
}

export type SignInResult =
  | { signedIn: true; user: User; session: CreatedSession; mustEnrol: boolean }
  /** The password is right and the user has a second factor: the second step's token, until it expires. */
  | { signedIn: false; secondFactor: { token: string; expiresAt: Date } }
  /** Refused before the password was checked: the answer to send, and how many seconds until it may try again. */
  | { signedIn: false; secondFactor?: undefined; refusal: AppError; retryAfterSeconds: number };

/**
 * Starts the session of a user who has proved who they are (password, and the second factor when they have one),
 * in the caller's transaction. A new session on every sign-in (never reuse one the browser already held: session
 * fixation). A user whose role must use a second factor they have not set up gets a session open only to enrolment.
 */
export async function startSignedInSession(
  tx: Database,
  user: UserRow,
  client: SignInClient,
  lifetimes: SessionLifetimes,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<{ session: CreatedSession; mustEnrol: boolean }> {
  const enrol = await mustEnrol(tx, user);
  if (client.sessionId) await revokeSession(tx, client.sessionId);
  await clearFailedSignIns(tx, user.email, client.ip, client.device);
  const created = await createSession(tx, user.id, lifetimes[user.role], now, {
    userAgent: client.userAgent,
    ip: client.ip,
    enrolmentRequired: enrol,
  });
  await recordAudit(tx, {
    at: now,
    entityType: "session",
    action: "login",
    entityId: created.session.id,
    actorId: user.id,
    details: { email: user.email, ...details },
  });
  return { session: created, mustEnrol: enrol };
}

export async function signIn(
  db: Database,
  { email, password }: Login,
  client: SignInClient,
  addressLimit: AddressLimit,
  lifetimes: SessionLifetimes,
  now: Date,
): Promise<SignInResult> {
  const waitMs = await countSignInAttempt(db, client.ip, addressLimit, now);
  if (waitMs !== undefined) {
    return {
      signedIn: false,
      refusal: new AppError("RATE_LIMITED", `Too many requests. Try again in ${waitInWords(waitMs)}.`),
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    };
  }
  const lock = await findSignInLock(db, email, client.ip, client.device, now);
  if (lock) {
    await recordAudit(db, {
      at: now,
      entityType: "session",
      action: "login_failed",
      entityId: null,
      actorId: null,
      details: { email, reason: LOCK_REASONS[lock.scope] },
    });
    return {
      signedIn: false,
      refusal: new AppError("ACCOUNT_LOCKED", lockedMessage(lock, now)),
      retryAfterSeconds: Math.max(1, Math.ceil((lock.until.getTime() - now.getTime()) / 1000)),
    };
  }
  const user = await findLiveUserByEmail(db, email);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    await db.transaction(async (tx) => {
      const { accountLockedUntil } = await recordFailedSignIn(tx, email, client.ip, client.device, now);
      await recordAudit(tx, {
        at: now,
        entityType: "session",
        action: "login_failed",
        entityId: null,
        actorId: null,
        details: { email, reason: "invalid_credentials" },
      });
      // Failures from many addresses at once: the account now refuses unknown browsers, which administrators must see.
      if (accountLockedUntil) {
        await recordAudit(tx, {
          at: now,
          entityType: "session",
          action: "login_failed",
          entityId: null,
          actorId: null,
          details: { email, reason: "account_locked_everywhere", lockedUntil: accountLockedUntil.toISOString() },
        });
      }
    });
    throw new AppError("INVALID_CREDENTIALS");
  }
  if (user.totpEnabledAt) return { signedIn: false, secondFactor: await openSecondFactorStep(db, user.id, now) };
  const started = await db.transaction((tx) => startSignedInSession(tx, user, client, lifetimes, now));
  if (client.sessionId) forgetSession(client.sessionId);
  return { signedIn: true, user: toUserResponse(user), session: started.session, mustEnrol: started.mustEnrol };
}

/** Ends the session and audits it. */
export async function signOut(db: Database, userId: string, sessionId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId);
    await recordAudit(tx, { at: now, entityType: "session", action: "logout", entityId: sessionId, actorId: userId });
  });
  forgetSession(sessionId);
}
