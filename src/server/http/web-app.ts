/**
 * The built web app (dist/web), served by @fastify/static:
 *  - `assets/`: Vite's fingerprinted files (a new build gives changed files new names), cached for a year and never
 *    revalidated. The build leaves a brotli (`.br`) and a gzip (`.gz`) copy beside each file that gains from it
 *    (scripts/precompress.mjs). A client that accepts one gets it, with `Content-Encoding`, its own ETag and byte
 *    ranges of it; the answer always says `Vary: Accept-Encoding`. A copy is checked against its file before it is
 *    first sent: one that is missing, empty, cut short or from another build is never sent, the file itself is.
 *  - the other files at the root (favicon.svg): revalidated on every use and sent as they are. The page itself
 *    (index.html) is answered by web-page.ts, compressed.
 * Nothing here is compressed per request (the API's answers are: src/server/http/compression.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliDecompress, gunzip } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";

export const ASSETS_PREFIX = "/assets/";
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const PAGE_CACHE_CONTROL = "no-cache";

interface Copy {
  encoding: "br" | "gzip";
  /** The suffix @fastify/static looks for beside the file. */
  extension: ".br" | ".gz";
  decompress(bytes: Buffer, options: { maxOutputLength: number }): Promise<Buffer>;
}

/** In the server's order of preference when the client has none: brotli is the smaller. */
const COPIES: readonly Copy[] = [
  { encoding: "br", extension: ".br", decompress: promisify(brotliDecompress) },
  { encoding: "gzip", extension: ".gz", decompress: promisify(gunzip) },
];

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";

/**
 * Whether `file`'s copy decodes to exactly the file's bytes. A file with no copy (too small, or a format that is
 * compressed already) answers false quietly; a copy that does not match is reported once.
 */
async function copyIsSound(directory: string, file: string, copy: Copy, log: FastifyBaseLogger): Promise<boolean> {
  try {
    const packed = await readFile(join(directory, file + copy.extension));
    const original = await readFile(join(directory, file));
    // Decoding stops one byte past the file's size: a copy of something larger is wrong, however large it is.
    const unpacked = await copy.decompress(packed, { maxOutputLength: original.length + 1 });
    if (unpacked.equals(original)) return true;
    log.warn({ file, encoding: copy.encoding }, "a precompressed copy differs from its file; sending the file itself");
  } catch (error) {
    if (isMissing(error)) return false;
    log.warn(
      { file, encoding: copy.encoding, err: error },
      "a precompressed copy cannot be used; sending the file itself",
    );
  }
  return false;
}

/**
 * The encoding of `offered` (in the server's order of preference) that an Accept-Encoding header prefers, if any.
 * As @fastify/static and @fastify/compress read the header: `*` (any) and the old `x-gzip` both mean gzip.
 */
export function negotiateEncoding<Encoding extends string>(
  accepted: string,
  offered: readonly Encoding[],
): Encoding | undefined {
  const choice = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, "gzip"), [...offered]);
  return offered.find((encoding) => encoding === choice);
}

/**
 * Before @fastify/static answers for a file under assets/, narrows the request's Accept-Encoding to the one copy it
 * should send: the client's preferred encoding among those whose copy is sound, or `identity` for the file itself.
 * @fastify/static picks a copy from that header and sends whatever it finds under the copy's name, so the header is
 * how it is told which copies were checked. Each copy is checked once per process, on first use (a handful of
 * milliseconds for the largest script), so start-up reads none of them.
 */
function narrowAcceptEncoding(directory: string, log: FastifyBaseLogger) {
  // One entry per file and encoding at most: the files are those found when the app started.
  const verdicts = new Map<string, Promise<boolean>>();
  const isSound = (file: string, copy: Copy): Promise<boolean> => {
    const key = file + copy.extension;
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      verdict = copyIsSound(directory, file, copy, log);
      verdicts.set(key, verdict);
    }
    return verdict;
  };

  return async (request: FastifyRequest): Promise<void> => {
    const accepted = request.headers["accept-encoding"];
    if (typeof accepted !== "string") return; // no Accept-Encoding: @fastify/static sends the file itself
    const file = (request.routeOptions.url ?? "").slice(ASSETS_PREFIX.length);
    let offered = COPIES;
    for (;;) {
      const choice = negotiateEncoding(
        accepted,
        offered.map((copy) => copy.encoding),
      );
      const copy = offered.find((candidate) => candidate.encoding === choice);
      if (copy === undefined) break;
      if (await isSound(file, copy)) {
        request.raw.headers["accept-encoding"] = copy.encoding;
        return;
      }
      offered = offered.filter((candidate) => candidate !== copy);
    }
    request.raw.headers["accept-encoding"] = "identity";
  };
}

/**
 * Security headers that browsers read only on a page (a document) or a worker, never on a script, stylesheet,
 * font or image: helmet sets them on every answer, and on each of a screen's fingerprinted files they were some
 * 500 bytes of a phone's download for nothing. What a file does use stays: `X-Content-Type-Options: nosniff` (a
 * script is run only when its type says so), `Cross-Origin-Resource-Policy` (no other site may load it),
 * `Referrer-Policy` (a stylesheet's own requests follow it) and, over https, `Strict-Transport-Security`.
 * The app starts no workers, so no asset is ever a worker's script.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;

/** Serves `webRoot` (which holds index.html); the caller answers `/` and client-side routes with index.html. */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    globIgnore: ["assets/**"],
    setHeaders(reply) {
      reply.header("cache-control", PAGE_CACHE_CONTROL);
    },
  });

  const assets = join(webRoot, "assets");
  // Its own context, so the narrowing of Accept-Encoding applies to these files only.
  await app.register(async (scope) => {
    scope.addHook("onRequest", narrowAcceptEncoding(assets, app.log));
    // The app's onRequest hooks (helmet's among them) have run by now.
    scope.addHook("onRequest", async (_request, reply) => {
      for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
    });
    await scope.register(fastifyStatic, {
      root: assets,
      prefix: ASSETS_PREFIX,
      wildcard: false,
      index: false,
      // reply.sendFile comes from the registration above.
      decorateReply: false,
      preCompressed: true,
      // The copies are sent in place of their file, never at an address of their own.
      globIgnore: COPIES.map((copy) => `**/*${copy.extension}`),
      // A missing assets/ folder (a build without a web app's files) serves nothing here.
      suppressWarning: true,
      // A fingerprinted file never changes and is never revalidated; its ETag serves a range request's If-Range.
      // Last-Modified would be some 46 bytes more on each of a screen's forty-odd files.
      lastModified: false,
      setHeaders(reply) {
        reply.header("cache-control", ASSET_CACHE_CONTROL);
      },
    });
  });
}
