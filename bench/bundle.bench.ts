/**
 * Bundle size of the sign-in route: the gzip size of every JavaScript file a browser loads to show /login,
 * i.e. the entry chunk from dist/web/index.html, the login route's lazy chunk, and all their static imports
 * (read from Vite's manifest), plus its styles, which the build inlines into index.html (ADR 0056). Target: at
 * most 100 KB gzipped, the budget a broker's phone is given for the sign-in screen's script and CSS. It also
 * fails if the sign-in screen loads a stylesheet file, another screen's feature folder, or its form check
 * (which brings zod) before the user types. Builds first when dist/web is missing.
 *
 *   npm run bench:bundle
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { printReportHeader, reportFigure } from "./lib/report";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const ROOT = resolve(import.meta.dirname, "..");
const WEB = join(ROOT, "dist/web");
const LOGIN_ROUTE_SOURCE = "src/web/app/routes/login-route.tsx";
const TARGET_KB = 100;
/** The sign-in form's check: loaded on first focus, never with the screen. */
const LOGIN_CHECK_SOURCE = "src/web/features/auth/lib/validate-login.ts";

function ensureBuilt(): void {
  if (existsSync(join(WEB, ".vite/manifest.json"))) return;
  const result = spawnSync(process.execPath, [join(ROOT, "scripts/build.mjs")], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** The manifest keys of a chunk and everything it imports statically (what loads before it can run). */
function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The Vite manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
}

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(join(WEB, file)), { level: 9 }).length;
}

function main(): void {
  ensureBuilt();
  const manifest = JSON.parse(readFileSync(join(WEB, ".vite/manifest.json"), "utf8")) as Manifest;
  const html = readFileSync(join(WEB, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)].map((match) => match[1]);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("The Vite manifest has no entry chunk");
  const entryFile = manifest[entryKey]?.file;
  if (!scripts.includes(entryFile)) throw new Error(`index.html does not load the entry chunk ${entryFile}`);
  if (!manifest[LOGIN_ROUTE_SOURCE])
    throw new Error(`The sign-in route is not a chunk of its own (${LOGIN_ROUTE_SOURCE})`);

  const keys = new Set([...withStaticImports(manifest, entryKey), ...withStaticImports(manifest, LOGIN_ROUTE_SOURCE)]);
  const files = [...keys]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => Boolean(file?.endsWith(".js")));
  const forbidden = [...keys].filter((key) =>
    /features\/(rating-versions|users|audit-logs|quote-wizard|underwriting)\//.test(key),
  );
  if (forbidden.length > 0) throw new Error(`The sign-in route loads other screens' code: ${forbidden.join(", ")}`);

  if (keys.has(LOGIN_CHECK_SOURCE)) throw new Error("The sign-in route loads its form check (and zod) up front");
  const stylesheets = [...keys].flatMap((key) => manifest[key]?.css ?? []);
  if (stylesheets.length > 0 || /<link[^>]+rel="stylesheet"/.test(html))
    throw new Error(`The sign-in route loads a stylesheet file: ${stylesheets.join(", ") || "index.html"}`);
  const inlineStyles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
  if (!inlineStyles)
    throw new Error("index.html has no inlined styles: the build's inline-entry-stylesheet step did not run");

  printReportHeader("Bundle: JavaScript and CSS the sign-in route loads (gzip -9)");
  let total = gzipSync(inlineStyles, { level: 9 }).length;
  reportFigure("  styles inlined in index.html", total / 1024, "KB", null);
  for (const file of files) {
    const bytes = gzipBytes(file);
    total += bytes;
    reportFigure(`  ${file}`, bytes / 1024, "KB", null);
  }
  const record = reportFigure("sign-in route JavaScript and CSS, gzipped", total / 1024, "KB", {
    kind: "at most",
    value: TARGET_KB,
  });
  if (!record.holds) process.exitCode = 1;
}

main();
