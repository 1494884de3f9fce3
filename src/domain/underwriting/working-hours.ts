/**
 * Working time for the underwriters' response target: Monday to Friday, 09:00 to 17:00 UK time, without the
 * England and Wales bank holidays. A referral made at 16:00 on a Friday with a four-hour target is due at 12:00
 * on Monday; one made on a Saturday is due at 13:00 on Monday. The clock changes happen at night, so every
 * working minute is a real minute.
 */

export const WORKING_DAY_START_MINUTE = 9 * 60;
export const WORKING_DAY_END_MINUTE = 17 * 60;
const ZONE = "Europe/London";

/**
 * England and Wales bank holidays (gov.uk). A day missing from the list counts as a working day, so the list
 * is extended each year as the dates are announced.
 */
export const BANK_HOLIDAYS: ReadonlySet<string> = new Set([
  "2025-01-01",
  "2025-04-18",
  "2025-04-21",
  "2025-05-05",
  "2025-05-26",
  "2025-08-25",
  "2025-12-25",
  "2025-12-26",
  "2026-01-01",
  "2026-04-03",
  "2026-04-06",
  "2026-05-04",
  "2026-05-25",
  "2026-08-31",
  "2026-12-25",
  "2026-12-28",
  "2027-01-01",
  "2027-03-26",
  "2027-03-29",
  "2027-05-03",
  "2027-05-31",
  "2027-08-30",
  "2027-12-27",
  "2027-12-28",
]);

/** A UK calendar day as a UTC midnight (for day arithmetic only) and the minute of that day in UK time. */
interface UkMoment {
  day: number;
  minute: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function ukMoment(at: Date): UkMoment {
  const value: Record<string, number> = {};
  for (const part of parts.formatToParts(at)) {
    if (part.type !== "literal") value[part.type] = Number(part.value);
  }
  const seconds = (value.second ?? 0) + at.getUTCMilliseconds() / 1000;
  return {
    day: Date.UTC(value.year ?? 1970, (value.month ?? 1) - 1, value.day ?? 1),
    minute: (value.hour ?? 0) * 60 + (value.minute ?? 0) + seconds / 60,
  };
}

/** The instant of a UK wall-clock minute in working hours (where UK time is UTC or UTC+1, never ambiguous). */
function instantOf(day: number, minute: number): Date {
  const guess = new Date(day + minute * 60_000);
  const offset = ukMoment(guess).minute - minute;
  // UK time is never behind UTC; across midnight the difference wraps, which working hours never meet.
  return new Date(guess.getTime() - Math.round(offset) * 60_000);
}

export function isWorkingDay(day: number): boolean {
  const weekday = new Date(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !BANK_HOLIDAYS.has(new Date(day).toISOString().slice(0, 10));
}

/** The working minutes between two instants (0 when `to` is not after `from`). */
export function workingMinutesBetween(from: Date, to: Date): number {
  if (to.getTime() <= from.getTime()) return 0;
  const start = ukMoment(from);
  const end = ukMoment(to);
  let total = 0;
  for (let day = start.day; day <= end.day; day += DAY_MS) {
    if (!isWorkingDay(day)) continue;
    const lower = Math.max(WORKING_DAY_START_MINUTE, day === start.day ? start.minute : 0);
    const upper = Math.min(WORKING_DAY_END_MINUTE, day === end.day ? end.minute : 24 * 60);
    total += Math.max(0, upper - lower);
  }
  return total;
}

/** The instant `minutes` working minutes after `from`. */
export function addWorkingMinutes(from: Date, minutes: number): Date {
  if (minutes <= 0) return from;
  let { day, minute: cursor } = ukMoment(from);
  let left = minutes;
  for (;;) {
    if (isWorkingDay(day)) {
      const start = Math.max(WORKING_DAY_START_MINUTE, cursor);
      const available = WORKING_DAY_END_MINUTE - start;
      if (available > 0) {
        if (left <= available) return instantOf(day, start + left);
        left -= available;
      }
    }
    day += DAY_MS;
    cursor = 0;
  }
}

/** The instant `minutes` working minutes before `to`. */
export function subtractWorkingMinutes(to: Date, minutes: number): Date {
  if (minutes <= 0) return to;
  let { day, minute: cursor } = ukMoment(to);
  let left = minutes;
  for (;;) {
    if (isWorkingDay(day)) {
      const end = Math.min(WORKING_DAY_END_MINUTE, cursor);
      const available = end - WORKING_DAY_START_MINUTE;
      if (available > 0) {
        if (left <= available) return instantOf(day, end - left);
        left -= available;
      }
    }
    day -= DAY_MS;
    cursor = 24 * 60;
  }
}
