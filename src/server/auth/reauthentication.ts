/**
 * Re-authentication (docs/product/permissions.md "Re-authentication"): the actions that could take the product over
 * if a session were stolen or a screen left open (users created or deleted, a rating version published, one's own
 * second factor changed) need the password or a code given on this session within the last
 * REAUTHENTICATION_MINUTES (5 unless the deployment sets it). A fresh sign-in counts. Otherwise 403 REAUTHENTICATION_REQUIRED, and the browser asks.
 */

import { eq } from "drizzle-orm";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Database } from "../db/client";
import { announce } from "../db/notify";
import { sessions } from "../db/schema";
import { AppError } from "../errors";
import { forgetSession } from "./sessions";

/** Whether the session's user proved who they are recently enough for an action that asks again. */
export function reauthenticatedRecently(request: FastifyRequest, now: Date): boolean {
  const at = request.reauthenticatedAt;
  const windowMs = request.server.config.reauthenticationMinutes * 60_000;
  return at !== null && now.getTime() - at.getTime() < windowMs && at <= now;
}

/** onRequest guard, after the role guard: 403 REAUTHENTICATION_REQUIRED unless recently re-authenticated. */
export const requireRecentAuthentication: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
  if (!reauthenticatedRecently(request, request.server.now())) throw new AppError("REAUTHENTICATION_REQUIRED");
};

/** Marks the session as re-authenticated now; every instance re-reads it once the caller's transaction commits. */
export async function markReauthenticated(db: Database, sessionId: string, now: Date): Promise<void> {
  forgetSession(sessionId);
  await db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, sessionId));
  await announce(db, { kind: "session", sessionId });
}
