/**
 * Review links e-mailed to underwriters (docs/product/documents.md): a random token that lets its holder read ONE quote's
 * review without signing in, for 14 days. Only the SHA-256 of the token is stored, so a copy of the database
 * does not hand out working links; recording a decision still needs a signed-in UNDERWRITER.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { REVIEW_TOKEN_VALIDITY_DAYS } from "../../domain/constants";
import type { Database } from "../db/client";
import { reviewTokens } from "../db/schema";

const TOKEN_BYTES = 32;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashReviewToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function reviewTokenExpiry(now: Date): Date {
  return new Date(now.getTime() + REVIEW_TOKEN_VALIDITY_DAYS * DAY_MS);
}

/** Creates and stores a token for one quote (inside the caller's transaction); returns the token itself. */
export async function issueReviewToken(
  tx: Database,
  input: { quoteId: string; recipient: string | null; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const expiresAt = reviewTokenExpiry(input.now);
  await tx.insert(reviewTokens).values({
    quoteId: input.quoteId,
    tokenHash: hashReviewToken(token),
    recipient: input.recipient,
    expiresAt,
    createdAt: input.now,
  });
  return { token, expiresAt };
}

/**
 * True when `token` was issued for `quoteId` and has not expired at `now`. A token for another quote, an
 * expired one, or anything that is not a token at all is simply false (the route answers 401).
 */
export async function verifyReviewToken(db: Database, quoteId: string, token: string, now: Date): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token) || !UUID_PATTERN.test(quoteId)) return false;
  const rows = await db
    .select({ id: reviewTokens.id })
    .from(reviewTokens)
    .where(
      and(
        eq(reviewTokens.tokenHash, hashReviewToken(token)),
        eq(reviewTokens.quoteId, quoteId),
        gt(reviewTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
