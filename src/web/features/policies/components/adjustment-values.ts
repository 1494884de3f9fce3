/**
 * The change dialog's answers as the broker edits them, and what of them is sent: only the answers that differ from
 * the policy's answers today (docs/product/life-cycle.md "Mid-term adjustments"). Pure, so it is tested without a
 * browser.
 */

import { DIRECTORS_OFFICERS_LIMIT_OPTIONS, OTHER_COVER_LIMIT_OPTIONS } from "@domain/constants";
import {
  ADDITIONAL_COVERS,
  type AdditionalCover,
  type AdditionalCoverFlag,
  type AdditionalCoverLimit,
} from "@domain/quote/additional-covers";
import type { PolicyChanges } from "@domain/quote/policy-changes";
import type { PolicyView } from "@domain/quote/policy-schema";
import type { ExcessOption } from "@domain/rating/input";

type Answers = PolicyView["answers"];

export interface AdjustmentValues {
  proposerName: string;
  tradingName: string;
  businessAddress: string;
  businessActivity: string;
  /** As typed: whole pounds, commas allowed (it starts with them, as the product writes amounts). */
  turnover: string;
  coverLimitAggregate: number;
  excessDiscount: ExcessOption;
  covers: Record<AdditionalCoverFlag, boolean> & Record<AdditionalCoverLimit, number | null>;
  /** A cover's limit typed as 'Other (specify amount)', as typed; its listed limit is then not used. */
  otherAmounts: Partial<Record<AdditionalCoverLimit, string>>;
}

/** The limits step 7 lists for a cover; contents, equipment and stock may also have another amount typed. */
export const listedCoverLimits = (cover: AdditionalCover): readonly number[] =>
  cover.key === "directorsOfficers" ? DIRECTORS_OFFICERS_LIMIT_OPTIONS : OTHER_COVER_LIMIT_OPTIONS;

/** The limit the form holds for a cover: the amount typed under 'Other', else the one chosen (null: none yet). */
export function coverLimitOf(values: AdjustmentValues, cover: AdditionalCover): number | null {
  const other = values.otherAmounts[cover.limit];
  return other === undefined ? values.covers[cover.limit] : poundsTyped(other);
}

/** The form starts from the policy's answers today; a cover not bought has no limit chosen. */
export function valuesFromAnswers(answers: Answers): AdjustmentValues {
  const covers = {} as AdjustmentValues["covers"];
  const otherAmounts: AdjustmentValues["otherAmounts"] = {};
  for (const cover of ADDITIONAL_COVERS) {
    const limit = answers[cover.flag] ? answers[cover.limit] : null;
    covers[cover.flag] = answers[cover.flag];
    covers[cover.limit] = limit;
    // An amount step 7 took as 'Other' shows there again, as typed then.
    if (limit !== null && cover.key !== "directorsOfficers" && !listedCoverLimits(cover).includes(limit)) {
      otherAmounts[cover.limit] = String(limit);
    }
  }
  return {
    proposerName: answers.proposerName,
    tradingName: answers.tradingName ?? "",
    businessAddress: answers.businessAddress,
    businessActivity: answers.businessActivity,
    turnover: answers.turnover.toLocaleString("en-GB"),
    coverLimitAggregate: answers.coverLimitAggregate,
    excessDiscount: answers.excessDiscount,
    covers,
    otherAmounts,
  };
}

/** Whole pounds as typed ("1,250,000", "£900000"); NaN when not a number, for the schema to name. */
export function poundsTyped(text: string): number {
  const cleaned = text.replace(/[£,\s]/g, "");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

/**
 * Only what the broker changed. Text is compared as typed but trimmed; an emptied trading name is none. A cover
 * ticked or unticked sends its tick (and, ticked, its limit); a cover kept with a new limit sends the limit. A
 * ticked cover with no limit chosen sends its tick without one, for the check to name.
 */
export function changedAnswers(answers: Answers, values: AdjustmentValues): PolicyChanges {
  const changes: Record<string, unknown> = {};
  for (const key of ["proposerName", "businessAddress", "businessActivity"] as const) {
    if (values[key].trim() !== answers[key].trim()) changes[key] = values[key].trim();
  }
  const tradingName = values.tradingName.trim() === "" ? null : values.tradingName.trim();
  if (tradingName !== (answers.tradingName?.trim() || null)) changes.tradingName = tradingName;
  const turnover = poundsTyped(values.turnover);
  if (turnover !== answers.turnover) changes.turnover = turnover;
  if (values.coverLimitAggregate !== answers.coverLimitAggregate) {
    changes.coverLimitAggregate = values.coverLimitAggregate;
  }
  if (values.excessDiscount !== answers.excessDiscount) changes.excessDiscount = values.excessDiscount;
  for (const cover of ADDITIONAL_COVERS) {
    const ticked = values.covers[cover.flag];
    const limit = coverLimitOf(values, cover);
    if (ticked !== answers[cover.flag]) {
      changes[cover.flag] = ticked;
      if (ticked && limit !== null) changes[cover.limit] = limit;
    } else if (ticked && limit !== null && limit !== answers[cover.limit]) {
      changes[cover.limit] = limit;
    }
  }
  return changes as PolicyChanges;
}

/** A ticked cover with no limit chosen yet: the first such, to be named at its limit. */
export function coverWithoutLimit(values: AdjustmentValues): (typeof ADDITIONAL_COVERS)[number] | undefined {
  return ADDITIONAL_COVERS.find((cover) => values.covers[cover.flag] && coverLimitOf(values, cover) === null);
}
