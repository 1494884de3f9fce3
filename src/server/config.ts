/**
 * The server's configuration: the ONLY module that reads `process.env` (STYLE.md, create-t3-turbo habit).
 * Everything else receives a parsed `Config`. `loadConfig(env)` takes the environment as an argument so tests
 * pass their own, and an invalid value stops the start with a message naming the variable.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { REAUTHENTICATION_MINUTES } from "../domain/auth/reauthentication";
import { NEW_PASSWORD_MIN_LENGTH, ROLES, type Role } from "../domain/auth/schemas";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Treats `VAR=` (set but empty, common in compose files) as unset, so defaults still apply. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { message: 'must be "true" or "false"' })
  .transform((value) => value === "true" || value === "1");

function urlWithProtocols(protocols: readonly string[], label: string) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a ${label} URL (${protocols.map((p) => `${p}//`).join(" or ")})` },
  );
}

const idleMinutes = optional(
  z.coerce
    .number({ message: "must be a whole number of minutes" })
    .int({ message: "must be a whole number of minutes" })
    .min(1, { message: "must be at least 1" })
    .max(1440, { message: "must be at most 1440 (a day)" }),
);
const absoluteHours = optional(
  z.coerce
    .number({ message: "must be a whole number of hours" })
    .int({ message: "must be a whole number of hours" })
    .min(1, { message: "must be at least 1" })
    .max(720, { message: "must be at most 720 (30 days)" }),
);

/** SESSION_IDLE_MINUTES_ADMIN and the like: one role's lifetimes, overriding SESSION_IDLE_MINUTES / _HOURS. */
const perRoleLifetimes = Object.fromEntries(
  ROLES.flatMap((role) => [
    [`SESSION_IDLE_MINUTES_${role}`, idleMinutes],
    [`SESSION_ABSOLUTE_HOURS_${role}`, absoluteHours],
  ]),
) as Record<`SESSION_IDLE_MINUTES_${Role}`, typeof idleMinutes> &
  Record<`SESSION_ABSOLUTE_HOURS_${Role}`, typeof absoluteHours>;

/**
 * The environment, by variable name. Later features add their variables here (one line each) and map them
 * into `Config` below.
 */
/** A whole number of times a minute, at least 1. */
function perMinute() {
  return z.coerce
    .number({ message: "must be a whole number" })
    .int({ message: "must be a whole number" })
    .min(1, { message: "must be at least 1" });
}

