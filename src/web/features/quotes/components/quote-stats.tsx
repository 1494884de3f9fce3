import { formatGbp, parseMoneyString } from "@domain/money";
import type { QuoteStats } from "@domain/quote/stats";
import { QUOTE_STATUSES, type QuoteStatus, statusLabel } from "@domain/quote/status";
import { Card, CardContent } from "@web/components/ui/card";
import { useQuoteStats } from "../api/get-quote-stats";

function countOf(stats: QuoteStats, statuses: readonly QuoteStatus[]): number {
  return stats.byStatus.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.count, 0);
}

function premiumOf(stats: QuoteStats, statuses: readonly QuoteStatus[]): number {
  return stats.byStatus
    .filter((row) => statuses.includes(row.status))
    .reduce((sum, row) => sum + (parseMoneyString(row.totalPremium) ?? 0), 0);
}

function SummaryCard({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card>
      <CardContent>
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</p>
        <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
        <p className="mt-0.5 text-xs text-slate-600">{hint}</p>
      </CardContent>
    </Card>
  );
}

const BAR_COLOURS: Record<QuoteStatus, string> = {
  DRAFT: "#64748b",
  QUOTED: "#15803d",
  REFERRED: "#b45309",
  UW_REQUESTED: "#1d4ed8",
  UW_APPROVED: "#16a34a",
  UW_DECLINED: "#b91c1c",
  ISSUED: "#6d28d9",
};

/** Quotes by status as a small bar chart; the numbers are also in a table for screen readers. */
export function QuotesByStatusChart({ stats }: { stats: QuoteStats }) {
  const rows = QUOTE_STATUSES.map((status) => ({
    status,
    count: stats.byStatus.find((row) => row.status === status)?.count ?? 0,
  }));
  const max = Math.max(1, ...rows.map((row) => row.count));
  const barHeight = 14;
  const gap = 6;
  const labelWidth = 104;
  const chartWidth = 220;
  const height = rows.length * (barHeight + gap);
  return (
    <figure className="m-0">
      <figcaption className="mb-2 text-sm font-semibold text-slate-900">Quotes by status</figcaption>
      <svg
        role="img"
        aria-labelledby="quotes-by-status-title"
        viewBox={`0 0 ${labelWidth + chartWidth + 40} ${height}`}
        className="w-full max-w-md"
      >
        <title id="quotes-by-status-title">
          {rows.map((row) => `${statusLabel(row.status, "list")}: ${row.count}`).join(", ")}
        </title>
        {rows.map((row, index) => {
          const y = index * (barHeight + gap);
          const width = (row.count / max) * chartWidth;
          return (
            <g key={row.status}>
              <text x={0} y={y + barHeight - 3} fontSize="11" fill="#334155">
                {statusLabel(row.status, "wizard")}
              </text>
              <rect
                x={labelWidth}
                y={y}
                width={Math.max(width, 1)}
                height={barHeight}
                rx="2"
                fill={BAR_COLOURS[row.status]}
              />
              <text x={labelWidth + width + 6} y={y + barHeight - 3} fontSize="11" fill="#0f172a">
                {row.count}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** What the panel lays out while the figures load: the same cards and chart, so nothing below moves when they arrive. */
const NO_FIGURES: QuoteStats = { total: 0, byStatus: [] };
const PENDING_VALUE = "–";

export function QuoteStatsPanel() {
  const stats = useQuoteStats();
  if (!stats.isPending && !stats.data) return null;
  const loading = stats.isPending;
  const data = stats.data ?? NO_FIGURES;
  const shown = (value: string) => (loading ? PENDING_VALUE : value);
  const awaiting = countOf(data, ["REFERRED", "UW_REQUESTED"]);
  return (
    <section aria-label="Quote figures" aria-busy={loading} className="grid items-start gap-3 lg:grid-cols-[1fr_auto]">
      <div className="grid grid-cols-2 content-start gap-3 md:grid-cols-4">
        <SummaryCard label="Total quotes" value={shown(String(data.total))} hint="All quotes you can see" />
        <SummaryCard label="Drafts" value={shown(String(countOf(data, ["DRAFT"])))} hint="Still being prepared" />
        <SummaryCard label="With underwriting" value={shown(String(awaiting))} hint="Referred or review requested" />
        <SummaryCard
          label="Completed premium"
          value={shown(formatGbp(premiumOf(data, ["QUOTED", "ISSUED"])))}
          hint={`${shown(String(countOf(data, ["QUOTED", "ISSUED"])))} completed or issued`}
        />
      </div>
      <Card>
        <CardContent>
          <QuotesByStatusChart stats={data} />
        </CardContent>
      </Card>
      {loading ? (
        <p role="status" className="sr-only">
          Loading quote figures
        </p>
      ) : null}
    </section>
  );
}
