/**
 * Delivers the outbox (ADR 0012). Messages are written by the transaction that caused them and delivered
 * afterwards, so a rolled-back referral never e-mails anyone and a crashed process resumes where it stopped.
 * With SMTP_URL set they go out over SMTP (nodemailer); without it each is written whole to a file of its own in
 * the mail folder (`DATA_DIR/mail`, readable by the server's user only) and marked as logged, which is how a
 * development install "receives" them. The log says only that a message was written, to whom and where: a review
 * link or a password reset link is a credential and never reaches a log.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { type OutboxRow, outbox } from "../db/schema";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** Something that delivers one message, or throws. */
export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

/** Gives up on a message after this many failed deliveries; it stays in the outbox with its last error. */
export const MAX_DELIVERY_ATTEMPTS = 5;
export const DISPATCH_INTERVAL_MS = 10_000;
const BATCH_SIZE = 50;

/**
 * An SMTP transport for `SMTP_URL` (smtp:// or smtps://, credentials in the URL), with bounded waits.
 * nodemailer is loaded with the first message sent: an install without mail to send never pays its start-up.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const options = {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  };
  let transporter: Promise<{ sendMail(message: OutgoingMail): Promise<unknown>; close(): void }> | undefined;
  return {
    async send(message) {
      transporter ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options));
      await (await transporter).sendMail(message);
    },
    close() {
      void transporter?.then((opened) => opened.close()).catch(() => {});
    },
  };
}

/*
 * A link's token (a review link's after `?token=`, a password reset link's after `#token=`) is a credential:
 * the log never shows it, and once a message has been delivered (or logged) the copy kept in the outbox loses it.
 */
export function redactReviewTokens(body: string): string {
  return body.replace(/([?&#]token=)[A-Za-z0-9_-]+/g, "$1[redacted]");
}

export interface DispatchOptions {
  from: string;
  now: () => Date;
  /** Without SMTP: the folder each message is written to (none: the message is only marked as logged). */
  mailDir?: string | undefined;
  logger?: Pick<FastifyBaseLogger, "info" | "warn" | "error"> | undefined;
}

/** One message as a file, `<outbox id>.txt`, headers then the text: what an SMTP server would have delivered. */
async function writeMailFile(mailDir: string, row: OutboxRow, from: string): Promise<string> {
  await mkdir(mailDir, { recursive: true, mode: 0o700 });
  const file = join(mailDir, `${row.id}.txt`);
  const text = [`From: ${from}`, `To: ${row.to}`, `Subject: ${row.subject}`, "", row.body, ""].join("\n");
  await writeFile(file, text, { mode: 0o600 });
  return file;
}

export interface DispatchResult {
  sent: number;
  logged: number;
  failed: number;
}

const pending = and(isNull(outbox.sentAt), isNull(outbox.loggedAt), lt(outbox.attempts, MAX_DELIVERY_ATTEMPTS));

/**
 * Delivers pending messages one at a time. Each is taken with FOR UPDATE SKIP LOCKED inside its own short
 * transaction, so several app instances on one PostgreSQL never deliver the same message twice.
 * `transport` null means "no SMTP configured": the message is logged instead of sent.
 */
export async function dispatchOutbox(
  db: Database,
  transport: MailTransport | null,
  options: DispatchOptions,
): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, logged: 0, failed: 0 };
  const skipped = new Set<number>();
  for (let i = 0; i < BATCH_SIZE; i += 1) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outbox)
        .where(pending)
        .orderBy(asc(outbox.id))
        .limit(1 + skipped.size)
        .for("update", { skipLocked: true })
        .then((rows) => rows.filter((candidate) => !skipped.has(candidate.id)));
      if (!row) return "empty" as const;
      return deliver(tx, row, transport, options);
    });
    if (outcome === "empty") break;
    if (outcome.kind === "failed") skipped.add(outcome.id);
    result[outcome.kind] += 1;
  }
  return result;
}

