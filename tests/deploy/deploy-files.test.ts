/**
 * The deployment files hold together: the compose file names PostgreSQL, two app instances and the proxy, its
 * app environment is one the server accepts (every variable is one config.ts reads), the proxy sends to both
 * instances, and the image builds from the production bundle and runs it as an unprivileged user.
 * The proxy compresses only what the app leaves uncompressed, text only, whole answers only.
 * No YAML library is a dependency, so the compose file is read by its structure: two-space indentation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { COMPRESS_MIN_BYTES } from "../../src/server/http/compression";

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** Top-level keys of a YAML mapping block, or the keys one level below `parent`. */
function keysUnder(text: string, parent: string | undefined): string[] {
  const lines = text.split("\n").filter((line) => line.trim() !== "" && !line.trimStart().startsWith("#"));
  if (parent === undefined) return lines.filter((l) => /^\S[^:]*:/.test(l)).map((l) => l.split(":")[0] ?? "");
  const start = lines.indexOf(`${parent}:`);
  expect(start, `${parent}: in the compose file`).toBeGreaterThanOrEqual(0);
  const keys: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const match = /^ {2}([\w.-]+):/.exec(line);
    if (match?.[1]) keys.push(match[1]);
  }
  return keys;
}

/** The app instances' environment (the `x-app` anchor's `environment:` block), as written. */
function appEnvironment(compose: string): Record<string, string> {
  const lines = compose.split("\n");
  const start = lines.indexOf("  environment:");
  const env: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trimStart().startsWith("#")) continue;
    const match = /^ {4}([A-Z_]+): (.*)$/.exec(line);
    if (!match?.[1]) break;
    env[match[1]] = (match[2] ?? "").replace(/^"(.*)"$/, "$1");
  }
  return env;
}

