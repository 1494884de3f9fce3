#!/usr/bin/env node
// Enforces the one-way layering of ARCHITECTURE.md:
//   src/domain -> nothing but its allow-listed pure packages
//   src/server -> src/domain (never src/web)
//   src/web    -> src/domain (never src/server, never node builtins)
//   inside src/web: a feature never imports another feature, and components/, lib/, hooks/ never import a
//   feature; features are put together only in src/web/app
// Exits non-zero and names every offending import. Exported for its own test.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Packages the pure domain may use. Anything else (frameworks, I/O, node builtins) breaks the build. */
export const DOMAIN_PACKAGES = ["zod", "@marcbachmann/cel-js"];
/** Packages only the domain's own tests may use. */
export const DOMAIN_TEST_PACKAGES = ["vitest", "fast-check"];

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
  console.log("Layering check passed: domain is pure; web and server meet only in domain.");
}
