/**
 * Dates for UK users: "today" is today in Europe/London (docs/product/errors.md), shown as DD/MM/YYYY.
 */
const londonDateParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * London's clocks change only on the hour, so within one UTC hour the date changes at most at London's midnight,
 * which falls on a UTC hour too: one answer serves the whole hour. Every quote save asks, so it is asked once.
 */
let lastHour = Number.NaN;
let lastDate = "";

/** The calendar date in London at `now`, as YYYY-MM-DD. Just after midnight BST is already tomorrow. */
export function todayInLondon(now: Date): string {
  const hour = Math.floor(now.getTime() / 3_600_000);
  if (hour === lastHour) return lastDate;
  const parts = Object.fromEntries(londonDateParts.formatToParts(now).map((part) => [part.type, part.value]));
  lastDate = `${parts.year}-${parts.month}-${parts.day}`;
  lastHour = hour;
  return lastDate;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const dateTimeGb = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/**
 * "2026-11-22" -> "22/11/2026". A calendar date is formatted as written (no time-zone shift); a timestamp
 * (Date, or a string with a time) is shown as its London date. Empty or invalid input gives "".
 */
export function formatDateGb(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    const match = ISO_DATE.exec(value);
    if (match && value.length === 10) return `${match[3]}/${match[2]}/${match[1]}`;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : dateTimeGb.format(date);
}

/** A timestamp as "22/11/2026, 14:05" in London time, for audit logs and quote history. */
export function formatDateTimeGb(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

const GB_DATE_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as a broker types it: DD/MM/YYYY (one-digit day or month allowed, "7/3/2026") or ISO YYYY-MM-DD,
 * with spaces around ignored. Gives the calendar date as YYYY-MM-DD, the form the API and its schemas keep,
 * or null when the text names no real date (31/02/2026, 2026-13-01, "next week").
 */
export function parseDateText(text: string): string | null {
  const trimmed = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const gb = GB_DATE_TEXT.exec(trimmed);
  const iso = gb ? null : ISO_DATE_TEXT.exec(trimmed);
  if (gb) {
    [day, month, year] = [Number(gb[1]), Number(gb[2]), Number(gb[3])];
  } else if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    return null;
  }
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
