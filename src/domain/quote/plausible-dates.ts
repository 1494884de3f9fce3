/**
 * Dates a quote may hold (docs/product/errors.md, Step 1 and Step 5): a policy starts within a year before and two
 * years after today; a firm was not incorporated (or began trading) in the future or before 1800; a recurring
 * contract started no earlier than 1900 and no more than five years ahead. "Today" (Europe/London, YYYY-MM-DD) is
 * passed in, so the form and the server apply the same rule to the same day and tests can choose the day.
 * A date that is not a valid date at all is the schemas' to report; these rules judge only valid ones.
 */
import type { z } from "zod";

export const EARLIEST_FIRM_DATE = "1800-01-01";
export const EARLIEST_CONTRACT_START_DATE = "1900-01-01";
export const INCEPTION_YEARS_BACK = 1;
export const INCEPTION_YEARS_AHEAD = 2;
export const CONTRACT_START_YEARS_AHEAD = 5;

export const PLAUSIBLE_DATE_MESSAGES = {
  inceptionDate: "Inception date must be no more than one year before or two years after today",
  incorporationDate: "Incorporation date cannot be in the future or before 1800",
  tradingSince: "Trading since cannot be in the future or before 1800",
  startDate: "Start date cannot be before 1900 or more than five years after today",
} as const;

/** The same rules for the OpenAPI description, which cannot express a range that moves with today. */
export const PLAUSIBLE_DATE_DESCRIPTIONS = {
  inceptionDate: "YYYY-MM-DD, from one year before to two years after today (Europe/London)",
  incorporationDate: "YYYY-MM-DD, from 1800-01-01 to today (Europe/London); not kept for a sole trader",
  tradingSince: "YYYY-MM-DD, from 1800-01-01 to today (Europe/London); sole traders only",
  startDate: "YYYY-MM-DD, from 1900-01-01 to five years after today (Europe/London)",
} as const;

export interface DateIssue {
  path: (string | number)[];
  message: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The same calendar day `years` later (29 February becomes 28 February in a common year). */
export function shiftYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

function outside(value: string | null | undefined, earliest: string, latest: string): boolean {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return false;
  return value < earliest || value > latest;
}

/** Step 1's dates: inception, incorporation, trading since. Paths are the fields' own names. */
export function insuredDateIssues(
  value: {
    inceptionDate?: string | null | undefined;
    incorporationDate?: string | null | undefined;
    tradingSince?: string | null | undefined;
  },
  today: string,
): DateIssue[] {
  const issues: DateIssue[] = [];
  const m = PLAUSIBLE_DATE_MESSAGES;
  if (outside(value.inceptionDate, shiftYears(today, -INCEPTION_YEARS_BACK), shiftYears(today, INCEPTION_YEARS_AHEAD)))
    issues.push({ path: ["inceptionDate"], message: m.inceptionDate });
  if (outside(value.incorporationDate, EARLIEST_FIRM_DATE, today))
    issues.push({ path: ["incorporationDate"], message: m.incorporationDate });
  if (outside(value.tradingSince, EARLIEST_FIRM_DATE, today))
    issues.push({ path: ["tradingSince"], message: m.tradingSince });
  return issues;
}

/** The recurring contracts' start dates. Paths start at `recurringContracts`. */
export function contractDateIssues(
  value: { recurringContracts?: readonly { startDate?: string | null | undefined }[] | undefined },
  today: string,
): DateIssue[] {
  const latest = shiftYears(today, CONTRACT_START_YEARS_AHEAD);
  return (value.recurringContracts ?? []).flatMap((contract, index) =>
    outside(contract.startDate, EARLIEST_CONTRACT_START_DATE, latest)
      ? [{ path: ["recurringContracts", index, "startDate"], message: PLAUSIBLE_DATE_MESSAGES.startDate }]
      : [],
  );
}

/** The form's version of a rule: reports the issues on the fields, as zod issues. */
export function reportDateIssues(issues: readonly DateIssue[], ctx: z.RefinementCtx): void {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}
