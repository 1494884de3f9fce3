// The worker entry when the server runs from its TypeScript sources (tsx, Vitest): Node strips the types of a .ts
// file by itself, but cannot resolve the sources' imports, which leave out the `.ts`, nor load a parameter
// property (ADR 0054), so tsx's loader is registered in the thread before the entry is imported. The production
// bundle runs dist/server/worker.js instead and never loads this file.
import { register } from "tsx/esm/api";

register();
const { default: runWorkerTask } = await import("./tasks.ts");

export default runWorkerTask;
