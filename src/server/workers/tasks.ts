/**
 * The worker threads' entry (ADR 0045): every task the pool runs comes here and goes to the feature that owns
 * it. Each feature's part is loaded by its first task, so a thread that only rates never loads the PDF fonts.
 */

import type { DocumentRenderTask } from "../features/documents/render-task";
import type { ImpactRatingTask } from "../features/impact/rating-task";

export type WorkerTaskOf = DocumentRenderTask | ImpactRatingTask;

export default async function runWorkerTask(task: WorkerTaskOf): Promise<unknown> {
  switch (task.kind) {
    case "render-document":
      return (await import("../features/documents/render-task")).renderDocumentTask(task);
    case "rate-impact":
      return (await import("../features/impact/rating-task")).rateImpactTask(task);
    default:
      throw new Error(`Unknown worker task ${(task as { kind: string }).kind}`);
  }
}
