/**
 * The password reset e-mail an administrator sends (docs/product/permissions.md "Passwords"). The link carries
 * its token after `#`, which browsers never send to a server: no access log, proxy or Referer ever holds it.
 * Written to the outbox in the transaction that issues the token, so a rolled-back request sends nothing.
 */
import type { Database } from "../db/client";
import { outbox } from "../db/schema";

export function passwordResetUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/reset-password#token=${token}`;
}

export const PASSWORD_RESET_SUBJECT = "Set a new password for the PI Quote Engine";

function formatExpiry(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/London" }).format(
    date,
  );
}

export async function queuePasswordResetMail(
  tx: Database,
  input: { to: string; name: string; link: string; expiresAt: Date; sentBy: string; now: Date },
): Promise<void> {
  const body = [
    `Hello ${input.name},`,
    "",
    `${input.sentBy} has sent you a link to set a new password for the PI Quote Engine:`,
    "",
    input.link,
    "",
    `The link works once, until ${formatExpiry(input.expiresAt)} (UK time). Setting a new password signs you out everywhere.`,
    "If you did not expect this e-mail, tell your administrator and do not use the link.",
    "",
    "PI Quote Engine",
  ].join("\n");
  await tx.insert(outbox).values({ to: input.to, subject: PASSWORD_RESET_SUBJECT, body, createdAt: input.now });
}
