// Precompressed copies of the web app's fingerprinted files, made once at build time (scripts/build.mjs) so the
// server sends a phone 80 KB of brotli instead of 290 KB of script without compressing anything per request.
// Beside each file that gains from it: `<file>.br` (brotli at its best quality) and `<file>.gz` (gzip level 9),
// the names @fastify/static, Caddy and nginx look for. The server checks each copy against its file before it
// first sends it (src/server/http/web-app.ts), so a wrong copy costs only the saving, never a broken page.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** Below this a file is sent as it is: the copy would save less than a request's own headers weigh. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** A copy is kept only when it is at most this fraction of its file's size. */
export const PRECOMPRESS_MAX_RATIO = 0.9;

/**
 * Formats that compress: text (scripts, styles, markup, data, source maps) and uncompressed fonts and WebAssembly.
 * Images, woff/woff2 fonts and archives are compressed already; a second pass only costs time.
 */
export const PRECOMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|wasm|ttf|otf)$/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const PRECOMPRESSED_COPIES = [
  {
    encoding: "br",
    extension: ".br",
    compress: (bytes) =>
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { encoding: "gzip", extension: ".gz", compress: (bytes) => gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }) },
];

/** The copy kind a file name is, if it is one. */
const copyKind = (name) => PRECOMPRESSED_COPIES.find((copy) => name.endsWith(copy.extension));

/**
 * Writes the copies that pay beside the files of `directory` (not its subfolders), and removes any copy left from
 * an earlier run that no longer pays or whose file is gone. Answers one line per file, for the build's log.
 */
export async function precompressDirectory(directory) {
  const entries = await readdir(directory, { withFileTypes: true });
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
  const originals = [...files].filter((name) => copyKind(name) === undefined);
  for (const name of files) {
    const kind = copyKind(name);
    // A copy whose file is gone; the copies of files still here are rewritten or removed below.
    if (kind && !files.has(name.slice(0, -kind.extension.length))) await rm(join(directory, name));
  }
  // Every file at once: zlib compresses on libuv's worker threads, so the build's cores are all used.
  const report = await Promise.all(
    originals.map(async (name) => {
      const bytes = await readFile(join(directory, name));
      const worth = bytes.length >= PRECOMPRESS_MIN_BYTES && PRECOMPRESSIBLE.test(name);
      const line = { file: name, bytes: bytes.length };
      for (const copy of PRECOMPRESSED_COPIES) {
        const target = join(directory, name + copy.extension);
        const compressed = worth ? await copy.compress(bytes) : undefined;
        if (compressed && compressed.length <= bytes.length * PRECOMPRESS_MAX_RATIO) {
          await writeFile(target, compressed);
          line[copy.encoding] = compressed.length;
        } else {
          await rm(target, { force: true });
        }
      }
      return line;
    }),
  );
  return report.sort((a, b) => a.file.localeCompare(b.file));
}
