/**
 * The retroactive date's answer on a declaration, and which one a quote without it has: the part of
 * retroactive-cover.ts that reads no question catalogue, so a screen or rule that only asks which answer was
 * given (a run-off's check, the bordereau) loads none of the catalogue's questions (ADR 0056).
 */

/** NONE: unlimited retroactive cover; DATE: cover from a given date; INCEPTION: no cover for work before inception. */
export const RETROACTIVE_COVER_ANSWERS = ["NONE", "DATE", "INCEPTION"] as const;
export type RetroactiveCoverAnswer = (typeof RETROACTIVE_COVER_ANSWERS)[number];

/** What every quote and policy had before the question was asked, and what a new quote starts from. */
export const DEFAULT_RETROACTIVE_COVER: RetroactiveCoverAnswer = "NONE";

export interface RetroactiveCover {
  retroactiveCover?: RetroactiveCoverAnswer | null | undefined;
  retroactiveDate?: string | null | undefined;
  previousInsurer?: string | null | undefined;
  previousPolicyEndDate?: string | null | undefined;
}

export function retroactiveAnswerOf(cover: RetroactiveCover | null | undefined): RetroactiveCoverAnswer {
  return cover?.retroactiveCover ?? DEFAULT_RETROACTIVE_COVER;
}
