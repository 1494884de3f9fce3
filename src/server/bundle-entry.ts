/**
 * The production bundle's entry (dist/server/main.js). Before anything else is loaded it turns on Node's module
 * compile cache, so that every start after the first reuses V8's compiled code for the server's bundle instead of
 * parsing and compiling it again; then it loads the server itself (src/server/main.ts), which esbuild puts in a
 * chunk of its own so that it is compiled after the cache is on.
 *
 * The cache is an optimisation only: where it cannot be written (a read-only disk, NODE_DISABLE_COMPILE_CACHE=1),
 * the server starts exactly as before. Node keeps it in the system's temporary folder unless NODE_COMPILE_CACHE
 * names another, and checks each entry against the file's content, so a new build never runs stale code.
 */
import { enableCompileCache } from "node:module";

enableCompileCache();
await import("./main");