const envSchema = z.object({
  PORT: optional(
    z.coerce
      .number({ message: "must be a whole number" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be between 1 and 65535" })
      .max(65535, { message: "must be between 1 and 65535" }),
  ),
  HOST: optional(z.string().min(1)),
  DATA_DIR: optional(z.string().min(1)),
  DATABASE_URL: optional(urlWithProtocols(["postgres:", "postgresql:"], "PostgreSQL")),
  SESSION_SECRET: optional(z.string().min(32, { message: "must be at least 32 characters" })),
  SEED_DEMO: optional(booleanFlag),
  ADMIN_EMAIL: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: "must be an e-mail address" })),
  ),
  // The same length rule as a password set through Add User.
  ADMIN_PASSWORD: optional(
    z.string().min(NEW_PASSWORD_MIN_LENGTH, { message: `must be at least ${NEW_PASSWORD_MIN_LENGTH} characters` }),
  ),
  PUBLIC_URL: optional(urlWithProtocols(["http:", "https:"], "http or https")),
  UNDERWRITING_MAILBOX: optional(z.email({ message: "must be an e-mail address" })),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` })),
  TRUST_PROXY: optional(
    z
      .string()
      .trim()
      .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
        message: 'must be "true", "false", a number of proxy hops, or a comma-separated list of proxy addresses',
      }),
  ),
  LOGIN_RATE_LIMIT_PER_MINUTE: optional(
    z.coerce
      .number({ message: "must be a whole number" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" }),
  ),
  QUOTES_CREATED_PER_MINUTE: optional(perMinute()),
  DOCUMENTS_RENDERED_PER_MINUTE: optional(perMinute()),
  REFERRALS_SENT_PER_MINUTE: optional(perMinute()),
  REFERRAL_TARGET_WORKING_HOURS: optional(
    z.coerce
      .number({ message: "must be a number of working hours" })
      .multipleOf(0.25, { message: "must be in quarter hours, for example 4 or 1.5" })
      .min(0.25, { message: "must be at least 0.25" })
      .max(80, { message: "must be at most 80 (two working weeks)" }),
  ),
  PASSWORD_RESET_LINK_MINUTES: optional(
    z.coerce
      .number({ message: "must be a whole number of minutes" })
      .int({ message: "must be a whole number of minutes" })
      .min(5, { message: "must be at least 5" })
      .max(1440, { message: "must be at most 1440 (a day)" }),
  ),
  REAUTHENTICATION_MINUTES: optional(
    z.coerce
      .number({ message: "must be a whole number of minutes" })
      .int({ message: "must be a whole number of minutes" })
      .min(1, { message: "must be at least 1" })
      .max(60, { message: "must be at most 60" }),
  ),
  SESSION_IDLE_MINUTES: idleMinutes,
  SESSION_ABSOLUTE_HOURS: absoluteHours,
  ...perRoleLifetimes,
  COMPANIES_HOUSE_API_KEY: optional(z.string().min(1)),
  SMTP_URL: optional(urlWithProtocols(["smtp:", "smtps:"], "smtp or smtps")),
  COMPANIES_HOUSE_BASE_URL: optional(urlWithProtocols(["http:", "https:"], "http or https")),
  MAIL_FROM: optional(z.string().trim().min(3, { message: "must be an e-mail address or 'Name <address>'" })),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

/** How many of each business write one user may make per minute (src/server/auth/write-limits.ts). */
export interface BusinessWriteLimits {
  quotesCreated: number;
  documentsRendered: number;
  referralsSent: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: node-postgres against that server. Unset: embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Signs the session cookie. */
  sessionSecret: string;
  /** True when SESSION_SECRET was unset and a random one was made for this process (sessions end on restart). */
  sessionSecretGenerated: boolean;
  seedDemo: boolean;
  /** When both are set, the first start creates this administrator (production: SEED_DEMO=false). */
  initialAdmin: { email: string; password: string } | undefined;
  /** The address users reach the app at; review links use it and https makes cookies Secure. */
  publicUrl: string | undefined;
  secureCookies: boolean;
  underwritingMailbox: string;
  logLevel: LogLevel;
  /**
   * Fastify's trustProxy: whether X-Forwarded-For names the client (behind a load balancer). Without it every
   * client behind the proxy shares the proxy's address and its sign-in rate limit.
   */
  trustProxy: boolean | number | string;
  /** Sign-in attempts allowed per client address per minute. */
  loginRateLimitPerMinute: number;
  /**
   * What one user may do per minute: create quotes (new and renewals), have documents prepared, send referrals.
   * Far above a working day's pace, far below what a script could do (docs/product/permissions.md).
   */
  businessWriteLimitsPerMinute: BusinessWriteLimits;
  /** How long a referral may wait for an underwriter, in working hours, before the queue marks it overdue. */
  referralTargetWorkingHours: number;
  /** How long an administrator's password reset link works (docs/product/permissions.md "Passwords"). */
  passwordResetLinkMinutes: number;
  /** How long a password or code given on a session proves who is at the keyboard (docs/product/permissions.md). */
  reauthenticationMinutes: number;
  /** How long a session of each role lives without use and in all (docs/product/permissions.md "Sessions"). */
  sessionLifetimes: Record<Role, { idleMs: number; absoluteMs: number }>;
  companiesHouseApiKey: string | undefined;
  /** The Companies House public data API; tests point it at a fake server. */
  companiesHouseBaseUrl: string;
  smtpUrl: string | undefined;
  /** The sender of referral e-mails. */
  mailFrom: string;
}

export class ConfigError extends Error {
  readonly variables: string[];
  constructor(problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}\n` +
        "Fix the environment variable(s) above and start again (README.md lists every variable).",
    );
    this.name = "ConfigError";
    this.variables = problems.map((p) => p.variable);
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Parses an environment (usually `process.env`); throws `ConfigError` naming every invalid variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // Values are never echoed: some of these variables are secrets.
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError([
      {
        variable: e.ADMIN_EMAIL === undefined ? "ADMIN_EMAIL" : "ADMIN_PASSWORD",
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      },
    ]);
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, "");
  // OWASP ASVS level 2 by default: 30 minutes idle, 12 hours in all.
  const sessionLifetimes = Object.fromEntries(
    ROLES.map((role) => [
      role,
      {
        idleMs: (e[`SESSION_IDLE_MINUTES_${role}`] ?? e.SESSION_IDLE_MINUTES ?? 30) * 60_000,
        absoluteMs: (e[`SESSION_ABSOLUTE_HOURS_${role}`] ?? e.SESSION_ABSOLUTE_HOURS ?? 12) * 3_600_000,
      },
    ]),
  ) as Config["sessionLifetimes"];
  return {
    port: e.PORT ?? 3000,
    host: e.HOST ?? "127.0.0.1",
    dataDir: e.DATA_DIR ?? "./data",
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString("base64url"),
    sessionSecretGenerated: e.SESSION_SECRET === undefined,
    seedDemo: e.SEED_DEMO ?? true,
    initialAdmin:
      e.ADMIN_EMAIL !== undefined && e.ADMIN_PASSWORD !== undefined
        ? { email: e.ADMIN_EMAIL.trim().toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    publicUrl,
    secureCookies: publicUrl?.startsWith("https:") ?? false,
    underwritingMailbox: e.UNDERWRITING_MAILBOX ?? "underwriting@example.com",
    logLevel: e.LOG_LEVEL ?? "info",
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE ?? 30,
    businessWriteLimitsPerMinute: {
      quotesCreated: e.QUOTES_CREATED_PER_MINUTE ?? 30,
      documentsRendered: e.DOCUMENTS_RENDERED_PER_MINUTE ?? 60,
      referralsSent: e.REFERRALS_SENT_PER_MINUTE ?? 30,
    },
    referralTargetWorkingHours: e.REFERRAL_TARGET_WORKING_HOURS ?? 4,
    passwordResetLinkMinutes: e.PASSWORD_RESET_LINK_MINUTES ?? 60,
    reauthenticationMinutes: e.REAUTHENTICATION_MINUTES ?? REAUTHENTICATION_MINUTES,
    sessionLifetimes,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    companiesHouseApiKey: e.COMPANIES_HOUSE_API_KEY,
    companiesHouseBaseUrl: (e.COMPANIES_HOUSE_BASE_URL ?? "https://api.company-information.service.gov.uk").replace(
      /\/+$/,
      "",
    ),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "PI Quote Engine <no-reply@example.com>",
  };
}

/** The process's own environment: the one place `process.env` is read. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}
