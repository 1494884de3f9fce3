/**
 * Password reset links (docs/product/permissions.md "Passwords"): a random 32-byte token that lets its holder set
 * the password of one account, once, until it expires. Only its SHA-256 is stored; issuing a new link for a user
 * ends their older ones; using a link marks it used in the same statement that checks it is unused, so two
 * requests racing with one link cannot both set a password.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { type PasswordResetTokenRow, passwordResetTokens, type UserRow, users } from "../db/schema";
import { AppError } from "../errors";

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashResetToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Ends every link of the user not yet used: a newer link was sent, or the user chose a password themselves. */
export async function endResetTokens(tx: Database, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Stores a new link for the user (inside the caller's transaction), ending any older one; returns its token. */
export async function issuePasswordResetToken(
  tx: Database,
  input: { userId: string; createdBy: string; now: Date; validityMinutes: number },
): Promise<{ token: string; expiresAt: Date }> {
  await endResetTokens(tx, input.userId, input.now);
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const expiresAt = new Date(input.now.getTime() + input.validityMinutes * 60_000);
  await tx.insert(passwordResetTokens).values({
    userId: input.userId,
    createdBy: input.createdBy,
    tokenHash: hashResetToken(token),
    createdAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The live link and its account: 400 RESET_LINK_INVALID for a token never issued (or whose account was
 * deleted), 410 RESET_LINK_USED once used or replaced, 410 RESET_LINK_EXPIRED after its time.
 */
export async function findUsableResetToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ link: PasswordResetTokenRow; user: UserRow }> {
  if (!TOKEN_PATTERN.test(token)) throw new AppError("RESET_LINK_INVALID");
  const [row] = await db
    .select({ link: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, hashResetToken(token)), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new AppError("RESET_LINK_INVALID");
  if (row.link.usedAt) throw new AppError("RESET_LINK_USED");
  if (row.link.expiresAt <= now) throw new AppError("RESET_LINK_EXPIRED");
  return row;
}

/** Marks the link used; false when another request used it first (the caller then refuses as used). */
export async function markResetTokenUsed(tx: Database, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}
