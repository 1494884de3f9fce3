import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client";
import { outbox, quotes, reviewTokens, users } from "../../src/server/db/schema";
import {
  createSmtpTransport,
  dispatchOutbox,
  MAX_DELIVERY_ATTEMPTS,
  redactReviewTokens,
} from "../../src/server/mail/dispatcher";
import { createReferralNotifications, reviewBaseUrl } from "../../src/server/mail/referral-notifications";
// Brings in the `app.mailDispatcher` declaration the app's own build registers.
import "../../src/server/mail/plugin";
import { hashReviewToken, reviewTokenStanding } from "../../src/server/mail/review-tokens";
import { createTestUser } from "../support/auth";
import { describeEachDatabase, testConfig } from "../support/harness";
import { decodedBody, TestSmtpServer } from "../support/smtp";

const smtp = new TestSmtpServer();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

async function insertQuote(
  db: Database,
  proposerName = "Łódź Joinery Ltd",
): Promise<{ id: string; reference: string; version: number }> {
  const [broker] = await db.select().from(users).where(eq(users.email, "broker@example.com"));
  if (!broker) throw new Error("The demo broker is missing");
  const [quote] = await db
    .insert(quotes)
    .values({
      productCode: "D/C-PI",
      proposerName,
      brokerId: broker.id,
      inceptionDate: "2026-12-01",
      status: "REFERRED",
      referralReason: "Previous claims declared, Cover limit above £2,000,000",
    })
    .returning({ id: quotes.id, reference: quotes.reference, version: quotes.version });
  if (!quote) throw new Error("Quote insert returned no row");
  return quote;
}

const NOW = new Date("2026-11-22T09:00:00Z");
const DAY = 24 * 60 * 60 * 1_000;

describe("review links", () => {
  it("use PUBLIC_URL when set, else the host and port the server listens on", () => {
    expect(reviewBaseUrl(testConfig({ PUBLIC_URL: "https://quotes.example.com/" }))).toBe("https://quotes.example.com");
    expect(reviewBaseUrl(testConfig({ HOST: "127.0.0.1", PORT: "4100" }))).toBe("http://127.0.0.1:4100");
    expect(reviewBaseUrl(testConfig({ HOST: "0.0.0.0" }))).toBe("http://localhost:3000");
  });

  it("lose their token in the copy kept once a message is delivered", () => {
    expect(redactReviewTokens("Open http://x/uw/review/1?token=abc_DEF-123 now")).toBe(
      "Open http://x/uw/review/1?token=[redacted] now",
    );
  });
});

