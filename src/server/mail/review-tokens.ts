/**
 * Review links e-mailed to underwriters (docs/product/documents.md, docs/product/permissions.md): a random token that
 * lets its holder read ONE quote's review without signing in, for at most 14 days and only while that review lasts:
 * the quote still awaits the decision it was referred for and has not changed since. Only the SHA-256 of the token
 * is stored, so a copy of the database does not hand out working links; recording a decision still needs a
 * signed-in UNDERWRITER.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { REVIEW_TOKEN_VALIDITY_DAYS } from "../../domain/constants";
import { AWAITING_DECISION_STATUSES } from "../../domain/underwriting/queue";
import type { Database } from "../db/client";
import { quotes, reviewTokens } from "../db/schema";

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
  input: { quoteId: string; quoteVersion: number; recipient: string | null; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const expiresAt = reviewTokenExpiry(input.now);
  await tx.insert(reviewTokens).values({
    quoteId: input.quoteId,
    tokenHash: hashReviewToken(token),
    recipient: input.recipient,
    quoteVersion: input.quoteVersion,
    expiresAt,
    createdAt: input.now,
  });
  return { token, expiresAt };
}

/**
 * What a token brought for `quoteId` is worth at `now`:
 * - "valid": issued for this quote, not expired, and the quote still awaits a decision at the version the referral
 *   left it at;
 * - "ended": a genuine link for this quote whose review is over (decided, withdrawn, reopened, changed, issued) or
 *   whose 14 days have passed;
 * - "invalid": anything else (another quote's token, one never issued, something that is not a token at all).
 */
export type ReviewTokenStanding = "valid" | "ended" | "invalid";

export async function reviewTokenStanding(
  db: Database,
  quoteId: string,
  token: string,
  now: Date,
): Promise<ReviewTokenStanding> {
  if (!TOKEN_PATTERN.test(token) || !UUID_PATTERN.test(quoteId)) return "invalid";
  const [row] = await db
    .select({
      expiresAt: reviewTokens.expiresAt,
      quoteVersion: reviewTokens.quoteVersion,
      status: quotes.status,
      version: quotes.version,
    })
    .from(reviewTokens)
    .innerJoin(quotes, eq(quotes.id, reviewTokens.quoteId))
    .where(and(eq(reviewTokens.tokenHash, hashReviewToken(token)), eq(reviewTokens.quoteId, quoteId)))
    .limit(1);
  if (!row) return "invalid";
  const awaiting = (AWAITING_DECISION_STATUSES as readonly string[]).includes(row.status);
  return awaiting && row.version === row.quoteVersion && row.expiresAt > now ? "valid" : "ended";
}
