/**
 * The underwriters' response target (docs/product/screens.md "Review Queue"): a referral should have its decision
 * within a number of working hours of being referred, and the queue can show only those past it.
 */
import { addWorkingMinutes, subtractWorkingMinutes } from "./working-hours";

/** Which referrals the queue shows: every one waiting, or only those past their response target. */
export const QUEUE_VIEWS = ["all", "overdue"] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];
export const QUEUE_VIEW_LABELS: Record<QueueView, string> = { all: "All", overdue: "Overdue" };

/** When a referral made at `referredAt` should have its decision: `targetHours` working hours later. */
export function responseDueAt(referredAt: Date, targetHours: number): Date {
  return addWorkingMinutes(referredAt, targetHours * 60);
}

/**
 * The latest referral time that is overdue at `now`. A later referral never falls due earlier, so "referred
 * before this instant" is exactly "past its target", which a database can filter on.
 */
export function overdueBefore(now: Date, targetHours: number): Date {
  return subtractWorkingMinutes(now, targetHours * 60);
}

/** The target in words: 'target 4 working hours'. */
export function targetInWords(targetHours: number): string {
  return `target ${targetHours} working ${targetHours === 1 ? "hour" : "hours"}`;
}