/** Compose's interpolation: `${X:-default}` gives the default, `${X:?message}` the operator's value. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
    if (given[name] !== undefined) return given[name];
    if (kind === "?") throw new Error(`${name} must be given`);
    return rest ?? "";
  });
}

describe("deploy/compose.yaml", () => {
  const compose = read("deploy/compose.yaml");

  it("is YAML by its structure: spaces only, no tabs, a services and a volumes mapping", () => {
    expect(compose).not.toContain("\t");
    expect(keysUnder(compose, undefined)).toEqual(["x-app", "services", "volumes"]);
    expect(keysUnder(compose, "volumes")).toEqual(["pgdata", "caddy_data"]);
  });

  it("runs PostgreSQL, two app instances from the same anchor and the proxy", () => {
    expect(keysUnder(compose, "services")).toEqual(["postgres", "app1", "app2", "proxy"]);
    expect(compose).toMatch(/^ {2}app1:\n {4}<<: \*app$/m);
    expect(compose).toMatch(/^ {2}app2:\n {4}<<: \*app$/m);
    expect(compose).toContain("x-app: &app");
    expect(compose).toMatch(/image: postgres:\d+/);
  });

  it("gives the instances an environment the server accepts: shared secret, PostgreSQL, one proxy hop", () => {
    const written = appEnvironment(compose);
    const configSource = read("src/server/config.ts");
    for (const name of Object.keys(written)) expect(configSource, `${name} is read by config.ts`).toContain(`${name}:`);
    expect(Object.keys(written)).toEqual(
      expect.arrayContaining(["DATABASE_URL", "SESSION_SECRET", "PUBLIC_URL", "TRUST_PROXY", "HOST", "PORT"]),
    );

    const operator = { POSTGRES_PASSWORD: "pw", SESSION_SECRET: "a-session-secret-of-at-least-32-characters" };
    const env = Object.fromEntries(Object.entries(written).map(([k, v]) => [k, interpolate(v, operator)]));
    const config = loadConfig(env);
    expect(config.databaseUrl).toBe("postgres://pqe:pw@postgres:5432/pqe");
    expect(config.sessionSecret).toBe(operator.SESSION_SECRET);
    expect(config.sessionSecretGenerated).toBe(false);
    expect(config.trustProxy).toBe(1);
    expect(config.host).toBe("0.0.0.0");
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(false);
    // Without the secret or the database password, compose refuses to start rather than making one per instance.
    expect(() => interpolate(written.SESSION_SECRET ?? "", {})).toThrow("SESSION_SECRET must be given");
    expect(() => interpolate(written.DATABASE_URL ?? "", {})).toThrow("POSTGRES_PASSWORD must be given");
  });

  it("mounts the proxy's configuration, which sends to both instances and checks /healthz", () => {
    expect(compose).toContain("./Caddyfile:/etc/caddy/Caddyfile:ro");
    const caddyfile = read("deploy/Caddyfile");
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toContain("health_uri /healthz");
  });
});

/** The lines of a `name { ... }` block of the Caddyfile (its first at that name), without comments. */
function caddyBlock(caddyfile: string, name: string): string[] {
  const lines = caddyfile.split("\n").map((line) => line.replace(/#.*$/, "").trim());
  const start = lines.indexOf(`${name} {`);
  expect(start, `${name} { in the Caddyfile`).toBeGreaterThanOrEqual(0);
  const block: string[] = [];
  let depth = 1;
  for (const line of lines.slice(start + 1)) {
    depth += (line.match(/\{/g)?.length ?? 0) - (line.match(/\}/g)?.length ?? 0);
    if (depth === 0) break;
    if (line !== "") block.push(line);
  }
  return block;
}

describe("deploy/Caddyfile's compression", () => {
  const caddyfile = read("deploy/Caddyfile");
  const encode = caddyBlock(caddyfile, "encode");
  const match = caddyBlock(caddyfile, "match");
  const contentTypes = match
    .filter((line) => line.startsWith("header Content-Type "))
    .map((line) => line.split(" ")[2]);
  /** Caddy's header matcher: `*` at the end of a value matches any rest. */
  const matches = (type: string) =>
    contentTypes.some((pattern) => (pattern?.endsWith("*") ? type.startsWith(pattern.slice(0, -1)) : type === pattern));

  it("compresses with zstd, then gzip, from the app's own threshold up", () => {
    expect(encode.slice(0, 2)).toEqual(["zstd", "gzip"]);
    expect(encode).toContain(`minimum_length ${COMPRESS_MIN_BYTES}`);
  });

  it("compresses text, and never PDFs, workbooks, zips, images or fonts", () => {
    for (const type of [
      "application/json; charset=utf-8",
      "text/csv; charset=utf-8",
      "text/html; charset=utf-8",
      "text/css; charset=utf-8",
      "application/javascript; charset=utf-8",
      "text/javascript; charset=utf-8",
      "image/svg+xml",
    ]) {
      expect(matches(type), type).toBe(true);
    }
    for (const type of [
      "application/pdf",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/zip",
      "application/octet-stream",
      "image/png",
      "font/woff2",
    ]) {
      expect(matches(type), type).toBe(false);
    }
  });

  it("compresses whole answers only, never a 206's bytes of the uncompressed file", () => {
    expect(match).toContain("status 200");
  });

  it("passes the client's Accept-Encoding to the app as sent, so it never asks for gzip only to inflate it", () => {
    expect(caddyBlock(caddyfile, "transport http")).toEqual(["compression off"]);
    // encode comes before reverse_proxy: it wraps the app's answers.
    expect(caddyfile.indexOf("encode {")).toBeLessThan(caddyfile.indexOf("reverse_proxy "));
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;

  it("builds in one stage and runs dist/ with production dependencies only in another, as a non-root user", () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+) AS (\w+)$/gm)].map((m) => m[2]);
    expect(stages).toEqual(["build", "runtime"]);
    const [build = "", runtime = ""] = dockerfile.split(/^FROM .* AS runtime$/m);
    expect(build).toMatch(/^RUN npm ci$/m);
    expect(build).toMatch(/^RUN npm run build$/m);
    expect(runtime).toMatch(/^RUN npm ci --omit=dev/m);
    expect(runtime).toContain("COPY --from=build /app/dist ./dist");
    expect(runtime).not.toMatch(/^COPY \. /m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(runtime).toContain('CMD ["node", "dist/server/main.js"]');
  });

  it("uses a Node version package.json's engines allow", () => {
    const version = /^ARG NODE_VERSION=(\d+)\.(\d+)$/m.exec(dockerfile);
    expect(version).not.toBeNull();
    const [major, minor] = [Number(version?.[1]), Number(version?.[2])];
    expect(engines).toBe(">=24");
    // An LTS line (even major) the engines range allows: 24 or 26.
    expect(major).toBeGreaterThanOrEqual(24);
    expect(major % 2).toBe(0);
    expect(minor).toBeGreaterThanOrEqual(0);
  });

  it("has a .dockerignore that keeps node_modules, dist and the embedded database out of the build", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", "dist", "data", ".git", ".env"]) expect(ignored).toContain(entry);
  });
});
