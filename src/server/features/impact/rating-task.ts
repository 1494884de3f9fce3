/**
 * The rating half of an impact analysis (analysis.ts, ADR 0045), run on a worker thread: the raters are
 * compiled and every quote is rated twice there, while the request thread only reads the pages and passes them
 * on. One task is one analysis: it keeps the compiled raters and the ratings already made for the whole run,
 * receives the pages over its own message port and answers with the accumulator's summary.
 */
import type { MessagePort } from "node:worker_threads";
import type { CompiledRater } from "../../../domain/rating/compile";
import {
  createImpactAccumulator,
  type ImpactRating,
  type ImpactSummary,
  rateBothWays,
} from "../../../domain/rating/impact";
import { defaultRatingInput, ratingInputFromStoredValues } from "../../../domain/rating/input";
import type { RatingVersionRow } from "../../db/schema";
import { compiledRaterFor } from "../rating-versions/effective-service";

/** What a rater is compiled from, and what decides which of the product's versions are compiled up front. */
export type ImpactRaterSource = Pick<RatingVersionRow, "id" | "json" | "status" | "productCode">;

export interface ImpactRatingTask {
  kind: "rate-impact";
  draft: ImpactRaterSource;
  /** Every rating version there is (a handful): the ones the quotes were rated with are among them. */
  versions: ImpactRaterSource[];
  /** Quotes rated between two progress messages. */
  sliceSize: number;
  port: MessagePort;
}

/** To the worker: a page of quotes in the text the database sent (analysis.ts), or the end of the scope. */
export type ImpactPageMessage = { type: "page"; text: string } | { type: "end" };
/** From the worker: this many more quotes of the current page are rated. */
export interface ImpactRatedMessage {
  type: "rated";
  count: number;
}

/** Distinct (version, inputs) ratings kept for reuse during one analysis: bounded, whatever the book. */
const MAX_REMEMBERED_RATINGS = 200_000;

/** One quote of a page: the fields of its line in the page's text. */
interface ImpactRow {
  id: string;
  reference: string;
  ratingVersionId: string;
  /** JSON array of the rating input's values in the domain's RATING_INPUT_STORED_ORDER */
  inputs: string;
}

/** A page's lines: id, reference, rated_at, rating version, inputs, separated by tabs (analysis.ts). */
function parsePage(text: string): ImpactRow[] {
  if (!text) return [];
  return text.split("\n").map((line) => {
    const a = line.indexOf("\t");
    const b = line.indexOf("\t", a + 1);
    const c = line.indexOf("\t", b + 1);
    const d = line.indexOf("\t", c + 1);
    return {
      id: line.slice(0, a),
      reference: line.slice(a + 1, b),
      ratingVersionId: line.slice(c + 1, d),
      inputs: line.slice(d + 1),
    };
  });
}

/**
 * Rates the pages as they come. Answers the summary after the end of the scope, or nothing when the request
 * thread closes the port first (the analysis was stopped or its read failed).
 */
export function rateImpactTask(task: ImpactRatingTask): Promise<ImpactSummary | null> {
  const { port, sliceSize } = task;
  const draftRater = compiledRaterFor(task.draft);
  const versions = new Map(task.versions.map((version) => [version.id, version]));
  const raters = new Map<string, CompiledRater>();
  const raterFor = (versionId: string): CompiledRater => {
    let rater = raters.get(versionId);
    if (!rater) {
      const version = versions.get(versionId);
      // The foreign key guarantees the row; it can only be missing if it was created after it was read.
      if (!version) throw new Error(`Rating version ${versionId} appeared during the analysis; run it again`);
      rater = compiledRaterFor(version);
      raters.set(versionId, rater);
    }
    return rater;
  };
  // The product's published versions are what its quotes were rated with. One that no longer compiles fails
  // the analysis only if a quote needs it.
  for (const version of versions.values()) {
    if (version.productCode !== task.draft.productCode || version.status !== "PUBLISHED") continue;
    try {
      raterFor(version.id);
    } catch {
      // Reported by raterFor when a quote rated with it is reached.
    }
  }

  // Identical (version, inputs) pairs are rated once: a book holds far fewer distinct risks than quotes.
  const defaults = defaultRatingInput();
  // Per version, keyed on the stored array text itself (no key built per row: that cost more than the rest).
  const ratedByVersion = new Map<string, Map<string, { before: ImpactRating; after: ImpactRating }>>();
  let remembered = 0;
  const accumulator = createImpactAccumulator();

  const ratePage = (page: ImpactRow[]): void => {
    for (let start = 0; start < page.length; start += sliceSize) {
      const end = Math.min(page.length, start + sliceSize);
      for (let index = start; index < end; index++) {
        const row = page[index] as ImpactRow;
        let rated = ratedByVersion.get(row.ratingVersionId);
        if (!rated) {
          rated = new Map();
          ratedByVersion.set(row.ratingVersionId, rated);
        }
        let pair = rated.get(row.inputs);
        if (!pair) {
          // Fields the stored input lacks (added to the engine since) keep their defaults, on both sides alike.
          const input = ratingInputFromStoredValues(JSON.parse(row.inputs) as unknown[], defaults);
          pair = rateBothWays(input, raterFor(row.ratingVersionId), draftRater);
          if (remembered < MAX_REMEMBERED_RATINGS) {
            rated.set(row.inputs, pair);
            remembered++;
          }
        }
        accumulator.add({
          quoteId: row.id,
          reference: row.reference,
          // Only the few quotes that end up in the report need a name: read once the analysis is done.
          proposerName: "",
          before: pair.before,
          after: pair.after,
        });
      }
      port.postMessage({ type: "rated", count: end - start } satisfies ImpactRatedMessage);
    }
  };

  return new Promise<ImpactSummary | null>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      port.close();
      outcome();
    };
    port.on("message", (message: ImpactPageMessage) => {
      if (settled) return;
      try {
        if (message.type === "end") {
          const summary = accumulator.summary();
          settle(() => resolve(summary));
        } else {
          ratePage(parsePage(message.text));
        }
      } catch (error) {
        settle(() => reject(error));
      }
    });
    port.on("close", () => settle(() => resolve(null)));
  });
}
