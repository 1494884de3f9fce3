/**
 * Management information (docs/product/mi.md): the figures of the book by London month, turnover band and firm,
 * built from the maintained totals (ADR 0079). Each chart is a table: its columns, a row per month (or band, or
 * firm) and a totals row; the screen draws it, shows it as a table, and the CSV writes it, so all three agree.
 * No zod here: the screen imports this file (ADR 0056).
 */
import { TURNOVER_BANDS } from "../constants";
import { formatGbp } from "../money";
import type { UNDERWRITER_DECISIONS } from "../quote/quote";
import { TURNOVER_BAND_LABELS } from "../quote/turnover-band";
import { percentileFromBuckets } from "./decision-times";

/** What the totals count, as the database triggers name them (migration 0041). */
export const MI_MEASURES = [
  "CREATED",
  "REFERRED",
  "DECIDED_APPROVED",
  "DECIDED_DECLINED",
  "DECIDED_COUNTER",
  "NEW_BUSINESS",
  "RENEWAL",
  "ADJUSTMENT",
  "CANCELLATION",
] as const;
export type MiMeasure = (typeof MI_MEASURES)[number];

/** The transactions that bind a policy: its issue as new business or as a renewal. */
const BINDING_MEASURES: readonly MiMeasure[] = ["NEW_BUSINESS", "RENEWAL"];
/** Gross written premium: every policy transaction, a cancellation's return premium negative. */
const PREMIUM_MEASURES: readonly MiMeasure[] = ["NEW_BUSINESS", "RENEWAL", "ADJUSTMENT", "CANCELLATION"];

export const MI_CHARTS = ["premium", "quotes", "decisions", "turnover-bands", "firms"] as const;
export type MiChart = (typeof MI_CHARTS)[number];
export const MI_CHART_TITLES: Readonly<Record<MiChart, string>> = {
  premium: "Gross written premium by month",
  quotes: "Quotes, policies bound and referrals by month",
  decisions: "Referral decisions and time to decide by month",
  "turnover-bands": "Gross written premium by turnover band",
  firms: "Gross written premium by firm",
};

/** How a column's values read: money in pence, ratios 0 to 1, durations in whole minutes. */
export type MiColumnKind = "text" | "count" | "money" | "ratio" | "minutes";
export interface MiColumn {
  key: string;
  label: string;
  kind: MiColumnKind;
}
export type MiCell = string | number | null;
export type MiRow = Record<string, MiCell>;
export interface MiTable {
  chart: MiChart;
  title: string;
  columns: MiColumn[];
  rows: MiRow[];
  totals: MiRow;
}

/** A month as the filters and rows write it: 2026-11. */
export const MI_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The longest range one request may ask for: five years of months. */
export const MI_MAX_MONTHS = 60;
export const MI_DEFAULT_MONTHS = 12;

/** A share of two counts, or null when there is nothing to divide by. */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Summed totals as the server reads them: events and premium of each measure within one group. */
export interface MiTotal {
  measure: string;
  events: number;
  premium: number;
}
type Sums = { events: Record<string, number>; premium: Record<string, number> };

function sumsOf(totals: readonly MiTotal[]): Sums {
  const sums: Sums = { events: {}, premium: {} };
  for (const t of totals) {
    sums.events[t.measure] = (sums.events[t.measure] ?? 0) + t.events;
    sums.premium[t.measure] = (sums.premium[t.measure] ?? 0) + t.premium;
  }
  return sums;
}
const events = (sums: Sums, measures: readonly MiMeasure[]) =>
  measures.reduce((sum, m) => sum + (sums.events[m] ?? 0), 0);
const premium = (sums: Sums, measures: readonly MiMeasure[]) =>
  measures.reduce((sum, m) => sum + (sums.premium[m] ?? 0), 0);

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** A chart's table: a row per key of `rowKeys` built by `row` from that key's totals, and the totals row. */
function table<T>(
  chart: MiChart,
  columns: MiColumn[],
  rowKeys: readonly { key: string; label: string }[],
  items: readonly T[],
  keyOf: (item: T) => string,
  row: (items: readonly T[]) => MiRow,
): MiTable {
  const groups = groupBy(items, keyOf);
  const first = columns[0]?.key ?? "label";
  return {
    chart,
    title: MI_CHART_TITLES[chart],
    columns,
    rows: rowKeys.map(({ key, label }) => ({ [first]: label, ...row(groups.get(key) ?? []) })),
    totals: { [first]: "Total", ...row(items) },
  };
}

