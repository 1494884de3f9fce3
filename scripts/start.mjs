#!/usr/bin/env node
// `npm start`: builds only when the sources changed since the last build (scripts/build-stamp.mjs), then runs
// the production server in this same process. A fresh clone and any edit build; an unchanged checkout starts
// at once.
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildIsCurrent } from "./build-stamp.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

if (buildIsCurrent(root)) {
  process.stdout.write("start: dist/ is up to date with the sources; not building\n");
} else {
  const built = spawnSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(pathToFileURL(join(root, "dist", "server", "main.js")).href);