describeEachDatabase("referral e-mail", (ctx) => {
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.rejectRecipients = false;
    // Each test reads only its own messages.
    await ctx.db.delete(outbox);
    // These tests follow one underwriter's mail: every other underwriter (the seeded junior one, those a test
    // made) is set aside, as a departed one is.
    await ctx.db
      .update(users)
      .set({ deletedAt: NOW })
      .where(and(eq(users.role, "UNDERWRITER"), ne(users.email, "underwriter@example.com")));
  });

  it("writes one review token and one outbox message per active underwriter when none are named", async () => {
    const departed = await createTestUser(ctx.db, { role: "UNDERWRITER" });
    await ctx.db.update(users).set({ deletedAt: NOW }).where(eq(users.id, departed.user.id));
    const quote = await insertQuote(ctx.db);
    const recipients = await ctx.db.transaction((tx) =>
      createReferralNotifications(tx, {
        quote: {
          ...quote,
          proposerName: "Łódź Joinery Ltd",
          referralReason: "Previous claims declared, Cover limit above £2,000,000",
        },
        baseUrl: "https://quotes.example.com",
        now: NOW,
      }),
    );
    expect(recipients.map((recipient) => recipient.email)).toEqual(["underwriter@example.com"]);
    const [recipient] = recipients;
    expect(recipient?.reviewUrl).toMatch(
      new RegExp(`^https://quotes\\.example\\.com/uw/review/${quote.id}\\?token=[A-Za-z0-9_-]{43}$`),
    );
    expect(recipient?.expiresAt.toISOString()).toBe(new Date(NOW.getTime() + 14 * DAY).toISOString());

    const messages = await ctx.db.select().from(outbox);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.to).toBe("underwriter@example.com");
    expect(messages[0]?.subject).toBe(`Underwriter review requested: Łódź Joinery Ltd (${quote.reference})`);
    expect(messages[0]?.body).toContain(recipient?.reviewUrl);
    expect(messages[0]?.body).toContain("  - Previous claims declared\n  - Cover limit above £2,000,000\n");

    // Only the hash is stored: the token in the link is not in the table.
    const token = new URL(recipient?.reviewUrl ?? "").searchParams.get("token") ?? "";
    const stored = await ctx.db.select().from(reviewTokens).where(eq(reviewTokens.quoteId, quote.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashReviewToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("sends to the named underwriters instead, trimmed, lower-cased and each once", async () => {
    for (const email of ["senior.uw@insurer.example", "second@insurer.example"]) {
      const [existing] = await ctx.db.select().from(users).where(eq(users.email, email));
      if (existing) await ctx.db.update(users).set({ deletedAt: null }).where(eq(users.id, existing.id));
      else await createTestUser(ctx.db, { role: "UNDERWRITER", email });
    }
    const quote = await insertQuote(ctx.db, "Named Recipients Ltd");
    const recipients = await ctx.db.transaction((tx) =>
      createReferralNotifications(tx, {
        quote: { ...quote, proposerName: "Named Recipients Ltd" },
        underwriterEmails: [" Senior.UW@Insurer.example ", "senior.uw@insurer.example", "second@insurer.example"],
        baseUrl: "http://127.0.0.1:3000",
        now: NOW,
      }),
    );
    expect(recipients.map((recipient) => recipient.email)).toEqual([
      "senior.uw@insurer.example",
      "second@insurer.example",
    ]);
  });

  it("writes nothing when the referring transaction rolls back", async () => {
    const quote = await insertQuote(ctx.db, "Rolled Back Ltd");
    await expect(
      ctx.db.transaction(async (tx) => {
        await createReferralNotifications(tx, {
          quote: { ...quote, proposerName: "Rolled Back Ltd" },
          baseUrl: "http://127.0.0.1:3000",
          now: NOW,
        });
        throw new Error("refer failed later in the transaction");
      }),
    ).rejects.toThrow("refer failed later");
    expect(await ctx.db.select().from(outbox)).toHaveLength(0);
    expect(await ctx.db.select().from(reviewTokens).where(eq(reviewTokens.quoteId, quote.id))).toHaveLength(0);
  });

  it("accepts a token for its own quote until it expires after 14 days, and nothing else", async () => {
    const quote = await insertQuote(ctx.db, "Token Checks Ltd");
    const other = await insertQuote(ctx.db, "Other Quote Ltd");
    const [recipient] = await ctx.db.transaction((tx) =>
      createReferralNotifications(tx, {
        quote: { ...quote, proposerName: "Token Checks Ltd" },
        baseUrl: "http://127.0.0.1:3000",
        now: NOW,
      }),
    );
    const token = new URL(recipient?.reviewUrl ?? "").searchParams.get("token") ?? "";
    expect(await reviewTokenStanding(ctx.db, quote.id, token, NOW)).toBe("valid");
    expect(await reviewTokenStanding(ctx.db, quote.id, token, new Date(NOW.getTime() + 14 * DAY - 1))).toBe("valid");
    expect(await reviewTokenStanding(ctx.db, quote.id, token, new Date(NOW.getTime() + 14 * DAY))).toBe("ended");
    expect(await reviewTokenStanding(ctx.db, other.id, token, NOW)).toBe("invalid");
    expect(await reviewTokenStanding(ctx.db, quote.id, `${token.slice(0, -1)}A`, NOW)).toBe(
      token.endsWith("A") ? "valid" : "invalid",
    );
    expect(await reviewTokenStanding(ctx.db, quote.id, "not-a-token", NOW)).toBe("invalid");
    expect(await reviewTokenStanding(ctx.db, "not-a-uuid", token, NOW)).toBe("invalid");
    // Any change to the quote after the referral ends the link, as does its leaving the referred statuses.
    await ctx.db
      .update(quotes)
      .set({ tradingName: "Renamed Trading", version: quote.version + 1 })
      .where(eq(quotes.id, quote.id));
    expect(await reviewTokenStanding(ctx.db, quote.id, token, NOW)).toBe("ended");
  });

  it("delivers pending messages over SMTP after commit, then keeps only a redacted copy", async () => {
    const quote = await insertQuote(ctx.db, "Ó Briain Building Services Ltd");
    const [recipient] = await ctx.db.transaction((tx) =>
      createReferralNotifications(tx, {
        quote: { ...quote, proposerName: "Ó Briain Building Services Ltd" },
        baseUrl: "http://127.0.0.1:3000",
        now: NOW,
      }),
    );
    const transport = createSmtpTransport(smtp.url);
    try {
      const result = await dispatchOutbox(ctx.db, transport, {
        from: "PI Quote Engine <no-reply@example.com>",
        now: () => NOW,
      });
      expect(result).toEqual({ sent: 1, logged: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0];
      expect(mail?.from).toBe("no-reply@example.com");
      expect(mail?.to).toEqual(["underwriter@example.com"]);
      expect(mail?.raw).toMatch(/^Subject: /m);
      expect(decodedBody(mail?.raw ?? "")).toContain(recipient?.reviewUrl);

      const [row] = await ctx.db.select().from(outbox);
      expect(row?.sentAt?.toISOString()).toBe(NOW.toISOString());
      expect(row?.attempts).toBe(1);
      expect(row?.body).not.toContain(new URL(recipient?.reviewUrl ?? "").searchParams.get("token"));
      expect(row?.body).toContain("token=[redacted]");

      // Nothing is delivered twice.
      expect(await dispatchOutbox(ctx.db, transport, { from: "x@example.com", now: () => NOW })).toEqual({
        sent: 0,
        logged: 0,
        failed: 0,
      });
      expect(smtp.received).toHaveLength(1);
    } finally {
      transport.close();
    }
  });

  it("writes the message to the mail folder when no SMTP server is configured, and logs only that it did", async () => {
    const quote = await insertQuote(ctx.db, "Log Only Ltd");
    await ctx.db.transaction((tx) =>
      createReferralNotifications(tx, {
        quote: { ...quote, proposerName: "Log Only Ltd" },
        baseUrl: "http://127.0.0.1:3000",
        now: NOW,
      }),
    );
    const logged: unknown[] = [];
    const logger = { info: (...entry: unknown[]) => logged.push(entry), warn: () => {}, error: () => {} };
    const mailDir = await mkdtemp(join(tmpdir(), "pqe-mail-"));
    const result = await dispatchOutbox(ctx.db, null, { from: "x@example.com", now: () => NOW, logger, mailDir });
    expect(result).toEqual({ sent: 0, logged: 1, failed: 0 });
    expect(JSON.stringify(logged)).toContain("Log Only Ltd");
    expect(JSON.stringify(logged)).toContain("written to the mail folder");
    // The link is in the message written for its reader, never in the log.
    const [file] = await readdir(mailDir);
    const written = await readFile(join(mailDir, file ?? ""), "utf8");
    expect(written).toMatch(
      /^From: x@example.com\nTo: underwriter@example.com\nSubject: Underwriter review requested: Log Only Ltd/,
    );
    const token = /\?token=([A-Za-z0-9_-]{43})/.exec(written)?.[1];
    expect(token).toBeDefined();
    expect(JSON.stringify(logged)).not.toContain(token);
    expect(JSON.stringify(logged)).not.toContain("token=");
    expect((await stat(join(mailDir, file ?? ""))).mode & 0o777).toBe(0o600);
    await rm(mailDir, { recursive: true, force: true });
    const [row] = await ctx.db.select().from(outbox);
    expect(row?.loggedAt?.toISOString()).toBe(NOW.toISOString());
    expect(row?.sentAt).toBeNull();
  });

  it("counts a mail folder that cannot be written as a failed delivery, and logs no link", async () => {
    const quote = await insertQuote(ctx.db, "Read Only Ltd");
    await ctx.db.transaction((tx) =>
      createReferralNotifications(tx, {
        quote: { ...quote, proposerName: "Read Only Ltd" },
        baseUrl: "http://127.0.0.1:3000",
        now: NOW,
      }),
    );
    const blocked = await mkdtemp(join(tmpdir(), "pqe-mail-blocked-"));
    // A file where the folder should be: the folder cannot be made.
    const mailDir = join(blocked, "mail");
    await writeFile(mailDir, "not a folder");
    const logged: unknown[] = [];
    const logger = { info: () => {}, warn: (...entry: unknown[]) => logged.push(entry), error: () => {} };
    const result = await dispatchOutbox(ctx.db, null, { from: "x@example.com", now: () => NOW, logger, mailDir });
    expect(result).toEqual({ sent: 0, logged: 0, failed: 1 });
    const [row] = await ctx.db.select().from(outbox);
    expect(row?.attempts).toBe(1);
    expect(row?.loggedAt).toBeNull();
    expect(row?.lastError).toBeTruthy();
    expect(JSON.stringify(logged)).not.toContain("token=");
    await rm(blocked, { recursive: true, force: true });
  });

  it("records a failed delivery and retries it, up to the attempt limit", async () => {
    const quote = await insertQuote(ctx.db, "Refused Ltd");
    await ctx.db.transaction((tx) =>
      createReferralNotifications(tx, {
        quote: { ...quote, proposerName: "Refused Ltd" },
        baseUrl: "http://127.0.0.1:3000",
        now: NOW,
      }),
    );
    smtp.rejectRecipients = true;
    const transport = createSmtpTransport(smtp.url);
    try {
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
        expect(await dispatchOutbox(ctx.db, transport, { from: "x@example.com", now: () => NOW })).toEqual({
          sent: 0,
          logged: 0,
          failed: 1,
        });
      }
      const [row] = await ctx.db.select().from(outbox);
      expect(row?.attempts).toBe(MAX_DELIVERY_ATTEMPTS);
      expect(row?.lastError).toMatch(/Mailbox unavailable/);
      expect(row?.sentAt).toBeNull();
      // Given up: no further attempt.
      expect(await dispatchOutbox(ctx.db, transport, { from: "x@example.com", now: () => NOW })).toEqual({
        sent: 0,
        logged: 0,
        failed: 0,
      });
    } finally {
      transport.close();
    }
  });

  it("the app's dispatcher delivers over SMTP_URL as soon as it is kicked", async () => {
    const app = await ctx.buildApp({
      config: testConfig({ SMTP_URL: smtp.url, MAIL_FROM: "Quotes <quotes@insurer.example>" }),
    });
    expect(app.mailDispatcher.mode).toBe("smtp");
    const quote = await insertQuote(ctx.db, "Kicked Ltd");
    const { user: recipient } = await createTestUser(ctx.db, { role: "UNDERWRITER" });
    await ctx.db.transaction((tx) =>
      createReferralNotifications(tx, {
        quote: { ...quote, proposerName: "Kicked Ltd" },
        underwriterEmails: [recipient.email],
        baseUrl: "http://127.0.0.1:3000",
        now: NOW,
      }),
    );
    app.mailDispatcher.kick();
    const deadline = Date.now() + 5_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(smtp.received.map((mail) => [mail.from, mail.to])).toEqual([["quotes@insurer.example", [recipient.email]]]);
    expect(ctx.app.mailDispatcher.mode).toBe("log");
  });
});