const monthKeys = (months: readonly string[]) => months.map((m) => ({ key: m, label: m }));

export type MiMonthTotal = MiTotal & { month: string };

/** Gross written premium by month, split by the kind of transaction. */
export function premiumTable(months: readonly string[], totals: readonly MiMonthTotal[]): MiTable {
  const columns: MiColumn[] = [
    { key: "month", label: "Month", kind: "text" },
    { key: "newBusiness", label: "New business", kind: "money" },
    { key: "renewals", label: "Renewals", kind: "money" },
    { key: "adjustments", label: "Adjustments", kind: "money" },
    { key: "cancellations", label: "Cancellations", kind: "money" },
    { key: "total", label: "Gross written premium", kind: "money" },
  ];
  return table(
    "premium",
    columns,
    monthKeys(months),
    totals,
    (t) => t.month,
    (items) => {
      const sums = sumsOf(items);
      return {
        newBusiness: premium(sums, ["NEW_BUSINESS"]),
        renewals: premium(sums, ["RENEWAL"]),
        adjustments: premium(sums, ["ADJUSTMENT"]),
        cancellations: premium(sums, ["CANCELLATION"]),
        total: premium(sums, PREMIUM_MEASURES),
      };
    },
  );
}

/** Quotes created, policies bound, referrals, and the two ratios, by month. */
export function quotesTable(months: readonly string[], totals: readonly MiMonthTotal[]): MiTable {
  const columns: MiColumn[] = [
    { key: "month", label: "Month", kind: "text" },
    { key: "created", label: "Quotes created", kind: "count" },
    { key: "bound", label: "Policies bound", kind: "count" },
    { key: "referred", label: "Referrals", kind: "count" },
    { key: "quoteToBind", label: "Quote-to-bind ratio", kind: "ratio" },
    { key: "referralRate", label: "Referral rate", kind: "ratio" },
  ];
  return table(
    "quotes",
    columns,
    monthKeys(months),
    totals,
    (t) => t.month,
    (items) => {
      const sums = sumsOf(items);
      const created = events(sums, ["CREATED"]);
      const bound = events(sums, BINDING_MEASURES);
      const referred = events(sums, ["REFERRED"]);
      return { created, bound, referred, quoteToBind: ratio(bound, created), referralRate: ratio(referred, created) };
    },
  );
}

export const DECISION_LABELS: Readonly<Record<(typeof UNDERWRITER_DECISIONS)[number], string>> = {
  APPROVED: "Approved",
  DECLINED: "Declined",
  COUNTER: "Counter-offers",
};
/** The decisions in the order the chart lists them (the screen loads no zod, so not from quote.ts). */
const DECISIONS = Object.keys(DECISION_LABELS) as (typeof UNDERWRITER_DECISIONS)[number][];

export type MiBucketCount = { month: string; bucket: number; decisions: number };

/** The mix of decisions and the median and 90th percentile time from referral to decision, by month. */
export function decisionsTable(
  months: readonly string[],
  totals: readonly MiMonthTotal[],
  buckets: readonly MiBucketCount[],
): MiTable {
  const columns: MiColumn[] = [
    { key: "month", label: "Month", kind: "text" },
    ...DECISIONS.map((d) => ({ key: d.toLowerCase(), label: DECISION_LABELS[d], kind: "count" as const })),
    { key: "medianMinutes", label: "Median hours to decision", kind: "minutes" },
    { key: "p90Minutes", label: "90th percentile hours to decision", kind: "minutes" },
  ];
  const bucketsByMonth = groupBy(buckets, (b) => b.month);
  const waits = (counts: readonly MiBucketCount[]) => {
    const map = new Map<number, number>();
    for (const c of counts) map.set(c.bucket, (map.get(c.bucket) ?? 0) + c.decisions);
    return { medianMinutes: percentileFromBuckets(map, 0.5), p90Minutes: percentileFromBuckets(map, 0.9) };
  };
  const result = table(
    "decisions",
    columns,
    monthKeys(months),
    totals,
    (t) => t.month,
    (items) => {
      const sums = sumsOf(items);
      return Object.fromEntries(DECISIONS.map((d) => [d.toLowerCase(), events(sums, [`DECIDED_${d}`])]));
    },
  );
  for (const row of result.rows) Object.assign(row, waits(bucketsByMonth.get(String(row.month)) ?? []));
  Object.assign(result.totals, waits(buckets));
  return result;
}

