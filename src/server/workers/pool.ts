/**
 * The server's worker threads (ADR 0045): documents are rendered and impact analyses rated there, so the
 * thread that answers requests stays free while they run.
 *
 * The pool is created by the first task, never at start-up: a server that never prints a document nor runs an
 * analysis pays neither the threads' start nor their memory. It is sized from the machine's cores, leaving one
 * to the request thread. Several apps in one process (tests, benchmarks) share it; it closes, after finishing
 * the tasks under way, when the last app holding it closes, before that app's database is closed.
 */
import { availableParallelism } from "node:os";
import type { Transferable } from "node:worker_threads";
import type { Piscina } from "piscina";
import { AppError } from "../errors";

/*
 * Run from source (tsx, Vitest), a worker cannot load the TypeScript sources by itself (ADR 0054): bootstrap.mjs
 * registers tsx's loader in the worker first. In the production bundle this module sits in dist/server beside worker.js,
 * the worker's own bundled entry (scripts/build.mjs).
 */
const WORKER_FILE = import.meta.url.endsWith(".ts")
  ? new URL("./bootstrap.mjs", import.meta.url).href
  : new URL("./worker.js", import.meta.url).href;

/** One thread per core but the one the requests are answered on; at least one. */
export function workerPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** A task for the worker entry (tasks.ts): which feature's work, and what it needs. */
export interface WorkerTask {
  kind: string;
}

let pool: Promise<Piscina> | null = null;
let holders = 0;

function openPool(): Promise<Piscina> {
  if (!pool) {
    const size = workerPoolSize();
    // Even the pool's package is loaded by the first task. One thread stays once started (an idle one does not
    // keep the process alive), so a renderer's fonts and a product's compiled raters load once, not per task;
    // more start while tasks queue and stop after a minute without work, so a quiet server stays small.
    // A failed start is not kept: the next task tries again.
    const opening = import("piscina").then(
      ({ Piscina }) => new Piscina({ filename: WORKER_FILE, minThreads: 1, maxThreads: size, idleTimeout: 60_000 }),
    );
    opening.catch(() => {
      if (pool === opening) pool = null;
    });
    pool = opening;
  }
  return pool;
}

/** Runs a task on a worker thread; a failed task rejects with the worker's error. */
export async function runInWorker<T>(task: WorkerTask, transferList?: readonly Transferable[]): Promise<T> {
  const threads = await openPool();
  return (await threads.run(task, transferList ? { transferList: [...transferList] as never } : {})) as T;
}

/** Whether the pool's threads have been started (for tests of the lazy start). */
export function workerPoolStarted(): boolean {
  return pool !== null;
}

export interface WorkerPoolHold {
  run<T>(task: WorkerTask, transferList?: readonly Transferable[]): Promise<T>;
  /** Gives the pool up; the last holder closes it once the tasks under way are done. */
  release(): Promise<void>;
}

/**
 * An app's hold on the shared pool: taken when the app is built, released when it closes. A task asked for
 * after the release (a request that was still waiting its turn) is refused as the server shutting down.
 */
export function holdWorkerPool(): WorkerPoolHold {
  holders++;
  let released = false;
  return {
    run<T>(task: WorkerTask, transferList?: readonly Transferable[]): Promise<T> {
      if (released) return Promise.reject(new AppError("SERVICE_UNAVAILABLE"));
      return runInWorker<T>(task, transferList);
    },
    async release() {
      if (released) return;
      released = true;
      holders--;
      if (holders > 0 || !pool) return;
      const closing = pool;
      pool = null;
      // A task still running after the pool's close timeout is ended with its thread rather than holding the
      // shutdown open; the pool reports that as an error event, which says nothing the shutdown needs.
      const threads = await closing;
      threads.on("error", () => {});
      await threads.close().catch(() => {});
    },
  };
}
