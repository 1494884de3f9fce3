/**
 * Which roles must sign in with a second factor (docs/product/permissions.md "Two-factor sign-in"): a setting an
 * administrator changes on User Management, audited. A database made without the demo users starts with
 * ADMIN and UNDERWRITER; one made with them starts with none, so the demo's sign-in stays one step.
 */
import { eq } from "drizzle-orm";
import { ROLES, type Role } from "../../domain/auth/schemas";
import { DEFAULT_TWO_FACTOR_ROLES } from "../../domain/auth/two-factor";
import { recordAudit } from "../audit/record";
import type { Database } from "../db/client";
import { appSettings } from "../db/schema";
import type { AuthUser } from "./authenticate";

const REQUIRED_ROLES_KEY = "two_factor_required_roles";

function asRoles(value: unknown): Role[] {
  return Array.isArray(value) ? ROLES.filter((role) => value.includes(role)) : [...DEFAULT_TWO_FACTOR_ROLES];
}

export async function twoFactorRequiredRoles(db: Database): Promise<Role[]> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, REQUIRED_ROLES_KEY)).limit(1);
  return row ? asRoles(row.value) : [...DEFAULT_TWO_FACTOR_ROLES];
}

/** Writes the first value of the setting (first start, or the first start after the setting arrived), if none. */
export async function initialiseTwoFactorPolicy(db: Database, withDemoUsers: boolean, now: Date): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: REQUIRED_ROLES_KEY, value: withDemoUsers ? [] : [...DEFAULT_TWO_FACTOR_ROLES], updatedAt: now })
    .onConflictDoNothing();
}

export async function setTwoFactorRequiredRoles(
  db: Database,
  actor: AuthUser,
  requiredRoles: readonly Role[],
  now: Date,
): Promise<Role[]> {
  const roles = asRoles(requiredRoles);
  await db.transaction(async (tx) => {
    const before = await twoFactorRequiredRoles(tx);
    await tx
      .insert(appSettings)
      .values({ key: REQUIRED_ROLES_KEY, value: roles, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: roles, updatedAt: now, updatedBy: actor.id } });
    await recordAudit(tx, {
      at: now,
      entityType: "user",
      action: "two_factor_policy_changed",
      entityId: null,
      actorId: actor.id,
      details: { before, after: roles },
    });
  });
  return roles;
}
