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
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { printReportHeader, reportFigure } from "./lib/report";
import { measureSignInBundle, SIGN_IN_BUDGET_KB } from "./lib/sign-in-bundle";

const ROOT = resolve(import.meta.dirname, "..");
const WEB = join(ROOT, "dist/web");

function ensureBuilt(): void {
  if (existsSync(join(WEB, ".vite/manifest.json"))) return;
  const result = spawnSync(process.execPath, [join(ROOT, "scripts/build.mjs")], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

function main(): void {
  ensureBuilt();
  const bundle = measureSignInBundle(WEB);
  printReportHeader("Bundle: JavaScript and CSS the sign-in route loads (gzip -9)");
  reportFigure("  styles inlined in index.html", bundle.inlineStyles / 1024, "KB", null);
  for (const script of bundle.scripts) reportFigure(`  ${script.file}`, script.bytes / 1024, "KB", null);
  const record = reportFigure("sign-in route JavaScript and CSS, gzipped", bundle.total / 1024, "KB", {
    kind: "at most",
    value: SIGN_IN_BUDGET_KB,
  });
  if (!record.holds) process.exitCode = 1;
}

main();
