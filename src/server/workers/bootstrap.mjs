// The worker entry when the server runs from its TypeScript sources (tsx, Vitest): a worker thread cannot load
// .ts files by itself, so tsx's loader is registered in it before the entry is imported. The production bundle
// runs dist/server/worker.js instead and never loads this file.
import { register } from "tsx/esm/api";

register();
const { default: runWorkerTask } = await import("./tasks.ts");

export default runWorkerTask;
