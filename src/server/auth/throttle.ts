/**
 * Sign-in throttling, kept in the database so every app instance counts the same attempts (docs/product/permissions.md).
 *
 * Attempts from a known device (a browser holding a valid device token for the account, ./device-tokens.ts) and
 * from unknown devices are counted apart, so a stranger can never lock the owner out of the browsers they use:
 * - Known device: failures are counted per device token; MAX_FAILED_SIGN_INS within the window lock that token
 *   (a stolen device cookie buys no more guesses than one address does). Nothing else refuses a known device.
 * - Unknown devices: failures are counted per (account, client address): MAX_FAILED_SIGN_INS within the window
 *   lock that pair, so someone guessing from one address is stopped; and per account, whatever the address:
 *   MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES within the window refuse every unknown device for the account for
 *   SIGN_IN_LOCK_MS, so guessing spread over many addresses is bounded. That lock is written to the audit log.
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
import type { KnownDevice } from "./device-tokens";

export const MAX_FAILED_SIGN_INS = 5;
/** With the lock below: at most about 40 guesses an hour at one account from browsers it has not seen. */
export const MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES = 20;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LOCK_MS = 15 * 60 * 1000;

const pairKey = (email: string, address: string) => `pair ${address} ${email}`;
const accountKey = (email: string) => `account ${email}`;
const addressKey = (address: string) => `address ${address}`;
const deviceKey = (device: KnownDevice) => `device ${device.id} ${device.email}`;

export interface SignInLock {
  until: Date;
  /**
   * "pair": this account from this address; "account": this account from every unknown device;
   * "device": this account from this known device.
   */
  scope: "pair" | "account" | "device";
}

/** The keys whose locks refuse an attempt: a known device answers only for itself. */
function lockKeys(email: string, address: string, device: KnownDevice | undefined): string[] {
  return device ? [deviceKey(device)] : [pairKey(email, address), accountKey(email)];
}

/**
 * The lock that refuses this account from this address and device (undefined: an unknown device), the
 * later-ending one if several apply; otherwise undefined.
 */
export async function findSignInLock(
  db: Database,
  email: string,
  address: string,
  device: KnownDevice | undefined,
  now: Date,
): Promise<SignInLock | undefined> {
  const rows = await db
    .select({ key: signInCounters.key, lockedUntil: signInCounters.lockedUntil })
    .from(signInCounters)
    .where(and(inArray(signInCounters.key, lockKeys(email, address, device)), gt(signInCounters.lockedUntil, now)));
  let lock: SignInLock | undefined;
  for (const row of rows) {
    if (!row.lockedUntil || (lock && lock.until >= row.lockedUntil)) continue;
    const scope = device ? "device" : row.key === accountKey(email) ? "account" : "pair";
    lock = { until: row.lockedUntil, scope };
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
 * Counts a failed sign-in: from a known device against that device alone; from an unknown one for the pair and
 * for the account's unknown devices, locking whichever reached its limit. Returns when the lock on the account's
 * unknown devices ends if this failure started it (the caller audits it).
 */
export async function recordFailedSignIn(
  db: Database,
  email: string,
  address: string,
  device: KnownDevice | undefined,
  now: Date,
): Promise<{ accountLockedUntil: Date | undefined }> {
  const until = new Date(now.getTime() + SIGN_IN_LOCK_MS);
  if (device) {
    const known = await countOne(db, deviceKey(device), now, FAILED_SIGN_IN_WINDOW_MS);
    if (known.count >= MAX_FAILED_SIGN_INS) await lockKey(db, deviceKey(device), until, now);
    return { accountLockedUntil: undefined };
  }
  const pair = await countOne(db, pairKey(email, address), now, FAILED_SIGN_IN_WINDOW_MS);
  if (pair.count >= MAX_FAILED_SIGN_INS) await lockKey(db, pairKey(email, address), until, now);
  const account = await countOne(db, accountKey(email), now, FAILED_SIGN_IN_WINDOW_MS);
  if (account.count < MAX_FAILED_SIGN_INS_FROM_UNKNOWN_DEVICES) return { accountLockedUntil: undefined };
  await lockKey(db, accountKey(email), until, now);
  return { accountLockedUntil: until };
}

/**
 * A successful sign-in forgets this address's and this device's failures for the account (not the count of the
 * account's unknown devices, which only the window ends).
 */
export async function clearFailedSignIns(
  db: Database,
  email: string,
  address: string,
  device: KnownDevice | undefined,
): Promise<void> {
  const keys = [pairKey(email, address), ...(device ? [deviceKey(device)] : [])];
  await db.delete(signInCounters).where(inArray(signInCounters.key, keys));
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
