/**
 * The API's answers compressed as they are sent (@fastify/compress): JSON, the bordereau's CSV, the OpenAPI
 * document and its page, when the client accepts brotli or gzip and the answer is at least 1 KB. Below that the
 * saving is smaller than the headers that announce it. PDFs, XLSX workbooks and zip files are compressed inside
 * already and are sent as they are; so is anything another handler has already encoded (its Content-Encoding
 * is kept) and a partial answer (206). The web app's own files are compressed once, at build time (web-app.ts).
 */
import type { FastifyCompressOptions } from "@fastify/compress";

export const COMPRESS_MIN_BYTES = 1024;

/**
 * Content types compressed besides those mime-db calls compressible (which include text/csv, application/json and
 * JavaScript, and exclude application/pdf, application/zip, the XLSX type and application/octet-stream): any other
 * text, and JSON under a vendor type. Unlike the plugin's default, never application/octet-stream, which here
 * would be a file of unknown, likely compressed, content.
 */
export const ALSO_COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)/u;

export const apiCompression: FastifyCompressOptions = {
  // Brotli first: smaller than gzip at the plugin's quality 4 for about the same time. zstd is left to the proxy in
  // front (deploy/Caddyfile): Node 24 marks its zstd experimental.
  encodings: ["br", "gzip"],
  threshold: COMPRESS_MIN_BYTES,
  customTypes: ALSO_COMPRESSIBLE,
  // Request bodies are read as sent: no route takes a compressed upload, and inflating one would let a small
  // request grow past the body limit's intent.
  globalDecompression: false,
};
