// The build's stamp: one hash of everything `npm run build` reads, written into dist/ when a full build
// succeeds. `npm start` (scripts/start.mjs) and the browser tests build only when the stamp in dist/ differs
// from the sources' stamp now: a fresh clone has no stamp, any edit changes the hash, a failed build leaves none.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What the build reads, relative to the repository root (folders are read whole). */
export const BUILD_INPUTS = [
  "src",
  "public",
  "index.html",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "scripts/build.mjs",
  "scripts/build-stamp.mjs",
  "scripts/precompress.mjs",
];

export const STAMP_FILE = join("dist", ".build-stamp");

function addPath(hash, root, relative) {
  const path = join(root, relative);
  if (!existsSync(path)) {
    hash.update(`missing ${relative}\0`);
    return;
  }
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) addPath(hash, root, `${relative}/${entry}`);
    return;
  }
  hash.update(`file ${relative}\0`);
  hash.update(readFileSync(path));
  hash.update("\0");
}

/**
 * The hash of the build's inputs under `root`, and of the mode it builds in: React's production or development
 * build follows the NODE_ENV the build runs with, which is production unless set.
 */
export function sourcesStamp(root, nodeEnv = process.env.NODE_ENV) {
  const hash = createHash("sha256");
  hash.update(`NODE_ENV ${nodeEnv || "production"}\0`);
  const configs = readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name));
  for (const relative of [...BUILD_INPUTS, ...configs.sort()]) addPath(hash, root, relative);
  return hash.digest("hex");
}

/**
 * True when dist/ under `root` was built by a full build, in the mode `nodeEnv` names, from exactly the
 * sources there now.
 */
export function buildIsCurrent(root, nodeEnv = process.env.NODE_ENV) {
  const stampPath = join(root, STAMP_FILE);
  if (!existsSync(stampPath)) return false;
  return readFileSync(stampPath, "utf8").trim() === sourcesStamp(root, nodeEnv);
}

/** Forgets the last build (a build starting over dist/ may leave it half written). */
export function clearStamp(root) {
  rmSync(join(root, STAMP_FILE), { force: true });
}

/** Records that dist/ now matches the sources; called at the end of a successful full build. */
export function writeStamp(root) {
  mkdirSync(join(root, "dist"), { recursive: true });
  writeFileSync(join(root, STAMP_FILE), `${sourcesStamp(root)}\n`);
}
