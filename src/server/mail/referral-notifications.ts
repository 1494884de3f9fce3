/**
 * Referral e-mails (docs/product/documents.md): when a quote is referred, each underwriter gets a link to its review page
 * carrying a personal review token. Everything is written inside the referring transaction (tokens and
 * outbox rows), so a referral that rolls back sends nothing; the mail dispatcher delivers after commit.
 */
import { and, eq, isNull } from "drizzle-orm";
import { notAnUnderwriterMessage } from "../../domain/quote/requests";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { outbox, users } from "../db/schema";
import { AppError } from "../errors";
import { issueReviewToken } from "./review-tokens";

/** What a referral e-mail says about the quote. */
export interface ReferralQuote {
  id: string;
  /** The version the referral left the quote at: its review links end when the quote moves on. */
  version: number;
  reference: string;
  proposerName: string;
  productCode?: string | null;
  /** The referral hits' descriptions joined by ", " (docs/product/life-cycle.md), or null for a voluntary request. */
  referralReason?: string | null;
}

export interface ReferralNotificationInput {
  quote: ReferralQuote;
  /** The addresses the broker chose, each an active underwriter's (else 400); absent or empty: every active underwriter. */
  underwriterEmails?: readonly string[] | undefined;
  /** Where the app is reached, e.g. https://quotes.example.com (see `reviewBaseUrl`). */
  baseUrl: string;
  now: Date;
  /** Who referred it, for the e-mail's first line. */
  referredBy?: { name: string; email: string } | undefined;
}

export interface ReferralRecipient {
  email: string;
  /** The review link sent to this recipient (it contains their token). */
  reviewUrl: string;
  expiresAt: Date;
}

/** `PUBLIC_URL`, else the address the server listens on (a wildcard host is shown as localhost). */
export function reviewBaseUrl(config: Pick<Config, "publicUrl" | "host" | "port">): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const hostPart = host.includes(":") ? `[${host}]` : host;
  return `http://${hostPart}:${config.port}`;
}

export function reviewUrl(baseUrl: string, quoteId: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/uw/review/${encodeURIComponent(quoteId)}?token=${token}`;
}

function formatExpiry(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/London",
  }).format(date);
}

export function referralSubject(quote: ReferralQuote): string {
  return `Underwriter review requested: ${quote.proposerName} (${quote.reference})`;
}

export function referralBody(input: {
  quote: ReferralQuote;
  link: string;
  expiresAt: Date;
  referredBy?: { name: string; email: string } | undefined;
}): string {
  const { quote } = input;
  const reasons = quote.referralReason
    ? quote.referralReason
        .split(", ")
        .filter(Boolean)
        .map((reason) => `  - ${reason}`)
    : ["  - No referral rule was hit: the broker asked for an underwriter's review."];
  return [
    "Hello,",
    "",
    `${input.referredBy ? `${input.referredBy.name} (${input.referredBy.email})` : "A broker"} has referred a quote for your review.`,
    "",
    `Reference: ${quote.reference}`,
    `Proposer: ${quote.proposerName}`,
    ...(quote.productCode ? [`Product: ${quote.productCode}`] : []),
    "",
    "Referral reasons:",
    ...reasons,
    "",
    "Open the review:",
    input.link,
    "",
    `This link lets whoever holds it read this one review until ${formatExpiry(input.expiresAt)} (UK time). Please do not forward it. To record a decision, sign in as an underwriter.`,
    "",
    "PI Quote Engine",
  ].join("\n");
}

async function activeUnderwriterEmails(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "UNDERWRITER"), isNull(users.deletedAt)))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

/**
 * Creates one review token and one outbox message per recipient, in the caller's transaction, and returns
 * the recipients. Addresses are trimmed, lower-cased and de-duplicated. With no recipient at all (no
 * underwriter registered and none named) it writes nothing and returns an empty list.
 */
export async function createReferralNotifications(
  tx: Database,
  input: ReferralNotificationInput,
): Promise<ReferralRecipient[]> {
  const named = (input.underwriterEmails ?? []).map((email) => email.trim().toLowerCase());
  const underwriters = await activeUnderwriterEmails(tx);
  // Read in the referring transaction, so an underwriter deactivated meanwhile is refused rather than mailed.
  const refused = named.flatMap((email, index) =>
    email && underwriters.includes(email)
      ? []
      : [{ path: `underwriterEmails.${index}`, message: notAnUnderwriterMessage(email) }],
  );
  if (refused.length > 0) throw AppError.validation(refused);
  const addresses = [...new Set(named.length > 0 ? named : underwriters)];
  const recipients: ReferralRecipient[] = [];
  for (const email of addresses) {
    const { token, expiresAt } = await issueReviewToken(tx, {
      quoteId: input.quote.id,
      quoteVersion: input.quote.version,
      recipient: email,
      now: input.now,
    });
    const link = reviewUrl(input.baseUrl, input.quote.id, token);
    await tx.insert(outbox).values({
      to: email,
      subject: referralSubject(input.quote),
      body: referralBody({ quote: input.quote, link, expiresAt, referredBy: input.referredBy }),
      createdAt: input.now,
    });
    recipients.push({ email, reviewUrl: link, expiresAt });
  }
  return recipients;
}
