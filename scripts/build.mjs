#!/usr/bin/env node
// `npm run build`: the production build into dist/.
//   1. the web app (when index.html exists at the root): `vite build` -> dist/web, then brotli and gzip copies of
//      its fingerprinted files in dist/web/assets where they pay (scripts/precompress.mjs)
//   2. the server: an ESM bundle dist/server/main.js with its npm packages inside (main.js itself only turns on
//      Node's module compile cache and loads the server's chunk), the worker threads' entry
//      dist/server/worker.js (src/server/workers/tasks.ts), and chunks beside them for what they load on first use
//   3. files the server reads at run time, copied beside the bundle: the SQL migrations, the PDF fonts
//   4. the offline receipt verifier: one file, dist/verify/verify-receipt.mjs, that runs with Node alone
//   5. the stamp of the sources built (scripts/build-stamp.mjs) into dist/.build-stamp, after a full build only
// `npm start` (scripts/start.mjs) runs this only when that stamp differs from the sources' now, then serves
// dist/server/main.js. `--server-only` skips step 1 and leaves no stamp.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { clearStamp, writeStamp } from "./build-stamp.mjs";
import { precompressDirectory } from "./precompress.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();

function step(message) {
  process.stdout.write(`build: ${message}\n`);
}

const serverOnly = process.argv.includes("--server-only");
// From here on dist/ may no longer match the last build: only a full build that gets to the end stamps it again.
clearStamp(root);

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
  const assets = join(root, "dist", "web", "assets");
  if (existsSync(assets)) {
    const files = await precompressDirectory(assets);
    // What a browser downloads for all of them: a file without a copy is sent as it is.
    const total = (size) => files.reduce((sum, file) => sum + size(file), 0);
    step(
      `precompressed ${files.filter((file) => file.br !== undefined).length} of ${files.length} files in dist/web/assets: ` +
        `${total((file) => file.bytes)} bytes, sent as ${total((file) => file.br ?? file.bytes)} with brotli, ` +
        `${total((file) => file.gzip ?? file.bytes)} with gzip`,
    );
  }
} else {
  step("no index.html at the root: skipping the web app");
}

/*
 * The API docs page's plugin finds its page files through __dirname, which a bundled module no longer has: it
 * gets its own folder in node_modules back, looked up when the server starts (so a copied dist/ still finds it).
 */
const swaggerUiFolders = {
  name: "swagger-ui-folders",
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/](index|lib[\\/]routes)\.js$/ }, (args) => {
      const folder = /[\\/]lib[\\/]routes\.js$/.test(args.path) ? "lib" : ".";
      const dirname = `require("node:path").join(require("node:path").dirname(require.resolve("@fastify/swagger-ui")), ${JSON.stringify(folder)})`;
      return { contents: `var __dirname = ${dirname};\n${readFileSync(args.path, "utf8")}`, loader: "js" };
    });
  },
};

/*
 * @fastify/compress takes Readable and Transform from readable-stream, npm's copy of Node's own streams made for
 * browsers (about 200 KB with its polyfills, evaluated at every start). On the server they are Node's own, so the
 * plugin is given node:stream. Only its imports: other packages' older readable-stream majors differ.
 */
const nodeStreamsForCompress = {
  name: "node-streams-for-compress",
  setup(builder) {
    builder.onResolve({ filter: /^readable-stream$/ }, (args) =>
      /[\\/]@fastify[\\/]compress[\\/]/.test(args.importer) ? { path: "node:stream", external: true } : undefined,
    );
  },
};

step("server (esbuild -> dist/server/main.js, dist/server/worker.js)");
const serverOut = join(root, "dist", "server");
rmSync(serverOut, { recursive: true, force: true });
await build({
  // The worker threads run worker.js, found beside the module that starts them (src/server/workers/pool.ts);
  // what both sides use (the domain, the renderers) is shared in chunks rather than bundled twice.
  entryPoints: {
    // main.js turns on Node's module compile cache, then loads the server (src/server/main.ts) from a chunk.
    main: join(root, "src", "server", "bundle-entry.ts"),
    worker: join(root, "src", "server", "workers", "tasks.ts"),
  },
  outdir: serverOut,
  // What the server loads on first use (the document renderers, mail, the database driver not in use) goes into
  // chunks of its own beside main.js, so start-up does not evaluate it.
  splitting: true,
  chunkNames: "[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  // The server's npm packages are bundled: one file read and parsed instead of hundreds resolved one by one.
  // Kept external: PGlite (its WebAssembly and data files sit beside its code), the native argon2 binding, the
  // document and mail packages (loaded on first use only), piscina (its threads start from the worker.js in its own
  // folder; the server's worker entry is worker.js here), and pg-native (node-postgres tries it when asked for native bindings; it is not installed).
  external: ["@electric-sql/pglite", "@node-rs/argon2", "pdfkit", "fontkit", "nodemailer", "pg-native", "piscina"],
  // Bundled CommonJS packages call require() for Node's own modules; an ES module has none of its own.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  plugins: [swaggerUiFolders, nodeStreamsForCompress],
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

/*
 * The offline verifier (docs/product/receipts.md): one file with the engine inside that rates a receipt again with
 * `node verify-receipt.mjs FILE`, no database and no node_modules, so a capacity provider can run it anywhere.
 */
step("offline verifier (esbuild -> dist/verify/verify-receipt.mjs)");
await build({
  entryPoints: [join(root, "scripts", "verify-receipt.ts")],
  outfile: join(root, "dist", "verify", "verify-receipt.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Small enough to send to a capacity provider beside a month's receipts.
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});

if (!serverOnly) writeStamp(root);
step(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
