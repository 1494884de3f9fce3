/**
 * Compression, through HTTP against the app:
 *  - the web app's fingerprinted files get brotli and gzip copies at build time where they pay (scripts/precompress.mjs),
 *    and the server sends the copy the client accepts with Content-Encoding, Vary and the year-long immutable caching,
 *    byte ranges included; a copy that is missing, empty, garbled or from another file is never sent: the file is;
 *  - index.html is revalidated on every use (an ETag per encoding) and compressed for a client that accepts it;
 *  - API answers of 1 KB or more are compressed for a client that accepts it and decode to the same bytes; PDFs,
 *    XLSX workbooks and zip files never are; the CSV bordereau is.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { strToU8, zipSync } from "fflate";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PRECOMPRESS_MIN_BYTES, type PrecompressedFile, precompressDirectory } from "../../scripts/precompress.mjs";
import { todayInLondon } from "../../src/domain/format/dates";
import { ASSET_CACHE_CONTROL } from "../../src/server/http/web-app";
import { signIn } from "../support/auth";
import { describeEachDatabase } from "../support/harness";
import { call, createCompleteQuote, patchQuote, rateQuote } from "./quotes-fixtures";

/** A script of `lines` distinct functions: compresses as real bundled code does (to about a quarter). */
function script(lines: number, seed = 1): string {
  return Array.from(
    { length: lines },
    (_, i) =>
      `export function step${i}_${seed}(quote){return quote.premium*${(i * 7919 + seed) % 1000}+"${(i * 104729 + seed).toString(36)}";}`,
  ).join("\n");
}

/** Bytes that do not compress, as in an image or a woff2 font (a fixed generator: the same every run). */
function noise(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 0x2545f491;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

const ALL = "gzip, deflate, br, zstd"; // what Chromium sends
const decode = (response: LightMyRequestResponse): Buffer => {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload);
  if (encoding === "gzip") return gunzipSync(response.rawPayload);
  expect(encoding, "an encoding this test knows").toBeUndefined();
  return response.rawPayload;
};
const varyNames = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());

describe("the build's precompressed copies (scripts/precompress.mjs)", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "pqe-precompress-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("writes brotli and gzip copies of files that gain from them, each decoding to its file, and none of the rest", async () => {
    const files: Record<string, Buffer> = {
      "index-abc.js": Buffer.from(script(400)),
      "index-abc.css": Buffer.from(`.card{padding:1rem}\n`.repeat(200)),
      "tiny-abc.js": Buffer.from("export const x=1;"),
      "font-abc.woff2": noise(8000),
      "logo-abc.png": noise(8000),
      "random-abc.js": noise(8000), // a text format whose bytes do not compress: a copy would not pay
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(folder, name), bytes);

    const report = await precompressDirectory(folder);
    const line = (file: string) => report.find((entry) => entry.file === file) as PrecompressedFile;
    expect(report.map((entry) => entry.file)).toEqual(Object.keys(files).sort());
    for (const name of ["index-abc.js", "index-abc.css"]) {
      const original = files[name] as Buffer;
      const br = readFileSync(join(folder, `${name}.br`));
      const gz = readFileSync(join(folder, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
      expect(line(name)).toEqual({ file: name, bytes: original.length, br: br.length, gzip: gz.length });
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length / 3);
    }
    expect(files["tiny-abc.js"]?.length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
    for (const name of ["tiny-abc.js", "font-abc.woff2", "logo-abc.png", "random-abc.js"]) {
      expect(line(name), name).toEqual({ file: name, bytes: files[name]?.length });
    }
  });

  it("removes copies that no longer pay or whose file is gone when run again", async () => {
    writeFileSync(join(folder, "index-abc.js"), noise(8000)); // same name, now incompressible
    rmSync(join(folder, "index-abc.css"));
    await precompressDirectory(folder);
    const left = new Set(readdirSync(folder));
    for (const copy of ["index-abc.js.br", "index-abc.js.gz", "index-abc.css.br", "index-abc.css.gz"]) {
      expect(left.has(copy), copy).toBe(false);
    }
  });
});

