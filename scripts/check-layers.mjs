#!/usr/bin/env node
// Enforces the one-way layering of ARCHITECTURE.md:
//   src/domain -> nothing but its allow-listed pure packages
//   src/server -> src/domain (never src/web)
//   src/web    -> src/domain (never src/server, never node builtins)
//   inside src/web: a feature never imports another feature, and components/, lib/, hooks/ never import a
//   feature; features are put together only in src/web/app
// and, inside src/server, that features stay apart:
//   src/server/features/<a> -> another feature only through its services and its repository
//   src/server outside features (db, auth, audit, mail, plugins) -> no feature (app.ts registers them all)
// Exits non-zero and names every offending import. Exported for its own test.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Packages the pure domain may use. Anything else (frameworks, I/O, node builtins) breaks the build. */
export const DOMAIN_PACKAGES = ["zod", "@marcbachmann/cel-js", "@zxcvbn-ts/core", "@zxcvbn-ts/language-common"];
/** Packages only the domain's own tests may use. */
export const DOMAIN_TEST_PACKAGES = ["vitest", "fast-check"];

/**
 * What a server feature offers other features on purpose: its services (`service.ts`, `<name>-service.ts`) and
 * its repository. Its routes, and the modules its own services are built from, stay its own.
 */
export const FEATURE_PUBLIC_MODULE = /^(service|[\w-]+-service|repository)$/;
/**
 * Modules of a feature that other features may also use, each with what it offers them. Keep this list short:
 * a module other features need is better named as a service.
 */
export const FEATURE_PUBLIC_EXCEPTIONS = {
  // The quote as the API answers it: the documents print it and the underwriter's review shows it, so both
  // read the one mapping from the stored row rather than keep their own.
  "quotes/response": "the quote as the API answers it",
};

const IMPORT_RE =
  /(?:^|[^\w$.])(?:import|export)\s*(?:type\s+)?(?:[\w*${}\s,]+\s+from\s+)?["']([^"']+)["']|(?:^|[^\w$.])import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|[^\w$.])require\s*\(\s*["']([^"']+)["']\s*\)/g;

export function importsOf(source) {
  const specifiers = [];
  for (const match of source.matchAll(IMPORT_RE)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier) specifiers.push(specifier);
  }
  return specifiers;
}

function layerOf(root, absolutePath) {
  const rel = relative(root, absolutePath).split(sep).join("/");
  const match = /^src\/(domain|server|web)(\/|$)/.exec(rel);
  return match ? match[1] : null;
}

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * Inside the web app, a feature (src/web/features/X) stands alone: it never imports another feature, and the
 * shared folders (components/, lib/, hooks/) never import a feature. Only src/web/app composes features into
 * screens, so a feature can change or be lazily loaded without dragging others along.
 */
export function webFeatureViolations(root, file, specifier) {
  // The web app's "@web/..." alias names src/web just as a relative path would.
  const targetPath = specifier.startsWith("@web/")
    ? join(root, "src/web", specifier.slice("@web/".length))
    : specifier.startsWith(".") || specifier.startsWith("/")
      ? resolve(dirname(file), specifier)
      : null;
  if (targetPath === null) return [];
  const toRepoPath = (path) => relative(root, path).split(sep).join("/");
  const from = /^src\/web\/(?:features\/([^/]+)|(components|lib|hooks)(?:\/|$))/.exec(toRepoPath(file));
  if (!from) return [];
  const target = /^src\/web\/features\/([^/]+)/.exec(toRepoPath(targetPath));
  if (!target) return [];
  const where = `${toRepoPath(file)} imports "${specifier}"`;
  if (from[1] !== undefined) {
    return from[1] === target[1]
      ? []
      : [`${where}: web features do not import each other (share it through src/web/lib or src/web/components)`];
  }
  return [`${where}: src/web/${from[2]} is shared and may not import a feature (compose features in src/web/app)`];
}