const bindingColumns: MiColumn[] = [
  { key: "policies", label: "Policies bound", kind: "count" },
  { key: "premium", label: "Gross written premium", kind: "money" },
];
function bindingRow(items: readonly MiTotal[]): MiRow {
  const sums = sumsOf(items);
  return { policies: events(sums, BINDING_MEASURES), premium: premium(sums, PREMIUM_MEASURES) };
}

export const NO_TURNOVER_BAND_LABEL = "No band";

/** Premium and policies by the turnover band the policy was rated in. */
export function turnoverBandsTable(totals: readonly (MiTotal & { turnoverBand: string | null })[]): MiTable {
  const keys = [
    ...TURNOVER_BANDS.map((band) => ({ key: band, label: TURNOVER_BAND_LABELS[band] })),
    { key: "", label: NO_TURNOVER_BAND_LABEL },
  ];
  const columns: MiColumn[] = [{ key: "band", label: "Turnover band", kind: "text" }, ...bindingColumns];
  const result = table("turnover-bands", columns, keys, totals, (t) => t.turnoverBand ?? "", bindingRow);
  // A band with nothing in it is kept (the chart shows every band) except the quotes that had none.
  result.rows = result.rows.filter((row) => row.band !== NO_TURNOVER_BAND_LABEL || row.policies !== 0);
  return result;
}

export const NO_FIRM_LABEL = "Brokers without a firm";
/** The chart draws the leading firms; the table and the CSV list every firm. */
export const MI_TOP_FIRMS = 10;

/** Premium, policies and quotes by firm, the firm with most premium first (ties by name). */
export function firmsTable(totals: readonly (MiTotal & { firmId: string | null; firmName: string | null })[]): MiTable {
  const names = new Map(totals.map((t) => [t.firmId ?? "", t.firmName ?? NO_FIRM_LABEL]));
  const columns: MiColumn[] = [
    { key: "firm", label: "Firm", kind: "text" },
    { key: "created", label: "Quotes created", kind: "count" },
    ...bindingColumns,
  ];
  const keys = [...names].map(([key, label]) => ({ key, label }));
  const result = table(
    "firms",
    columns,
    keys,
    totals,
    (t) => t.firmId ?? "",
    (items) => ({
      created: events(sumsOf(items), ["CREATED"]),
      ...bindingRow(items),
    }),
  );
  // Each firm's id beside its name (not a column): the screen's firm filter offers the firms listed here.
  result.rows.forEach((row, index) => {
    row.firmId = keys[index]?.key || null;
  });
  result.rows.sort((a, b) => Number(b.premium) - Number(a.premium) || String(a.firm).localeCompare(String(b.firm)));
  return result;
}

/** A wait (whole minutes) in hours to one decimal place, as the screen and the CSV both show it. */
export const hours = (minutes: number) => (minutes / 60).toFixed(1);

/** A cell as the screen shows it: money in pounds, ratios as percentages, waits in hours. */
export function formatMiCell(kind: MiColumnKind, value: MiCell): string {
  if (value === null) return "–";
  if (kind === "money") return formatGbp(Number(value));
  if (kind === "ratio") return `${(Number(value) * 100).toFixed(1)}%`;
  if (kind === "minutes") return hours(Number(value));
  if (kind === "count") return Number(value).toLocaleString("en-GB");
  return String(value);
}

/** The CSV's file name: mi-premium-2026-01-to-2026-12.csv */
export function miFileName(chart: MiChart, from: string, to: string): string {
  return `mi-${chart}-${from}-to-${to}.csv`;
}