/** A delivery that failed: counted and its error kept, so the next pass tries again up to the attempt limit. */
async function recordFailure(
  tx: Database,
  row: OutboxRow,
  error: unknown,
  options: DispatchOptions,
): Promise<{ kind: "failed"; id: number }> {
  const message = error instanceof Error ? error.message : String(error);
  options.logger?.warn({ outboxId: row.id, to: row.to, err: message }, "E-mail delivery failed; will retry");
  await tx
    .update(outbox)
    .set({ attempts: row.attempts + 1, lastError: message.slice(0, 1_000) })
    .where(eq(outbox.id, row.id));
  return { kind: "failed", id: row.id };
}

async function deliver(
  tx: Database,
  row: OutboxRow,
  transport: MailTransport | null,
  options: DispatchOptions,
): Promise<{ kind: keyof DispatchResult; id: number }> {
  if (!transport) {
    let file: string | undefined;
    try {
      file = options.mailDir ? await writeMailFile(options.mailDir, row, options.from) : undefined;
    } catch (error) {
      // A mail folder that cannot be written (a read-only disk) is a failed delivery, retried like SMTP's.
      return recordFailure(tx, row, error, options);
    }
    options.logger?.info(
      { mail: { outboxId: row.id, to: row.to, subject: row.subject, ...(file ? { file } : {}) } },
      file
        ? "E-mail not sent (SMTP_URL is not set); written to the mail folder instead"
        : "E-mail not sent (SMTP_URL is not set)",
    );
    await tx
      .update(outbox)
      .set({ loggedAt: options.now(), attempts: row.attempts + 1, body: redactReviewTokens(row.body) })
      .where(eq(outbox.id, row.id));
    return { kind: "logged", id: row.id };
  }
  try {
    await transport.send({ from: options.from, to: row.to, subject: row.subject, text: row.body });
  } catch (error) {
    return recordFailure(tx, row, error, options);
  }
  await tx
    .update(outbox)
    .set({ sentAt: options.now(), attempts: row.attempts + 1, lastError: null, body: redactReviewTokens(row.body) })
    .where(eq(outbox.id, row.id));
  return { kind: "sent", id: row.id };
}

/** Where e-mails go without SMTP: beside the embedded database, whichever database is used. */
export function mailFolder(config: Pick<FastifyInstance["config"], "dataDir">): string {
  return join(config.dataDir, "mail");
}

export interface MailDispatcher {
  /** Asks for a delivery run soon (call after committing a transaction that wrote to the outbox). */
  kick(): void;
  /** Runs one delivery pass now (waits for a pass already running first). */
  flush(): Promise<DispatchResult>;
  stop(): Promise<void>;
  readonly mode: "smtp" | "log";
}

/**
 * Starts delivering the outbox for this app: a pass on `kick()`, and one every `DISPATCH_INTERVAL_MS` for
 * anything left over (a failed delivery, a restart). Stops when the app closes.
 */
export function startMailDispatcher(
  app: Pick<FastifyInstance, "db" | "config" | "log" | "now" | "addHook">,
  options: { transport?: MailTransport | null; intervalMs?: number } = {},
): MailDispatcher {
  const transport =
    options.transport !== undefined
      ? options.transport
      : app.config.smtpUrl
        ? createSmtpTransport(app.config.smtpUrl)
        : null;
  const dispatchOptions: DispatchOptions = {
    from: app.config.mailFrom,
    now: () => app.now(),
    logger: app.log,
    mailDir: mailFolder(app.config),
  };
  let running: Promise<DispatchResult> | null = null;
  let again = false;
  let stopped = false;

  const run = (): Promise<DispatchResult> => {
    if (running) {
      again = true;
      return running;
    }
    running = dispatchOutbox(app.db, transport, dispatchOptions)
      .catch((error: unknown) => {
        app.log.error({ err: error }, "Outbox delivery pass failed");
        return { sent: 0, logged: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void run();
  }, options.intervalMs ?? DISPATCH_INTERVAL_MS);
  timer.unref();

  const dispatcher: MailDispatcher = {
    mode: transport ? "smtp" : "log",
    kick() {
      if (!stopped) setImmediate(() => void run());
    },
    async flush() {
      if (running) await running;
      return run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
      transport?.close();
    },
  };
  app.addHook("onClose", async () => {
    await dispatcher.stop();
  });
  return dispatcher;
}
