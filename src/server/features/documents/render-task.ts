/**
 * The documents' part of the worker threads (ADR 0045): a PDF is laid out and compressed there, never on the
 * thread that answers requests. The renderers are the same pure functions of the view, so the bytes are the
 * same wherever they run.
 */
import { Piscina } from "piscina";
import type { EndorsementView } from "../quotes/adjustment-service";
import type { CancellationNoticeView } from "../quotes/cancellation-service";
import type { QuoteDocumentView } from "./document-view";

export type RenderedDocument =
  | "statement-of-fact"
  | "policy-schedule"
  | "dc-wording"
  | "cancellation-notice"
  | "endorsement";

export interface DocumentRenderTask {
  kind: "render-document";
  document: RenderedDocument;
  /** The quote as its reader may see it; none for the wording, which is the same for everyone. */
  view?: QuoteDocumentView;
  /** A cancelled policy's cancellation, for its notice. */
  notice?: CancellationNoticeView;
  /** An adjustment, for its endorsement. */
  endorsement?: EndorsementView;
}

async function render(task: DocumentRenderTask): Promise<Buffer> {
  if (task.document === "dc-wording") return (await import("./dc-wording")).getDcWordingPdf();
  if (task.document === "endorsement") {
    if (!task.endorsement) throw new Error("The endorsement needs the adjustment it prints");
    return (await import("./endorsement")).renderEndorsement(task.endorsement);
  }
  if (task.document === "cancellation-notice") {
    if (!task.notice) throw new Error("The cancellation notice needs the cancellation it prints");
    return (await import("./cancellation-notice")).renderCancellationNotice(task.notice);
  }
  if (!task.view) throw new Error(`The ${task.document} needs the quote it prints`);
  if (task.document === "statement-of-fact") {
    return (await import("./statement-of-fact")).renderStatementOfFact(task.view);
  }
  return (await import("./policy-schedule")).renderPolicySchedule(task.view);
}

/**
 * The PDF's bytes, handed over to the request thread without a second copy. They are first copied into a
 * buffer of their own: the rendered one may share its memory with other buffers, or be the wording this
 * thread keeps for the next request.
 */
export async function renderDocumentTask(task: DocumentRenderTask): Promise<Uint8Array> {
  const bytes = new Uint8Array(await render(task));
  return Piscina.move(bytes) as unknown as Uint8Array;
}
