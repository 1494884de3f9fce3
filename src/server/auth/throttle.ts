/**
 * Per-account sign-in throttling, kept in the database so every instance sees it. Keyed by the normalised
 * e-mail whether or not an account exists, so a lock tells an attacker nothing about which addresses are real.
 * Per-address (IP) limiting is separate (@fastify/rate-limit on the route).
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { loginThrottles } from "../db/schema";

export const MAX_FAILED_SIGN_INS = 5;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LOCK_MS = 15 * 60 * 1000;

/** When the account is locked, the time the lock ends; otherwise undefined. */
export async function findSignInLock(db: Database, email: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.email, email));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;
}

/** Counts a failure; the MAX_FAILED_SIGN_INS-th within the window locks the account. Returns the lock end if it did. */
export async function recordFailedSignIn(db: Database, email: string, now: Date): Promise<Date | undefined> {
  const windowStart = sql`${new Date(now.getTime() - FAILED_SIGN_IN_WINDOW_MS).toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ email, failedCount: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.email,
      set: {
        failedCount: sql`case when ${loginThrottles.windowStartedAt} <= ${windowStart} then 1 else ${loginThrottles.failedCount} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} <= ${windowStart} then ${nowSql} else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning({ failedCount: loginThrottles.failedCount });
  if (!row || row.failedCount < MAX_FAILED_SIGN_INS) return undefined;
  const lockedUntil = new Date(now.getTime() + SIGN_IN_LOCK_MS);
  // The count restarts so that, once the lock ends, the account gets a fresh allowance rather than one try.
  await db
    .update(loginThrottles)
    .set({ lockedUntil, failedCount: 0, windowStartedAt: now })
    .where(eq(loginThrottles.email, email));
  return lockedUntil;
}

export async function clearFailedSignIns(db: Database, email: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.email, email));
}
