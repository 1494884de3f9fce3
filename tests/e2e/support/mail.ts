/**
 * The browser tests' inbox: the global setup gives the server a local SMTP server, which writes each e-mail to
 * a file (ADR 0070). A referral's review link and a password reset link are read from there, as their recipients
 * would read them from their mail.
 */
import { watch } from "node:fs";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";

interface LoggedMail {
  to: string;
  subject: string;
  body: string;
}

async function loggedMails(): Promise<LoggedMail[]> {
  const text = await readFile(inject("mailLog"), "utf8");
  const mails: LoggedMail[] = [];
  for (const line of text.split("\n")) {
    if (!line.includes('"mail"')) continue;
    try {
      const entry = JSON.parse(line) as { mail?: LoggedMail };
      if (entry.mail) mails.push(entry.mail);
    } catch {
      // A line still being written is read whole on the next change.
    }
  }
  return mails;
}

/** The review link e-mailed to `recipient` for `quoteId`, as a path with its token; waits for the e-mail. */
export async function emailedReviewLink(quoteId: string, recipient: string, timeoutMs = 15_000): Promise<string> {
  const pattern = new RegExp(`/uw/review/${quoteId}\\?token=[A-Za-z0-9_-]{43}`);
  const find = async () => {
    for (const mail of await loggedMails()) {
      const match = mail.to === recipient ? pattern.exec(mail.body) : null;
      if (match) return match[0];
    }
    return undefined;
  };
  const watcher = watch(inject("mailLog"));
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      // Listen for the next change before reading, so a change in between is not missed.
      const changed = new Promise<void>((done) => {
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
        watcher.once("change", () => {
          clearTimeout(timer);
          done();
        });
      });
      const link = await find();
      if (link) return link;
      if (Date.now() >= deadline) throw new Error(`No review link for ${quoteId} was e-mailed to ${recipient}`);
      // Wait for the log to change (the dispatcher writing the e-mail), not for a fixed time.
      await changed;
    }
  } finally {
    watcher.close();
  }
}

/** The password reset link e-mailed to `recipient` last, as a path with its fragment; waits for the e-mail. */
export async function emailedResetLink(recipient: string, after: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = (await loggedMails())
      .filter((mail) => mail.to === recipient)
      .map((mail) => /\/reset-password#token=[A-Za-z0-9_-]{43}/.exec(mail.body)?.[0])
      .filter((link): link is string => link !== undefined);
    if (links.length > after) return links[links.length - 1] as string;
    if (Date.now() >= deadline) throw new Error(`No new reset link was e-mailed to ${recipient}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** How many password reset links `recipient` has been e-mailed so far. */
export async function resetLinksSentTo(recipient: string): Promise<number> {
  return (await loggedMails()).filter((mail) => mail.to === recipient && mail.body.includes("/reset-password#token="))
    .length;
}
