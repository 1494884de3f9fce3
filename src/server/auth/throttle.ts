/**
 * Sign-in throttling, kept in the database so every app instance counts the same attempts (docs/product/permissions.md).
 *
 * - Failed sign-ins are counted per (account, client address): MAX_FAILED_SIGN_INS within the window lock that pair,
 *   so someone guessing from one address is stopped, while the account's owner signing in from elsewhere is not
 *   refused because of them.
 * - Failed sign-ins are also counted per account, whatever the address: MAX_FAILED_SIGN_INS_PER_ACCOUNT within the
 *   window locks the account everywhere, against guessing spread over many addresses. The lock is written to the
 *   audit log for administrators.
 * - Every sign-in attempt is counted per client address (the request rate limit).
 *
 * The same table counts business writes per user (src/server/auth/write-limits.ts), each under its own key.
 *
 * An account is the normalised e-mail whether or not such an account exists, so a lock tells an attacker nothing
 * about which addresses are real.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { signInCounters } from "../db/schema";

export const MAX_FAILED_SIGN_INS = 5;
export const MAX_FAILED_SIGN_INS_PER_ACCOUNT = 100;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LOCK_MS = 15 * 60 * 1000;

const pairKey = (email: string, address: string) => `pair ${address} ${email}`;
const accountKey = (email: string) => `account ${email}`;
const addressKey = (address: string) => `address ${address}`;

export interface SignInLock {
  until: Date;
  /** "pair": this account from this address; "account": this account from every address. */
  scope: "pair" | "account";
}

/** The lock that refuses this account from this address, the later-ending one if both apply; otherwise undefined. */
export async function findSignInLock(
  db: Database,
  email: string,
  address: string,
  now: Date,
): Promise<SignInLock | undefined> {
  const rows = await db
    .select({ key: signInCounters.key, lockedUntil: signInCounters.lockedUntil })
    .from(signInCounters)
    .where(
      and(
        inArray(signInCounters.key, [pairKey(email, address), accountKey(email)]),
        gt(signInCounters.lockedUntil, now),
      ),
    );
  let lock: SignInLock | undefined;
  for (const row of rows) {
    if (!row.lockedUntil || (lock && lock.until >= row.lockedUntil)) continue;
    lock = { until: row.lockedUntil, scope: row.key === accountKey(email) ? "account" : "pair" };
  }
  return lock;
}

/** Adds one to the counter, restarting it when its window has passed; returns the count and when the window began. */
async function countOne(
  db: Database,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStartedAt: Date }> {
  const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(signInCounters)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInCounters.key,
      set: {
        count: sql`case when ${signInCounters.windowStartedAt} <= ${windowStart} then 1 else ${signInCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${signInCounters.windowStartedAt} <= ${windowStart} then ${nowSql} else ${signInCounters.windowStartedAt} end`,
      },
    })
    .returning({ count: signInCounters.count, windowStartedAt: signInCounters.windowStartedAt });
  return row ?? { count: 1, windowStartedAt: now };
}

/** Locks the key; the count restarts so that, once the lock ends, there is a fresh allowance rather than one try. */
async function lockKey(db: Database, key: string, until: Date, now: Date): Promise<void> {
  await db
    .update(signInCounters)
    .set({ lockedUntil: until, count: 0, windowStartedAt: now })
    .where(eq(signInCounters.key, key));
}

/**
 * Counts a failed sign-in for the pair and for the account, locking whichever reached its limit.
 * Returns when the account-wide lock ends if this failure started it (the caller audits it).
 */
export async function recordFailedSignIn(
  db: Database,
  email: string,
  address: string,
  now: Date,
): Promise<{ accountLockedUntil: Date | undefined }> {
  const until = new Date(now.getTime() + SIGN_IN_LOCK_MS);
  const pair = await countOne(db, pairKey(email, address), now, FAILED_SIGN_IN_WINDOW_MS);
  if (pair.count >= MAX_FAILED_SIGN_INS) await lockKey(db, pairKey(email, address), until, now);
  const account = await countOne(db, accountKey(email), now, FAILED_SIGN_IN_WINDOW_MS);
  if (account.count < MAX_FAILED_SIGN_INS_PER_ACCOUNT) return { accountLockedUntil: undefined };
  await lockKey(db, accountKey(email), until, now);
  return { accountLockedUntil: until };
}

/** A successful sign-in forgets this address's failures for the account (not the account-wide count). */
export async function clearFailedSignIns(db: Database, email: string, address: string): Promise<void> {
  await db.delete(signInCounters).where(eq(signInCounters.key, pairKey(email, address)));
}

export interface AddressLimit {
  /** Sign-in attempts allowed per client address per window. */
  max: number;
  windowMs: number;
}

/**
 * Counts one request under `key` in the shared counters; when it is over the limit, how many milliseconds until the
 * window ends (otherwise undefined). The one way the product limits how often something is done: sign-in attempts
 * per client address here, business writes per user (src/server/auth/write-limits.ts).
 */
export async function countInWindow(
  db: Database,
  key: string,
  limit: AddressLimit,
  now: Date,
): Promise<number | undefined> {
  const { count, windowStartedAt } = await countOne(db, key, now, limit.windowMs);
  if (count <= limit.max) return undefined;
  return Math.max(1000, windowStartedAt.getTime() + limit.windowMs - now.getTime());
}

/** Counts a sign-in attempt from the address (see `countInWindow`). */
export function countSignInAttempt(
  db: Database,
  address: string,
  limit: AddressLimit,
  now: Date,
): Promise<number | undefined> {
  return countInWindow(db, addressKey(address), limit, now);
}

/** A wait as the refusal says it: "40 seconds", "2 minutes". */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
