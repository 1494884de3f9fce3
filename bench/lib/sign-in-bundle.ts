/**
 * What the sign-in screen downloads, read from a production build's Vite manifest: the entry chunk index.html
 * loads, the sign-in route's lazy chunk, all their static imports, and the styles the build inlines into
 * index.html (ADR 0056), each gzipped at level 9. `npm run bench:bundle` reports it against its 100 KB budget,
 * and a browser test holds the same budget on every `npm test`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

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

/** The budget for the sign-in screen's script and CSS, gzipped: what a broker's phone is given for it. */
export const SIGN_IN_BUDGET_KB = 100;
const LOGIN_ROUTE_SOURCE = "src/web/app/routes/login-route.tsx";
/** The sign-in form's check: loaded on first focus, never with the screen. */
const LOGIN_CHECK_SOURCE = "src/web/features/auth/lib/validate-login.ts";

export interface SignInBundle {
  /** Gzipped bytes of the inlined styles. */
  inlineStyles: number;
  /** Each script file and its gzipped bytes. */
  scripts: { file: string; bytes: number }[];
  /** Everything together, gzipped bytes. */
  total: number;
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

/**
 * Measures the sign-in screen of the build in `webDir` (dist/web). Throws when the screen loads what it must not:
 * another screen's code, its form check (and with it zod), or a stylesheet file.
 */
export function measureSignInBundle(webDir: string): SignInBundle {
  const manifestFile = join(webDir, ".vite/manifest.json");
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const html = readFileSync(join(webDir, "index.html"), "utf8");
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
  const inlined = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
  if (!inlined)
    throw new Error("index.html has no inlined styles: the build's inline-entry-stylesheet step did not run");

  const inlineStyles = gzipSync(inlined, { level: 9 }).length;
  const measured = files.map((file) => ({
    file,
    bytes: gzipSync(readFileSync(join(webDir, file)), { level: 9 }).length,
  }));
  return {
    inlineStyles,
    scripts: measured,
    total: measured.reduce((sum, script) => sum + script.bytes, inlineStyles),
  };
}
