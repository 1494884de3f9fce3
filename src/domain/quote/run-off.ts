/**
 * Run-off cover (docs/product/life-cycle.md "Run-off"): a firm that has stopped, or will stop, trading keeps its
 * claims-made cover for claims first made in the 1 to 12 years after it stops, for work done before it stopped. One
 * policy for the whole period, paid as one single premium (docs/product/rating.md "Run-off"). The words here are
 * written once: the server refuses with them and the screens and documents print them. No zod here (ADR 0056);
 * the request's schema is in run-off-schema.ts.
 */
import { formatDateGb } from "../format/dates";
import { periodOfInsurance } from "./policy-period";
import { addDays } from "./renewal";
import { type RetroactiveCover, retroactiveAnswerOf } from "./retroactive-answer";

export const RUN_OFF_MIN_YEARS = 1;
export const RUN_OFF_MAX_YEARS = 12;

/** "1 year", "6 years": the period as the rating's trace, the worksheet and the documents write it. */
export function runOffYearsText(years: number): string {
  return years === 1 ? "1 year" : `${years} years`;
}

export const RUN_OFF_MESSAGES = {
  years: `The run-off period must be a whole number of years from ${RUN_OFF_MIN_YEARS} to ${RUN_OFF_MAX_YEARS}`,
  startDate: "Enter the date the firm stops trading, when run-off cover starts",
  startOutsidePolicy: (inceptionDate: string, dayAfterExpiry: string) =>
    `Run-off must start between the policy's inception (${formatDateGb(inceptionDate)}) and the day after it ends (${formatDateGb(dayAfterExpiry)})`,
  coverFromPolicy:
    "A run-off quoted from a policy keeps the policy's cover: its premium is built from the policy's last annual premium",
  retroactiveKept:
    "A run-off keeps the retroactive date of the policy it continues: the policy's past work stays covered as it was",
  staysRunOff: "A run-off quoted from a policy stays a run-off: choose a period from 1 to 12 years",
  notInForce: (status: string) =>
    `Run-off can be quoted only from a policy in force: this policy is ${status.toLowerCase()}`,
  alreadyStarted: (reference: string) => `Run-off has already been quoted from this policy as ${reference}`,
  /** A run-off policy runs to its end as issued. */
  runOffPolicy:
    "A run-off policy cannot be changed, cancelled, renewed or put into run-off: its single premium is fully earned",
  inRunOff: (reference: string) =>
    `This policy has gone into run-off (${reference}): a firm that has stopped trading is not renewed`,
  notPriced: (years: number, version: string) =>
    `The rating version ${version} has no run-off factor for ${runOffYearsText(years)}: run-off cannot be quoted on it`,
} as const;

/** Whether `years` is a run-off period the product writes. */
export function isRunOffYears(years: unknown): years is number {
  return Number.isInteger(years) && (years as number) >= RUN_OFF_MIN_YEARS && (years as number) <= RUN_OFF_MAX_YEARS;
}

/**
 * The days run-off from a policy may start: from its inception (a firm that stops trading mid-term; the broker
 * cancels the annual policy from the same day) to the day after it ends (run-off taking over at expiry).
 */
export function runOffStartWindow(policyInceptionDate: string): { from: string; to: string } {
  return { from: policyInceptionDate, to: addDays(periodOfInsurance(policyInceptionDate).to, 1) };
}

/** The start date's problem, or null: outside the policy's window. */
export function runOffStartProblem(policyInceptionDate: string, startDate: string): string | null {
  const window = runOffStartWindow(policyInceptionDate);
  if (startDate < window.from || startDate > window.to) {
    return RUN_OFF_MESSAGES.startOutsidePolicy(window.from, window.to);
  }
  return null;
}

/** The schedule's run-off clause: what is and is not covered after the firm stops trading. */
export function runOffScheduleWording(years: number, startDate: string): string {
  return (
    `Run-off cover for ${runOffYearsText(years)} from ${formatDateGb(startDate)}, when the Insured stops trading. ` +
    "The policy covers claims first made against the Insured during the period of insurance in respect of work " +
    `done before ${formatDateGb(startDate)} (and on or after the retroactive date). It does not cover any work ` +
    `done, or business conducted, on or after ${formatDateGb(startDate)}. One single premium is paid for the whole ` +
    "period; it is not adjusted, cancelled or renewed."
  );
}

/** Annual cover as step 7 and the underwriter's review name it beside run-off. */
export const ANNUAL_COVER_TEXT = "Annual (one year)";

/** "Run-off, 6 years": the kind of cover as the screens, the schedule and the bordereau name it. */
export function runOffCoverText(years: number): string {
  return `Run-off, ${runOffYearsText(years)}`;
}

/**
 * A policy's last annual base premium, the run-off's basis: the year's base premium after its last mid-term
 * adjustment, else the base premium it was issued at (after any counter offer).
 */
export function lastAnnualBasePremium(issuedBasePremium: number, annualAfterEachAdjustment: readonly number[]): number {
  return annualAfterEachAdjustment.at(-1) ?? issuedBasePremium;
}

/**
 * The issue, or none, of a declaration saved on a run-off quoted from a policy: its retroactive date is the policy's
 * and stays so (an answer or a date other than the stored ones is refused at the answer).
 */
export function runOffRetroactiveIssues(
  stored: RetroactiveCover | null | undefined,
  saving: RetroactiveCover | null | undefined,
): { path: string; message: string }[] {
  const same =
    retroactiveAnswerOf(stored) === retroactiveAnswerOf(saving) &&
    (retroactiveAnswerOf(stored) !== "DATE" || stored?.retroactiveDate === saving?.retroactiveDate);
  return same ? [] : [{ path: "declaration.retroactiveCover", message: RUN_OFF_MESSAGES.retroactiveKept }];
}
