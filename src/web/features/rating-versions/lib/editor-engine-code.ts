import { onFirstUse } from "@web/lib/on-first-use";

/** The editor's engine (./editor-engine), fetched on first use. */
export const editorEngine = onFirstUse(() => import("./editor-engine"));
