/** A local SMTP server for tests that read what the app e-mails (the app's SMTP_URL points at it). */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server started by the test; `rejectRecipients` makes it refuse every RCPT TO. */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  rejectRecipients = false;
  /** Called with each message as it arrives (the browser tests' inbox file). */
  onMail: ((mail: ReceivedMail) => void) | undefined;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (this.rejectRecipients) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        this.received.push(mail);
        this.onMail?.(mail);
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** Decodes a quoted-printable body enough to read the text nodemailer sent. */
export function decodedBody(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  return body
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The Subject header of a raw message (as nodemailer writes a plain one). */
export function subjectOf(raw: string): string {
  return /^Subject: (.*)$/m.exec(raw.slice(0, raw.indexOf("\r\n\r\n")))?.[1]?.trim() ?? "";
}
