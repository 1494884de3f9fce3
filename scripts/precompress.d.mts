/** Types of scripts/precompress.mjs (plain JavaScript, run by Node without a TypeScript loader). */
export declare const PRECOMPRESS_MIN_BYTES: number;
export declare const PRECOMPRESS_MAX_RATIO: number;
export declare const PRECOMPRESSIBLE: RegExp;
export declare const PRECOMPRESSED_COPIES: readonly {
  readonly encoding: "br" | "gzip";
  readonly extension: ".br" | ".gz";
  compress(bytes: Buffer): Promise<Buffer>;
}[];
export interface PrecompressedFile {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}
export declare function precompressDirectory(directory: string): Promise<PrecompressedFile[]>;
