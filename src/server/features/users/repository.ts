/** Users as stored: look-ups, the insert and the soft delete, and the API's view of a user (never the password hash). */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { User } from "../../../domain/auth/schemas";
import { type Authority, authorityOf, toAuthorityResponse } from "../../../domain/underwriting/authority";
import type { UserWithAuthority } from "../../../domain/underwriting/authority-schema";
import type { AuthUser } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type UserRow, users } from "../../db/schema";

export function toUserResponse(user: UserRow | AuthUser): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    firmId: user.firmId,
    isFirmLead: user.isFirmLead,
  };
}

/**
 * The administrator's view: an underwriter's authority (full when none is stored), null for other roles, and
 * whether the user's second factor is on (never the secret).
 */
export function toUserWithAuthorityResponse(user: UserRow): UserWithAuthority {
  const authority = user.role === "UNDERWRITER" ? toAuthorityResponse(authorityOf(user.authority)) : null;
  return { ...toUserResponse(user), authority, twoFactorOn: user.totpEnabledAt !== null };
}

/** The signed-in underwriter's authority, read at the moment of deciding so a change applies at once. */
export async function findAuthority(db: Database, userId: string): Promise<Authority> {
  const [row] = await db.select({ authority: users.authority }).from(users).where(eq(users.id, userId)).limit(1);
  return authorityOf(row?.authority ?? null);
}

export async function setAuthority(tx: Database, id: string, authority: Authority, now: Date): Promise<UserRow> {
  const [row] = await tx.update(users).set({ authority, updatedAt: now }).where(eq(users.id, id)).returning();
  if (!row) throw new Error("Authority update returned no row");
  return row;
}

/** The live (not deleted) account for an address; e-mails are stored normalised (trimmed, lower case). */
export async function findLiveUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

export async function findLiveUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

export async function listLiveUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).where(isNull(users.deletedAt)).orderBy(asc(users.createdAt), asc(users.email));
}

export async function insertUser(tx: Database, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error("User insert returned no row");
  return row;
}

/** Marks the account deleted; the row stays so the quotes it wrote keep showing its name. */
export async function softDeleteUser(tx: Database, id: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id)).returning();
  return row;
}

/** A new password for the account (already checked against the password rule and hashed). */
export async function setPasswordHash(tx: Database, id: string, passwordHash: string, now: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}
