/**
 * The app's one page (dist/web/index.html), answered at / and at every client-side route. The sign-in screen's
 * styles are inlined into it (ADR 0056), which makes it about 18 KB: more than a new connection carries in its
 * first round trip (some 14 KB), so a phone waited a second round trip before it could ask for any script. Brotli,
 * with the settings the build compresses the app's files with, makes it under 5 KB. The page is read and
 * compressed once, and again when the file changes under a running server (a new build); it is revalidated on
 * every use (`no-cache` and an ETag per encoding), so a new release reaches every browser at its next page load.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { PRECOMPRESSED_COPIES } from "../../../scripts/precompress.mjs";
import { negotiateEncoding, PAGE_CACHE_CONTROL } from "./web-app";

interface Variant {
  bytes: Buffer;
  etag: string;
}

interface Page {
  /** The file's modification time and size when it was read: a change to either means a new build. */
  version: string;
  identity: Variant;
  br: Variant;
  gzip: Variant;
}

/** The page as it is and in each encoding the build compresses the app's files in, with the build's own settings. */
async function compressed(html: Buffer): Promise<Omit<Page, "version">> {
  const hash = createHash("sha256").update(html).digest("base64url").slice(0, 22);
  const copies = await Promise.all(
    PRECOMPRESSED_COPIES.map(async (copy) => ({ encoding: copy.encoding, bytes: await copy.compress(html) })),
  );
  const variant = (encoding: "br" | "gzip"): Variant => {
    const copy = copies.find((candidate) => candidate.encoding === encoding);
    if (!copy) throw new Error(`The build makes no ${encoding} copies`);
    return { bytes: copy.bytes, etag: `"${hash}-${encoding}"` };
  };
  return { identity: { bytes: html, etag: `"${hash}"` }, br: variant("br"), gzip: variant("gzip") };
}

/** Whether the client's If-None-Match names this ETag (or is `*`), weak or strong. */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (typeof header !== "string") return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim().replace(/^W\//, "");
    return trimmed === "*" || trimmed === etag;
  });
}

/** Sends the page of `webRoot` in the encoding the client prefers among brotli, gzip and none. */
export function webPage(webRoot: string): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const file = join(webRoot, "index.html");
  let current: Promise<Page> | undefined;

  const page = async (): Promise<Page> => {
    const info = await stat(file);
    const version = `${info.mtimeMs}:${info.size}`;
    const known = await current?.catch(() => undefined);
    if (known?.version === version) return known;
    current = readFile(file).then(async (html) => ({ version, ...(await compressed(html)) }));
    return current;
  };

  return async (request, reply) => {
    const { identity, br, gzip } = await page();
    const accepted = request.headers["accept-encoding"];
    const encoding = typeof accepted === "string" ? negotiateEncoding(accepted, ["br", "gzip"]) : undefined;
    const variant = encoding === "br" ? br : encoding === "gzip" ? gzip : identity;
    reply
      .header("cache-control", PAGE_CACHE_CONTROL)
      .header("vary", "accept-encoding")
      .header("etag", variant.etag)
      .type("text/html; charset=utf-8");
    if (notModified(request, variant.etag)) return reply.status(304).send();
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(variant.bytes);
  };
}