describeEachDatabase("compression", (ctx) => {
  const webRoot = mkdtempSync(join(tmpdir(), "pqe-compression-web-"));
  const assets = join(webRoot, "assets");
  const files: Record<string, Buffer> = {
    "app-abc.js": Buffer.from(script(1500)),
    "app-abc.css": Buffer.from(`.quote-card{display:grid;gap:.5rem;padding:1rem}\n`.repeat(300)),
    "tiny-abc.js": Buffer.from("export const ok=true;"),
    "font-abc.woff2": noise(6000),
    "logo-abc.png": Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), noise(6000)]),
    "package-abc.zip": Buffer.from(zipSync({ "schedule.txt": strToU8(script(200)) })),
    // Copies damaged after the build, one way each:
    "garbled-abc.js": Buffer.from(script(600, 2)), // .br overwritten with noise; .gz sound
    "empty-abc.js": Buffer.from(script(600, 3)), // both copies zero bytes long
    "stale-abc.js": Buffer.from(script(600, 4)), // .br is a sound copy of another file
    "no-br-abc.js": Buffer.from(script(600, 5)), // .br deleted; .gz sound
    "cut-abc.js": Buffer.from(script(600, 6)), // .gz cut short; .br deleted
  };
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(assets, { recursive: true });
    writeFileSync(
      join(webRoot, "index.html"),
      `<!doctype html><title>PI Quote Engine</title><script type="module" src="/assets/app-abc.js"></script>${"<!-- -->".repeat(200)}`,
    );
    writeFileSync(join(webRoot, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`);
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(assets, name), bytes);
    await precompressDirectory(assets);
    writeFileSync(join(assets, "garbled-abc.js.br"), noise(2000));
    writeFileSync(join(assets, "empty-abc.js.br"), "");
    writeFileSync(join(assets, "empty-abc.js.gz"), "");
    writeFileSync(join(assets, "stale-abc.js.br"), brotliCompressSync(files["app-abc.js"] as Buffer));
    rmSync(join(assets, "no-br-abc.js.br"));
    rmSync(join(assets, "cut-abc.js.br"));
    const cut = readFileSync(join(assets, "cut-abc.js.gz"));
    writeFileSync(join(assets, "cut-abc.js.gz"), cut.subarray(0, cut.length >> 1));
    app = await ctx.buildApp({ webRoot });
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: "GET",
      url,
      headers: { ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }), ...headers },
    });
  const copyOf = (name: string, extension: ".br" | ".gz") => readFileSync(join(assets, name + extension));

  describe("the web app's fingerprinted files", () => {
    it("sends the brotli copy to a client that accepts it, with Vary and the year-long immutable caching", async () => {
      const response = await get("/assets/app-abc.js", ALL);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(varyNames(response)).toContain("accept-encoding");
      expect(response.headers["cache-control"]).toBe(ASSET_CACHE_CONTROL);
      expect(response.rawPayload.equals(copyOf("app-abc.js", ".br"))).toBe(true);
      expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
      expect(decode(response).equals(files["app-abc.js"] as Buffer)).toBe(true);
      expect(response.rawPayload.length).toBeLessThan((files["app-abc.js"]?.length ?? 0) / 4);
    });

    it("sends the gzip copy to a client that accepts gzip only, or prefers it", async () => {
      for (const accepted of ["gzip", "br;q=0.5, gzip", "br;q=0, *", "x-gzip"]) {
        const response = await get("/assets/app-abc.css", accepted);
        expect(response.headers["content-encoding"], accepted).toBe("gzip");
        expect(response.headers["content-type"], accepted).toBe("text/css; charset=utf-8");
        expect(decode(response).equals(files["app-abc.css"] as Buffer), accepted).toBe(true);
        expect(response.headers["cache-control"], accepted).toBe(ASSET_CACHE_CONTROL);
      }
    });

    it("sends the file itself to a client that accepts no encoding, still saying it varies", async () => {
      for (const accepted of [undefined, "", "identity", "deflate", "zstd", "br;q=0, gzip;q=0"]) {
        const response = await get("/assets/app-abc.js", accepted);
        expect(response.statusCode, String(accepted)).toBe(200);
        expect(response.headers["content-encoding"], String(accepted)).toBeUndefined();
        expect(response.rawPayload.equals(files["app-abc.js"] as Buffer), String(accepted)).toBe(true);
        expect(varyNames(response), String(accepted)).toContain("accept-encoding");
        expect(response.headers["cache-control"], String(accepted)).toBe(ASSET_CACHE_CONTROL);
      }
    });

    it("keeps every header of the file itself on its copies: the security headers, the type, the caching", async () => {
      const plain = await get("/assets/app-abc.js");
      const differ = new Set(["content-encoding", "content-length", "etag", "date"]);
      for (const accepted of ["br", "gzip"]) {
        const encoded = await get("/assets/app-abc.js", accepted);
        for (const [name, value] of Object.entries(plain.headers)) {
          if (differ.has(name)) continue;
          expect(encoded.headers[name], `${accepted}: ${name}`).toEqual(value);
        }
        expect(encoded.headers["x-content-type-options"]).toBe("nosniff");
      }
    });

    it("sends an ETag and no Last-Modified: a fingerprinted file never changes, and each header is paid per file", async () => {
      for (const accepted of [undefined, "br", "gzip"]) {
        const response = await get("/assets/app-abc.js", accepted);
        expect(response.headers.etag, String(accepted)).toBeDefined();
        expect(response.headers["last-modified"], String(accepted)).toBeUndefined();
      }
    });

    it("gives each encoding its own ETag, and answers a revalidation of the copy with 304", async () => {
      const etags = await Promise.all(
        [undefined, "br", "gzip"].map(async (accepted) => (await get("/assets/app-abc.js", accepted)).headers.etag),
      );
      expect(new Set(etags).size).toBe(3);
      const [, brEtag] = etags;
      const revalidated = await get("/assets/app-abc.js", "br", { "if-none-match": String(brEtag) });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      const otherEncoding = await get("/assets/app-abc.js", "gzip", { "if-none-match": String(brEtag) });
      expect(otherEncoding.statusCode).toBe(200);
      expect(otherEncoding.headers["content-encoding"]).toBe("gzip");
    });

    it("answers HEAD with the copy's headers and no body", async () => {
      const response = await app.inject({
        method: "HEAD",
        url: "/assets/app-abc.js",
        headers: { "accept-encoding": "br" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(Number(response.headers["content-length"])).toBe(copyOf("app-abc.js", ".br").length);
      expect(response.rawPayload.length).toBe(0);
    });

    it("answers a Range request with bytes of the representation asked for: the file's, or its copy's", async () => {
      const original = files["app-abc.js"] as Buffer;
      const plain = await get("/assets/app-abc.js", undefined, { range: "bytes=100-1099" });
      expect(plain.statusCode).toBe(206);
      expect(plain.headers["content-range"]).toBe(`bytes 100-1099/${original.length}`);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.equals(original.subarray(100, 1100))).toBe(true);
      expect(plain.headers["cache-control"]).toBe(ASSET_CACHE_CONTROL);

      const copy = copyOf("app-abc.js", ".br");
      const encoded = await get("/assets/app-abc.js", "br", { range: "bytes=0-99" });
      expect(encoded.statusCode).toBe(206);
      expect(encoded.headers["content-encoding"]).toBe("br");
      expect(encoded.headers["content-range"]).toBe(`bytes 0-99/${copy.length}`);
      expect(encoded.rawPayload.equals(copy.subarray(0, 100))).toBe(true);
      // The rest of the copy, asked for as a download manager resumes: the pieces make the whole copy.
      const rest = await get("/assets/app-abc.js", "br", {
        range: "bytes=100-",
        "if-range": String(encoded.headers.etag),
      });
      expect(rest.statusCode).toBe(206);
      expect(brotliDecompressSync(Buffer.concat([encoded.rawPayload, rest.rawPayload])).equals(original)).toBe(true);

      // Resuming with the file's own ETag while now accepting brotli: the representation differs, so all of it.
      const changed = await get("/assets/app-abc.js", "br", {
        range: "bytes=100-",
        "if-range": String(plain.headers.etag),
      });
      expect(changed.statusCode).toBe(200);
      expect(decode(changed).equals(original)).toBe(true);
    });

    it("refuses a range past the end, or a file changed since the client's If-Match, as the client's error", async () => {
      const original = files["app-abc.js"] as Buffer;
      for (const accepted of [undefined, "br"]) {
        const size = accepted === "br" ? copyOf("app-abc.js", ".br").length : original.length;
        const beyond = await get("/assets/app-abc.js", accepted, { range: `bytes=${original.length + 10}-` });
        expect(beyond.statusCode, String(accepted)).toBe(416);
        expect(beyond.headers["content-range"], String(accepted)).toBe(`bytes */${size}`);
        expect(beyond.json(), String(accepted)).toEqual({
          error: "The requested range lies outside the file",
          code: "RANGE_NOT_SATISFIABLE",
        });
      }
      const changed = await get("/assets/app-abc.js", "br", { "if-match": '"an-older-build"' });
      expect(changed.statusCode).toBe(412);
      expect(changed.json()).toMatchObject({ code: "PRECONDITION_FAILED" });
      expect(changed.headers["content-encoding"]).toBeUndefined();
    });

    it("sends small files and compressed formats as they are", async () => {
      for (const name of ["tiny-abc.js", "font-abc.woff2", "logo-abc.png", "package-abc.zip"]) {
        const response = await get(`/assets/${name}`, ALL);
        expect(response.statusCode, name).toBe(200);
        expect(response.headers["content-encoding"], name).toBeUndefined();
        expect(response.rawPayload.equals(files[name] as Buffer), name).toBe(true);
        expect(response.headers["cache-control"], name).toBe(ASSET_CACHE_CONTROL);
      }
    });

    it("never sends a copy that is missing, empty, garbled or of another file: the next sound one, or the file", async () => {
      const cases: [string, string, "br" | "gzip" | undefined][] = [
        ["garbled-abc.js", ALL, "gzip"],
        ["garbled-abc.js", "br", undefined],
        ["empty-abc.js", ALL, undefined],
        ["empty-abc.js", "gzip", undefined],
        ["stale-abc.js", "br", undefined],
        ["stale-abc.js", ALL, "gzip"],
        ["no-br-abc.js", ALL, "gzip"],
        ["no-br-abc.js", "br", undefined],
        ["cut-abc.js", ALL, undefined],
      ];
      for (const [name, accepted, expected] of cases) {
        // Twice: the second answer comes from the verdict kept after the first check.
        for (const round of [1, 2]) {
          const what = `${name} with ${accepted} (${round})`;
          const response = await get(`/assets/${name}`, accepted);
          expect(response.statusCode, what).toBe(200);
          expect(response.headers["content-encoding"], what).toBe(expected);
          expect(decode(response).equals(files[name] as Buffer), what).toBe(true);
          expect(varyNames(response), what).toContain("accept-encoding");
        }
      }
    });

    it("sends the copy to many clients asking at once, and the file once a checked copy has gone", async () => {
      const name = "app-abc.css";
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(`/assets/${name}`, "br")));
      for (const answer of answers) expect(answer.headers["content-encoding"]).toBe("br");
      const kept = copyOf(name, ".br");
      rmSync(join(assets, `${name}.br`));
      try {
        const response = await get(`/assets/${name}`, "br");
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-encoding"]).toBeUndefined();
        expect(response.rawPayload.equals(files[name] as Buffer)).toBe(true);
      } finally {
        writeFileSync(join(assets, `${name}.br`), kept);
      }
    });

    it("gives the copies no address of their own, and a missing file stays a 404", async () => {
      for (const url of ["/assets/app-abc.js.br", "/assets/app-abc.js.gz", "/assets/nothing-abc.js"]) {
        const response = await get(url, ALL);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers["content-encoding"], url).toBeUndefined();
      }
    });

    it("reports a copy that cannot be used in the log, naming the file and the encoding", async () => {
      const lines: string[] = [];
      const logged = await ctx.buildApp({
        webRoot,
        logger: { level: "warn", stream: { write: (line: string) => lines.push(line) } },
      });
      const response = await logged.inject({
        method: "GET",
        url: "/assets/garbled-abc.js",
        headers: { "accept-encoding": "br" },
      });
      expect(response.statusCode).toBe(200);
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; file?: string; encoding?: string });
      expect(warnings).toContainEqual(expect.objectContaining({ level: 40, file: "garbled-abc.js", encoding: "br" }));
    });
  });

  describe("the app's page", () => {
    const page = () => readFileSync(join(webRoot, "index.html"));

    it("is revalidated on every use and compressed for a client that accepts it, at / and at a client-side route", async () => {
      for (const url of ["/", "/dashboard", "/quote/42"]) {
        for (const [accept, encoding] of [
          [ALL, "br"],
          ["gzip", "gzip"],
          ["*", "gzip"],
          ["identity", undefined],
          [undefined, undefined],
        ] as const) {
          const response = await get(url, accept);
          const what = `${url} with ${accept ?? "no Accept-Encoding"}`;
          expect(response.statusCode, what).toBe(200);
          expect(response.headers["cache-control"], what).toBe("no-cache");
          expect(response.headers["content-type"], what).toBe("text/html; charset=utf-8");
          expect(response.headers.vary, what).toMatch(/accept-encoding/i);
          expect(response.headers["content-encoding"], what).toBe(encoding);
          expect(String(response.headers["content-security-policy"]), what).toContain("default-src 'self'");
          expect(decode(response).equals(page()), what).toBe(true);
        }
      }
      const plain = await get("/");
      const brotli = await get("/", ALL);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    });

    it("answers 304 to a client holding the same encoding's copy, and names each encoding's copy apart", async () => {
      const brotli = await get("/dashboard", ALL);
      const plain = await get("/dashboard");
      expect(brotli.headers.etag).not.toBe(plain.headers.etag);
      const again = await get("/dashboard", ALL, { "if-none-match": String(brotli.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const otherCopy = await get("/dashboard", ALL, { "if-none-match": String(plain.headers.etag) });
      expect(otherCopy.statusCode).toBe(200);
      expect(decode(otherCopy).equals(page())).toBe(true);
    });

    it("sends a new build's page at once, without a restart", async () => {
      const before = page();
      try {
        writeFileSync(join(webRoot, "index.html"), `${before.toString("utf8")}<!-- a new release -->`);
        const response = await get("/dashboard", ALL);
        expect(decode(response).toString("utf8")).toContain("a new release");
      } finally {
        writeFileSync(join(webRoot, "index.html"), before);
      }
      expect(decode(await get("/dashboard", ALL)).equals(before)).toBe(true);
    });

    it("sends the icon as it is: too small to gain", async () => {
      const response = await get("/favicon.svg", ALL);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers["content-encoding"]).toBeUndefined();
    });
  });

  describe("API answers", () => {
    afterEach(() => ctx.clock.reset());

    it("leaves an answer under 1 KB as it is", async () => {
      const cookie = await signIn(ctx.app, "BROKER");
      for (const url of ["/api/me", "/healthz"]) {
        const response = await get(url, ALL, { cookie });
        expect(response.statusCode, url).toBe(200);
        expect(response.rawPayload.length, url).toBeLessThan(1024);
        expect(response.headers["content-encoding"], url).toBeUndefined();
        expect(() => response.json(), url).not.toThrow();
      }
    });

    it("compresses a larger JSON answer for a client that accepts it, decoding to the same body", async () => {
      const broker = await signIn(ctx.app, "BROKER");
      const quote = await createCompleteQuote(ctx.app, broker);
      for (const url of ["/api/openapi.json", `/api/quotes/${quote.id}`]) {
        const plain = await get(url, undefined, { cookie: broker });
        expect(plain.statusCode, url).toBe(200);
        expect(plain.rawPayload.length, url).toBeGreaterThanOrEqual(1024);
        expect(plain.headers["content-encoding"], url).toBeUndefined();
        for (const [accepted, expected] of [
          [ALL, "br"],
          ["gzip", "gzip"],
          ["identity", undefined],
        ] as const) {
          const response = await get(url, accepted, { cookie: broker });
          const what = `${url} with ${accepted}`;
          expect(response.statusCode, what).toBe(200);
          expect(response.headers["content-encoding"], what).toBe(expected);
          expect(response.headers["content-type"], what).toBe(plain.headers["content-type"]);
          expect(response.headers["cache-control"], what).toBe("no-store");
          expect(decode(response).toString("utf8"), what).toBe(plain.body);
          if (expected) {
            expect(varyNames(response), what).toContain("accept-encoding");
            expect(response.rawPayload.length, what).toBeLessThan(plain.rawPayload.length / 2);
          }
        }
      }
    });

    it("sends PDFs as they are, whatever the client accepts", async () => {
      const broker = await signIn(ctx.app, "BROKER");
      const quote = await createCompleteQuote(ctx.app, broker);
      const answers = [
        await get("/api/documents/dc-wording", ALL),
        await app.inject({
          method: "POST",
          url: `/api/quotes/${quote.id}/statement-of-fact`,
          headers: { cookie: broker, "accept-encoding": ALL },
        }),
      ];
      for (const response of answers) {
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toBe("application/pdf");
        expect(response.headers["content-encoding"]).toBeUndefined();
        expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
        expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      }
    });

    it("sends the bordereau's XLSX as it is and compresses its CSV, which decodes to the same file", async () => {
      const now = ctx.clock.now();
      ctx.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15, 12) - now.getTime());
      const month = todayInLondon(ctx.clock.now()).slice(0, 7);
      const broker = await signIn(ctx.app, "BROKER");
      for (let i = 0; i < 3; i++) {
        const quote = await createCompleteQuote(ctx.app, broker);
        await rateQuote(ctx.app, broker, quote.id);
        await patchQuote(ctx.app, broker, quote.id, { status: "QUOTED" });
        const issued = await call(ctx.app, broker, "POST", `/api/quotes/${quote.id}/issue`, {});
        expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      }
      const admin = await signIn(ctx.app, "ADMIN");

      const xlsx = await get(`/api/bordereau?month=${month}&format=xlsx`, ALL, { cookie: admin });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.length).toBeGreaterThan(1024);
      expect(xlsx.headers["content-encoding"]).toBeUndefined();
      expect(xlsx.rawPayload.subarray(0, 2).toString("latin1")).toBe("PK");

      const plainCsv = await get(`/api/bordereau?month=${month}`, undefined, { cookie: admin });
      expect(plainCsv.rawPayload.length).toBeGreaterThanOrEqual(1024);
      const csv = await get(`/api/bordereau?month=${month}`, ALL, { cookie: admin });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["content-encoding"]).toBe("br");
      expect(csv.headers["content-disposition"]).toBe(plainCsv.headers["content-disposition"]);
      expect(decode(csv).equals(plainCsv.rawPayload)).toBe(true);
    });
  });

  describe("over a real connection", () => {
    it("gives a browser-like client the same script and JSON it would get uncompressed", async () => {
      const address = await app.listen({ host: "127.0.0.1", port: 0 });
      const script = await fetch(`${address}/assets/app-abc.js`, { headers: { "accept-encoding": "br, gzip" } });
      expect(script.status).toBe(200);
      expect(script.headers.get("content-encoding")).toBe("br");
      expect(Buffer.from(await script.arrayBuffer()).equals(files["app-abc.js"] as Buffer)).toBe(true);

      const plain = await get("/api/openapi.json");
      const json = await fetch(`${address}/api/openapi.json`, { headers: { "accept-encoding": "gzip" } });
      expect(json.headers.get("content-encoding")).toBe("gzip");
      expect(await json.text()).toBe(plain.body);
    });
  });
});
