import { formatGbp, parseMoneyString } from "@domain/money";
import type { ImpactReport } from "@domain/rating/impact";
import { Badge } from "@web/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { paths } from "@web/config/paths";
import { Link } from "wouter";

const count = new Intl.NumberFormat("en-GB");
const percent = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

function gbp(money: string): string {
  return formatGbp(parseMoneyString(money) ?? 0);
}

function signedGbp(money: string): string {
  const pence = parseMoneyString(money) ?? 0;
  return pence > 0 ? `+${formatGbp(pence)}` : formatGbp(pence);
}

function signedPercent(value: number | null): string {
  if (value === null) return "new premium";
  return `${value > 0 ? "+" : ""}${percent.format(value)}%`;
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
      {detail ? <dd className="text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}

/** A histogram as a table (readable by screen readers) with a bar per band drawn to scale. */
function Histogram({ caption, bands }: { caption: string; bands: ImpactReport["percentBands"] }) {
  const largest = Math.max(1, ...bands.map((band) => band.count));
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Change</th>
          <th scope="col">Quotes</th>
        </tr>
      </thead>
      <tbody>
        {bands.map((band) => {
          const tone =
            band.label === "No change"
              ? "bg-slate-400"
              : band.label.startsWith("-")
                ? "bg-emerald-500"
                : "bg-amber-500";
          return (
            <tr key={band.label}>
              <th
                scope="row"
                className="w-36 py-0.5 pr-2 text-left text-xs font-normal whitespace-nowrap text-slate-700"
              >
                {band.label}
              </th>
              <td className="py-0.5">
                <div className="flex items-center gap-2">
                  <div
                    aria-hidden="true"
                    className={`h-3 rounded-sm ${tone}`}
                    style={{ width: `${(band.count / largest) * 100}%`, minWidth: band.count > 0 ? "2px" : 0 }}
                  />
                  <span className="text-xs text-slate-800 tabular-nums">{count.format(band.count)}</span>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function ImpactReportView({ report }: { report: ImpactReport }) {
  const share = (n: number) => (report.quoteCount === 0 ? "0%" : `${percent.format((n / report.quoteCount) * 100)}%`);
  if (report.quoteCount === 0) {
    return (
      <p className="text-sm text-slate-700">
        No quotes of this product were rated in the last 12 months, so the draft changes no stored premium.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <dl className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Quotes re-rated" value={count.format(report.quoteCount)} detail="rated in the last 12 months" />
        <Figure
          label="Premiums that change"
          value={`${count.format(report.changedCount)} (${share(report.changedCount)})`}
          detail={`${count.format(report.increasedCount)} up, ${count.format(report.decreasedCount)} down`}
        />
        <Figure
          label="Total premium"
          value={`${gbp(report.totalBefore)} → ${gbp(report.totalAfter)}`}
          detail={`${signedGbp(report.totalChange)} in all`}
        />
        <Figure
          label="Referral rate"
          value={`${percent.format(report.referral.rateBefore)}% → ${percent.format(report.referral.rateAfter)}%`}
          detail={`${count.format(report.referral.newlyReferred)} newly referred, ${count.format(report.referral.noLongerReferred)} no longer`}
        />
      </dl>
      <div className="grid gap-6 md:grid-cols-2">
        <Histogram caption="Change in total premium (percent)" bands={report.percentBands} />
        <Histogram caption="Change in total premium (money)" bands={report.moneyBands} />
      </div>
      {report.topMovers.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Quotes that move most</h3>
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Reference</TableHeaderCell>
                <TableHeaderCell>Company</TableHeaderCell>
                <TableHeaderCell className="text-right">Current</TableHeaderCell>
                <TableHeaderCell className="text-right">Draft</TableHeaderCell>
                <TableHeaderCell className="text-right">Change</TableHeaderCell>
                <TableHeaderCell>Referral</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.topMovers.map((mover) => (
                <TableRow key={mover.quoteId}>
                  <TableCell>
                    <Link
                      href={paths.quote(mover.quoteId)}
                      className="font-medium text-blue-700 underline-offset-2 hover:underline"
                    >
                      {mover.reference}
                    </Link>
                  </TableCell>
                  <TableCell>{mover.proposerName}</TableCell>
                  <TableCell className="text-right tabular-nums">{gbp(mover.before.totalPremium)}</TableCell>
                  <TableCell className="text-right tabular-nums">{gbp(mover.after.totalPremium)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {signedGbp(mover.change)} ({signedPercent(mover.percentChange)})
                  </TableCell>
                  <TableCell>
                    {mover.before.referred === mover.after.referred ? (
                      mover.after.referred ? (
                        <Badge tone="warning">Refers</Badge>
                      ) : (
                        <span className="text-xs text-slate-600">No</span>
                      )
                    ) : mover.after.referred ? (
                      <Badge tone="danger">Now refers</Badge>
                    ) : (
                      <Badge tone="success">No longer refers</Badge>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </div>
  );
}
