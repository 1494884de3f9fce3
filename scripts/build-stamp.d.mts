/** Types of scripts/build-stamp.mjs (plain JavaScript, run by Node without a TypeScript loader). */
export declare const BUILD_INPUTS: readonly string[];
export declare const STAMP_FILE: string;
export declare function sourcesStamp(root: string, nodeEnv?: string): string;
export declare function buildIsCurrent(root: string, nodeEnv?: string): boolean;
export declare function clearStamp(root: string): void;
export declare function writeStamp(root: string): void;
