/**
 * One management information chart drawn with uPlot (ADR 0078): a canvas sized to its box, redrawn when the box
 * changes width, so it reads on a phone as on a desktop. The figures themselves are in the table beside it.
 */
import type { MiColumnKind, MiTable } from "@domain/mi/mi";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/** A series the chart draws: a column of the table, as bars or a line, on the left or right scale. */
export interface MiSeries {
  key: string;
  bars?: boolean;
  color: string;
  /** A second scale on the right, for figures of another unit (the wait in hours beside counts). */
  right?: boolean;
}

const compactPounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  notation: "compact",
  maximumFractionDigits: 1,
});
const compactCount = new Intl.NumberFormat("en-GB", { notation: "compact", maximumFractionDigits: 1 });

/** A value on the chart's scale: money in pounds, waits in hours, counts as they are. */
function plotted(kind: MiColumnKind | undefined, value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  if (kind === "money") return n / 100;
  if (kind === "minutes") return n / 60;
  return n;
}

function tickLabel(kind: MiColumnKind | undefined): (self: uPlot, splits: number[]) => string[] {
  if (kind === "money") return (_, splits) => splits.map((v) => compactPounds.format(v));
  if (kind === "minutes") return (_, splits) => splits.map((v) => `${compactCount.format(v)} h`);
  return (_, splits) => splits.map((v) => compactCount.format(v));
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The label under a category: a month as "Nov 26", a name shortened to fit a phone (the table gives it in full). */
function shortLabel(label: string, width: number): string {
  const month = /^(\d{2})(\d{2})-(\d{2})$/.exec(label);
  if (month) return `${MONTH_NAMES[Number(month[3]) - 1]} ${month[2]}`;
  const max = width < 500 ? 9 : 16;
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/** A scale from zero (or the lowest negative figure) to a little above the highest. */
function fromZero(_: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  const low = Math.min(0, min ?? 0);
  const high = Math.max(0, max ?? 0);
  const room = (high - low) * 0.08 || 1;
  return [low < 0 ? low - room : 0, high + room];
}

/** Every label when they fit, else every second or third, so none overlaps. */
function labelStep(count: number, width: number): number {
  return Math.max(1, Math.ceil((count * 56) / Math.max(1, width - 120)));
}

export function MiPlot({
  table,
  series,
  rows,
}: {
  table: MiTable;
  series: readonly MiSeries[];
  rows: MiTable["rows"];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const labelKey = table.columns[0]?.key ?? "";
    const kindOf = (key: string) => table.columns.find((column) => column.key === key)?.kind;
    const labels = rows.map((row) => String(row[labelKey] ?? ""));
    const left = series.find((s) => !s.right);
    const right = series.find((s) => s.right);
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const options = (width: number): uPlot.Options => ({
      width,
      height: width < 500 ? 220 : 260,
      legend: { show: true, live: false },
      cursor: { show: false },
      // Half a category of room at each end, so the first and last bars are whole.
      // Bars start at zero: a scale fitted to the data alone would make small differences look large.
      scales: {
        x: { time: false, range: [-0.5, Math.max(0, labels.length - 0.5)] },
        y: { range: fromZero },
        r: { range: fromZero },
      },
      axes: [
        {
          splits: () => labels.map((_, index) => index),
          values: (_, splits) =>
            splits.map((index) =>
              index % labelStep(labels.length, width) === 0 ? shortLabel(labels[index] ?? "", width) : "",
            ),
          size: 36,
          font: "11px system-ui, sans-serif",
        },
        { scale: "y", values: tickLabel(left && kindOf(left.key)), size: 60, font: "11px system-ui, sans-serif" },
        ...(right
          ? [{ scale: "r", side: 1, values: tickLabel(kindOf(right.key)), size: 50, grid: { show: false } }]
          : []),
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: table.columns.find((column) => column.key === s.key)?.label ?? s.key,
          scale: s.right ? "r" : "y",
          stroke: s.color,
          width: s.bars ? 1 : 2,
          ...(s.bars ? { fill: `${s.color}cc`, paths: bars } : { points: { show: true, size: 5 } }),
        })),
      ],
    });
    const data: uPlot.AlignedData = [
      rows.map((_, index) => index),
      ...series.map((s) => rows.map((row) => plotted(kindOf(s.key), row[s.key]))),
    ];
    let plot = new uPlot(options(element.clientWidth), data, element);
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== plot.width) {
        plot.destroy();
        plot = new uPlot(options(element.clientWidth), data, element);
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [table, series, rows]);
  return <div ref={box} className="w-full min-w-0 overflow-hidden" aria-hidden="true" />;
}
