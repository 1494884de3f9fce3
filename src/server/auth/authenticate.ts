/**
 * Who is asking: reads the session cookie on every request and sets `request.user` (null when signed out).
 * Routes guard themselves with `requireUser` / `requireRole(...)` as an onRequest hook, which answer 401
 * 'Authentication required' and 403 'Insufficient permissions' (docs/product/permissions.md) in one place.
 * onRequest runs before the body is read or validated, so a caller who may not use a route learns nothing from it:
 * no validation details, no rating configuration compiled, the same answer whatever it sent.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { ROLES, type Role } from "../../domain/auth/schemas";
import type { UserRow } from "../db/schema";
import { AppError } from "../errors";
import { findActiveSession, sessionCookieName } from "./sessions";

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: Date;
  /** A broker's firm (null: none) and whether they lead it (docs/product/firms.md). */
  firmId: string | null;
  isFirmLead: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null. Set before any route's own onRequest guard runs. */
    user: AuthUser | null;
    /** The id of the session row behind `user` (for sign-out). */
    sessionId: string | null;
    /** When the session's user last proved who they are (sign-in or re-authentication). */
    reauthenticatedAt: Date | null;
    /** The user's role requires a second factor not yet enrolled: only enrolment is open (see `requireUser`). */
    enrolmentRequired: boolean;
  }
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt,
    firmId: row.firmId,
    isFirmLead: row.isFirmLead,
  };
}

/** Reads the signed cookie; a missing, forged or unknown token simply means "signed out". */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  const cookieName = sessionCookieName(app.config.secureCookies);
  app.decorateRequest("reauthenticatedAt", null);
  app.decorateRequest("enrolmentRequired", false);
  app.addHook("onRequest", async (request) => {
    // Only the API needs to know who is asking; the web app's files and /healthz never cost a session query.
    if (!request.url.startsWith("/api/")) return;
    const raw = request.cookies[cookieName];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    const active = await findActiveSession(app.db, unsigned.value, app.config.sessionLifetimes, app.now());
    if (!active) return;
    request.user = toAuthUser(active.user);
    request.sessionId = active.session.id;
    request.reauthenticatedAt = active.session.reauthenticatedAt;
    request.enrolmentRequired = active.session.enrolmentRequired;
  });
}

/** The signed-in user, or 401. For handlers behind `requireUser`/`requireRole`, where it never throws. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError("AUTHENTICATION_REQUIRED");
  return request.user;
}

/** Who each guard lets through, so the API description can say which operations need a session. */
const guardRoles = new WeakMap<object, readonly Role[]>();

/** The roles a route's onRequest guard(s) admit, or undefined when no guard stands in front of the route. */
export function rolesGuardedBy(onRequest: unknown): readonly Role[] | undefined {
  const handlers = Array.isArray(onRequest) ? onRequest : [onRequest];
  for (const handler of handlers) {
    if (typeof handler === "function" && guardRoles.has(handler)) return guardRoles.get(handler);
  }
  return undefined;
}

/**
 * The signed-in user who may use the product: a user whose role must sign in with a second factor they have not
 * set up is refused everything but enrolment (and /api/me, sign-out), whatever they ask for.
 */
function enrolledUser(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (request.enrolmentRequired) throw new AppError("TWO_FACTOR_ENROLMENT_REQUIRED");
  return user;
}

/** onRequest guard: any signed-in user. */
export const requireUser: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
  enrolledUser(request);
};
guardRoles.set(requireUser, ROLES);

/**
 * onRequest guard: any signed-in user, also one who must still enrol a second factor (who they are, and the
 * enrolment itself).
 */
export const requireUserBeforeEnrolment: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
  currentUser(request);
};
guardRoles.set(requireUserBeforeEnrolment, ROLES);

/** onRequest guard: a signed-in user holding one of `roles` (401 when signed out, 403 otherwise). */
export function requireRole(...roles: readonly Role[]): onRequestAsyncHookHandler {
  const guard: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = enrolledUser(request);
    if (!roles.includes(user.role)) throw new AppError("INSUFFICIENT_PERMISSIONS");
  };
  guardRoles.set(guard, roles);
  return guard;
}

/**
 * onRequest guard: a broker who leads a firm (docs/product/firms.md). Decided before the body is read, like
 * every role guard, so a broker who leads no firm learns nothing from the route.
 */
export const requireFirmLead: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
  const user = currentUser(request);
  if (user.role !== "BROKER" || !user.isFirmLead || user.firmId === null) {
    throw new AppError("INSUFFICIENT_PERMISSIONS");
  }
};
guardRoles.set(requireFirmLead, ["BROKER"]);