/** The feature a path under src/server/features belongs to and the module inside it, or null. */
function featureOf(root, absolutePath) {
  const rel = relative(root, absolutePath)
    .split(sep)
    .join("/")
    .replace(/\.(ts|tsx|mts|js|mjs)$/, "");
  const match = /^src\/server\/features\/([^/]+)(?:\/(.+))?$/.exec(rel);
  return match ? { feature: match[1], module: match[2] ?? "index" } : null;
}

/** Why an import from one server file to another breaks the features' separation, or null when it does not. */
function serverFeatureViolation(root, file, targetPath) {
  const target = featureOf(root, targetPath);
  if (!target) return null;
  // The route table registers every feature's routes: it is the one file that may import them all.
  if (/^src\/server\/features\/index\.\w+$/.test(relative(root, file).split(sep).join("/"))) return null;
  // The worker threads' entry hands each task to the feature that owns it, as the route table does requests.
  if (/^src\/server\/workers\/tasks\.\w+$/.test(relative(root, file).split(sep).join("/"))) return null;
  const from = featureOf(root, file);
  if (!from) return "server infrastructure may not import a feature (features use infrastructure, not the other way)";
  if (from.feature === target.feature) return null;
  const name = `${target.feature}/${target.module}`;
  if (FEATURE_PUBLIC_MODULE.test(target.module) || name in FEATURE_PUBLIC_EXCEPTIONS) return null;
  return `a feature may import another feature only through its service or repository, not ${name}`;
}

/** Returns the list of violations for one file's source. */
export function checkFile(root, file, source) {
  const layer = layerOf(root, file);
  if (!layer) return [];
  const isTest = /\.(test|spec)\.tsx?$/.test(file);
  const violations = [];
  for (const specifier of importsOf(source)) {
    const isRelative = specifier.startsWith(".") || specifier.startsWith("/");
    const target = isRelative ? layerOf(root, resolve(dirname(file), specifier)) : null;
    const where = `${relative(root, file)} imports "${specifier}"`;
    if (layer === "web") violations.push(...webFeatureViolations(root, file, specifier));
    if (isRelative) {
      if (target === null) {
        if (layer === "domain") violations.push(`${where}: src/domain may not import outside src/domain`);
        continue;
      }
      if (layer === "domain" && target !== "domain")
        violations.push(`${where}: src/domain may not import src/${target}`);
      if (layer === "web" && target === "server") violations.push(`${where}: src/web may not import src/server`);
      if (layer === "server" && target === "web") violations.push(`${where}: src/server may not import src/web`);
      if (layer === "server" && target === "server") {
        const why = serverFeatureViolation(root, file, resolve(dirname(file), specifier));
        if (why) violations.push(`${where}: ${why}`);
      }
      continue;
    }
    if (layer === "domain") {
      const name = packageName(specifier);
      const allowed = DOMAIN_PACKAGES.includes(name) || (isTest && DOMAIN_TEST_PACKAGES.includes(name));
      if (!allowed) violations.push(`${where}: src/domain must stay pure (allowed: ${DOMAIN_PACKAGES.join(", ")})`);
    }
    if (layer === "web" && (specifier.startsWith("node:") || specifier === "fs" || specifier === "path")) {
      violations.push(`${where}: src/web runs in the browser and may not import Node built-ins`);
    }
  }
  return violations;
}

function* walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry)) yield path;
  }
}

export function checkTree(root) {
  const violations = [];
  for (const file of walk(join(root, "src"))) {
    violations.push(...checkFile(root, file, readFileSync(file, "utf8")));
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const violations = checkTree(root);
  if (violations.length > 0) {
    console.error(`Layering check failed (${violations.length}):\n${violations.map((v) => `  - ${v}`).join("\n")}`);
    process.exit(1);
  }
  console.log(
    "Layering check passed: domain is pure; web and server meet only in domain; server features meet only through services and repositories.",
  );
}
