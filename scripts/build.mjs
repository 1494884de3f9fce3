#!/usr/bin/env node
// `npm run build`: the production build into dist/.
//   1. the web app (when index.html exists at the root): `vite build` -> dist/web
//   2. the server: one ESM bundle dist/server/main.js (npm packages stay external, resolved from node_modules)
//   3. files the server reads at run time, copied beside the bundle: the SQL migrations, the PDF fonts
// `npm start` runs this and then `node dist/server/main.js`. `--server-only` skips step 1.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();

function step(message) {
  process.stdout.write(`build: ${message}\n`);
}

const serverOnly = process.argv.includes("--server-only");

if (serverOnly) {
  step("--server-only: skipping the web app");
} else if (existsSync(join(root, "index.html"))) {
  step("web app (vite build -> dist/web)");
  const vite = spawnSync(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (vite.status !== 0) {
    process.stderr.write("build: vite build failed\n");
    process.exit(vite.status ?? 1);
  }
} else {
  step("no index.html at the root: skipping the web app");
}

step("server (esbuild -> dist/server/main.js)");
const serverOut = join(root, "dist", "server");
rmSync(serverOut, { recursive: true, force: true });
await build({
  entryPoints: [join(root, "src", "server", "main.ts")],
  outfile: join(serverOut, "main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
});

const runtimeFiles = [
  ["src/server/db/migrations", "migrations"],
  ["src/server/features/documents/fonts", "fonts"],
];
for (const [from, to] of runtimeFiles) {
  const source = join(root, from);
  if (existsSync(source)) {
    cpSync(source, join(serverOut, to), { recursive: true });
    step(`copied ${from} -> dist/server/${to}`);
  }
}

step(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
