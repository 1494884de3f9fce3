import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config";

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("loadConfig accepted an invalid environment");
}

describe("loadConfig", () => {
  it("applies the documented defaults to an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: "./data",
      databaseUrl: undefined,
      seedDemo: true,
      initialAdmin: undefined,
      publicUrl: undefined,
      secureCookies: false,
      underwritingMailbox: "underwriting@example.com",
      logLevel: "info",
      loginRateLimitPerMinute: 30,
      passwordResetLinkMinutes: 60,
      reauthenticationMinutes: 5,
      businessWriteLimitsPerMinute: { quotesCreated: 30, documentsRendered: 60, referralsSent: 30 },
      // OWASP ASVS level 2 for every role: 30 minutes idle, 12 hours in all.
      sessionLifetimes: {
        BROKER: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
        UNDERWRITER: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
        ADMIN: { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 },
      },
      trustProxy: false,
      companiesHouseApiKey: undefined,
      smtpUrl: undefined,
      sessionSecretGenerated: true,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("generates a different session secret on each start when none is set", () => {
    expect(loadConfig({}).sessionSecret).not.toBe(loadConfig({}).sessionSecret);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/var/lib/pqe",
      DATABASE_URL: "postgres://app@db:5432/pqe",
      SESSION_SECRET: "s".repeat(40),
      SEED_DEMO: "false",
      ADMIN_EMAIL: " Ops@Example.com ",
      ADMIN_PASSWORD: "a-long-admin-password",
      PUBLIC_URL: "https://quotes.example.co.uk/",
      UNDERWRITING_MAILBOX: "uw@example.co.uk",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT_PER_MINUTE: "120",
      PASSWORD_RESET_LINK_MINUTES: "30",
      REAUTHENTICATION_MINUTES: "2",
      QUOTES_CREATED_PER_MINUTE: "12",
      DOCUMENTS_RENDERED_PER_MINUTE: "24",
      REFERRALS_SENT_PER_MINUTE: "6",
      SESSION_IDLE_MINUTES: "45",
      SESSION_ABSOLUTE_HOURS: "10",
      SESSION_IDLE_MINUTES_ADMIN: "15",
      SESSION_ABSOLUTE_HOURS_UNDERWRITER: "8",
      COMPANIES_HOUSE_API_KEY: "key",
      SMTP_URL: "smtp://mail:25",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/var/lib/pqe",
      databaseUrl: "postgres://app@db:5432/pqe",
      sessionSecret: "s".repeat(40),
      sessionSecretGenerated: false,
      seedDemo: false,
      initialAdmin: { email: "ops@example.com", password: "a-long-admin-password" },
      publicUrl: "https://quotes.example.co.uk",
      secureCookies: true,
      underwritingMailbox: "uw@example.co.uk",
      logLevel: "warn",
      loginRateLimitPerMinute: 120,
      passwordResetLinkMinutes: 30,
      reauthenticationMinutes: 2,
      businessWriteLimitsPerMinute: { quotesCreated: 12, documentsRendered: 24, referralsSent: 6 },
      // A role's own variable wins over the one for every role.
      sessionLifetimes: {
        BROKER: { idleMs: 45 * 60_000, absoluteMs: 10 * 3_600_000 },
        UNDERWRITER: { idleMs: 45 * 60_000, absoluteMs: 8 * 3_600_000 },
        ADMIN: { idleMs: 15 * 60_000, absoluteMs: 10 * 3_600_000 },
      },
      companiesHouseApiKey: "key",
      smtpUrl: "smtp://mail:25",
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "3000.5"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["DATABASE_URL", "not a url"],
    ["SESSION_SECRET", "short"],
    ["SEED_DEMO", "yes please"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["UNDERWRITING_MAILBOX", "not-an-address"],
    ["LOG_LEVEL", "verbose"],
    ["SMTP_URL", "http://mail"],
    ["ADMIN_PASSWORD", "short"],
    ["LOGIN_RATE_LIMIT_PER_MINUTE", "0"],
    ["PASSWORD_RESET_LINK_MINUTES", "4"],
    ["PASSWORD_RESET_LINK_MINUTES", "1441"],
    ["REAUTHENTICATION_MINUTES", "0"],
    ["REAUTHENTICATION_MINUTES", "61"],
    ["SESSION_IDLE_MINUTES", "0"],
    ["SESSION_IDLE_MINUTES_BROKER", "1441"],
    ["SESSION_ABSOLUTE_HOURS", "721"],
    ["SESSION_ABSOLUTE_HOURS_ADMIN", "1.5"],
    ["PASSWORD_RESET_LINK_MINUTES", "an hour"],
    ["QUOTES_CREATED_PER_MINUTE", "0"],
    ["DOCUMENTS_RENDERED_PER_MINUTE", "2.5"],
    ["REFERRALS_SENT_PER_MINUTE", "lots"],
    ["TRUST_PROXY", "yes"],
  ])("stops with a message naming %s when it is %j", (variable, value) => {
    const env: Record<string, string> = { [variable]: value };
    if (variable === "ADMIN_PASSWORD") env.ADMIN_EMAIL = "ops@example.com";
    const error = configErrorOf(env);
    expect(error.variables).toContain(variable);
    expect(error.message).toContain(`${variable}:`);
  });

  it("never echoes a secret's value in the message", () => {
    const error = configErrorOf({ SESSION_SECRET: "hunter2" });
    expect(error.message).not.toContain("hunter2");
  });

  it("names every invalid variable at once", () => {
    const error = configErrorOf({ PORT: "x", LOG_LEVEL: "loud" });
    expect(error.variables.sort()).toEqual(["LOG_LEVEL", "PORT"]);
  });

  it("requires ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(configErrorOf({ ADMIN_EMAIL: "ops@example.com" }).variables).toEqual(["ADMIN_PASSWORD"]);
    expect(configErrorOf({ ADMIN_PASSWORD: "a-long-admin-password" }).variables).toEqual(["ADMIN_EMAIL"]);
  });

  it("reads TRUST_PROXY as a flag, a hop count or a list of proxy addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1");
  });

  it("accepts both spellings of the PostgreSQL scheme and the boolean flags", () => {
    expect(loadConfig({ DATABASE_URL: "postgresql://h/db" }).databaseUrl).toBe("postgresql://h/db");
    expect(loadConfig({ SEED_DEMO: "0" }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "true" }).seedDemo).toBe(true);
  });
});
