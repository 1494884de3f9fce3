/**
 * The retroactive date (docs/product/life-cycle.md, "Retroactive date and continuity"). PI is written claims-made:
 * a claim made during the period is covered only for work done on or after the retroactive date. The proposal asks
 * it on step 6 with the firm's insurance history; the rating reads the years of prior acts it covers; the schedule
 * and statement of fact print it; renewals and adjustments carry it unchanged. No zod here, so the screens and
 * documents that only read an answer load none (ADR 0056).
 */
import { formatDateGb } from "../format/dates";
import { RETROACTIVE_COVER_QUESTIONS } from "./catalogue";
import {
  DEFAULT_RETROACTIVE_COVER,
  RETROACTIVE_COVER_ANSWERS,
  type RetroactiveCover,
  type RetroactiveCoverAnswer,
  retroactiveAnswerOf,
} from "./retroactive-answer";

export {
  DEFAULT_RETROACTIVE_COVER,
  RETROACTIVE_COVER_ANSWERS,
  type RetroactiveCover,
  type RetroactiveCoverAnswer,
  retroactiveAnswerOf,
};

/** Each answer in the catalogue's words ("None: unlimited retroactive cover"). */
export const RETROACTIVE_COVER_LABELS = Object.fromEntries(
  RETROACTIVE_COVER_ANSWERS.map((answer, index) => [
    answer,
    RETROACTIVE_COVER_QUESTIONS.retroactiveCover.options[index] as string,
  ]),
) as Record<RetroactiveCoverAnswer, string>;

export const RETROACTIVE_COVER_MESSAGES = {
  retroactiveDate: "Enter the retroactive date",
  previousInsurer: "Enter the previous insurer's name",
  previousPolicyEndDate: "Enter the date the previous policy ends",
  afterInception: "The retroactive date cannot be after the inception date",
  inceptionBeforeRetroactiveDate: (retroactiveDate: string) =>
    `The inception date cannot be before the retroactive date given in the declaration (${formatDateGb(retroactiveDate)}): change the declaration first`,
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True when a given retroactive date falls after the inception date: the policy would not even cover its own
 * period's work. Judged only when both are valid dates (the schemas report anything else).
 */
export function retroactiveDateAfterInception(
  cover: RetroactiveCover | null | undefined,
  inceptionDate: string | null | undefined,
): boolean {
  if (retroactiveAnswerOf(cover) !== "DATE") return false;
  const date = cover?.retroactiveDate;
  if (typeof date !== "string" || typeof inceptionDate !== "string") return false;
  if (!ISO_DATE.test(date) || !ISO_DATE.test(inceptionDate)) return false;
  return date > inceptionDate;
}

/**
 * The one rule between step 1 and step 6, judged on whichever is being saved against what is stored: a
 * declaration's retroactive date after the stored inception date is refused at the retroactive date; a new
 * inception date before a stored retroactive date is refused at the inception date (docs/product/life-cycle.md).
 * Paths are as the API reports them: step 6's within its section, step 1's by the field's own name.
 */
export function retroactiveDateIssues(
  saving: "declaration" | "insuredsDetails",
  cover: RetroactiveCover | null | undefined,
  inceptionDate: string | null | undefined,
): { path: string; message: string }[] {
  if (!retroactiveDateAfterInception(cover, inceptionDate)) return [];
  if (saving === "declaration") {
    return [{ path: "declaration.retroactiveDate", message: RETROACTIVE_COVER_MESSAGES.afterInception }];
  }
  return [
    {
      path: "inceptionDate",
      message: RETROACTIVE_COVER_MESSAGES.inceptionBeforeRetroactiveDate(cover?.retroactiveDate as string),
    },
  ];
}

/**
 * Whole years of prior acts the policy covers: from the retroactive date to inception, counting only completed
 * years (a date 2 years and 11 months before inception is 2). The inception date answer is 0; `null` is unlimited.
 */
export function priorActsYears(
  cover: RetroactiveCover | null | undefined,
  inceptionDate: string | null | undefined,
): number | null {
  const answer = retroactiveAnswerOf(cover);
  if (answer === "NONE") return null;
  if (answer === "INCEPTION") return 0;
  const date = cover?.retroactiveDate;
  if (typeof date !== "string" || typeof inceptionDate !== "string") return 0;
  const [fy, fm, fd] = date.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = inceptionDate.split("-").map(Number) as [number, number, number];
  const years = ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
  return Math.max(0, years);
}

/** The retroactive date as the schedule, the policy screen and the underwriter's review print it. */
export function retroactiveCoverText(
  cover: RetroactiveCover | null | undefined,
  inceptionDate?: string | null | undefined,
): string {
  const answer = retroactiveAnswerOf(cover);
  if (answer === "DATE" && typeof cover?.retroactiveDate === "string") return formatDateGb(cover.retroactiveDate);
  if (answer === "INCEPTION") {
    const date = inceptionDate ? `${formatDateGb(inceptionDate)}, ` : "";
    return `${date}the inception date: no cover for work before inception`;
  }
  return RETROACTIVE_COVER_LABELS.NONE;
}

/** The firm's insurance history as the statement of fact records it: each answer with the catalogue's label. */
export function retroactiveCoverRecord(cover: RetroactiveCover | null | undefined): { label: string; value: string }[] {
  const q = RETROACTIVE_COVER_QUESTIONS;
  const answer = retroactiveAnswerOf(cover);
  const lines: { label: string; value: string }[] = [
    { label: q.retroactiveCover.recordLabel, value: RETROACTIVE_COVER_LABELS[answer] },
  ];
  if (answer !== "DATE") return lines;
  lines.push(
    {
      label: q.retroactiveDate.recordLabel,
      value: cover?.retroactiveDate ? formatDateGb(cover.retroactiveDate) : "Not given",
    },
    { label: q.previousInsurer.label, value: cover?.previousInsurer?.trim() || "Not given" },
    {
      label: q.previousPolicyEndDate.recordLabel,
      value: cover?.previousPolicyEndDate ? formatDateGb(cover.previousPolicyEndDate) : "Not given",
    },
  );
  return lines;
}

/**
 * A renewal keeps the expiring policy's retroactive date: continuity, so the declaration is carried as it is. A
 * firm that had no prior cover (INCEPTION) has been insured since the expiring policy's inception, so the
 * renewal's retroactive date is that first inception date and the previous insurer the expiring policy's own.
 */
export function renewedDeclaration<T extends RetroactiveCover>(
  declaration: T,
  expiringInceptionDate: string,
  expiringExpiryDate: string,
  expiringInsurer: string,
): T {
  if (retroactiveAnswerOf(declaration) !== "INCEPTION") return declaration;
  return {
    ...declaration,
    retroactiveCover: "DATE",
    retroactiveDate: expiringInceptionDate,
    previousInsurer: expiringInsurer,
    previousPolicyEndDate: expiringExpiryDate,
  };
}
