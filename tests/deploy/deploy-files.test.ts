/**
 * The deployment files hold together: the compose file names PostgreSQL, two app instances and the proxy, its
 * app environment is one the server accepts (every variable is one config.ts reads), the proxy sends to both
 * instances, and the image builds from the production bundle and runs it as an unprivileged user.
 * No YAML library is a dependency, so the compose file is read by its structure: two-space indentation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";

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
