import { formatGbp } from "@domain/money";
import type { PREMIUM_LINES } from "@domain/quote/premium-lines";
import type { RatingResult } from "@domain/rating/compile";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { TriangleAlert } from "lucide-react";
import type { CancellationExample } from "../test-rating";

/** 'Test Results': the premium breakdown, the factor trace that explains it, and any referral hits. */
export function TestResults({
  result,
  highSumInsured,
  lines,
  cancellations,
  waiverThreshold,
}: {
  result: RatingResult;
  highSumInsured: boolean;
  /** The premium lines' names, which come with the engine that rated the test risk. */
  lines: typeof PREMIUM_LINES;
  /** What cancelling this premium would return under the configuration's terms, at points in the year. */
  cancellations: readonly CancellationExample[];
  /** Pounds: an adjustment's difference under this is waived. */
  waiverThreshold: number;
}) {
  return (
    <Card aria-live="polite">
      <CardHeader>
        <CardTitle>Test Results</CardTitle>
        <p className="text-sm text-slate-600">
          Premium <span className="font-semibold text-slate-900 tabular-nums">{formatGbp(result.totalPremium)}</span>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        <section aria-label="Premium breakdown">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">Premium breakdown</h3>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
            <dt>{lines.basePremium.label}</dt>
            <dd className="text-right">{formatGbp(result.basePremium)}</dd>
            {result.fees.map((fee) => (
              <div key={fee.code} className="contents">
                <dt>{fee.label}</dt>
                <dd className="text-right">{formatGbp(fee.amount)}</dd>
              </div>
            ))}
            <dt>{lines.subtotal.label}</dt>
            <dd className="text-right">{formatGbp(result.subtotal)}</dd>
            <dt>{lines.taxes.label}</dt>
            <dd className="text-right">{formatGbp(result.taxes)}</dd>
            <dt className="font-semibold">{lines.totalPremium.label}</dt>
            <dd className="text-right font-semibold">{formatGbp(result.totalPremium)}</dd>
            <dt className="text-slate-600">Multiplier (after cap)</dt>
            <dd className="text-right text-slate-600">
              {result.multiplier.toFixed(4)}
              {result.uncappedMultiplier !== result.multiplier
                ? ` (uncapped ${result.uncappedMultiplier.toFixed(4)})`
                : ""}
            </dd>
          </dl>
          <div className="mt-3">
            <h3 className="mb-1 text-sm font-semibold text-slate-900">Referral hits</h3>
            {result.referralHits.length === 0 ? (
              <p className="text-sm text-slate-600">No referral rules hit: this risk could be completed directly.</p>
            ) : (
              <ul className="grid gap-1 wrap-anywhere">
                {result.referralHits.map((hit) => (
                  <li
                    key={hit.code}
                    className="flex items-start gap-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-950"
                  >
                    <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                    <span>
                      <span className="font-mono text-xs font-semibold">{hit.code}</span> {hit.description}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {highSumInsured ? (
              <p
                role="note"
                className="mt-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm font-medium text-amber-950"
              >
                High sum insured: over £2,000,000, this risk needs an underwriter's review.
              </p>
            ) : null}
          </div>
        </section>
        <section aria-label="Factor trace">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">Factor trace</h3>
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>Applied</TableHeaderCell>
                <TableHeaderCell>Matched</TableHeaderCell>
                <TableHeaderCell className="text-right">Multiplier</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {result.trace.map((entry) => (
                <TableRow key={`${entry.kind}|${entry.name}|${entry.matched}`}>
                  <TableCell className="font-mono text-xs">{entry.name}</TableCell>
                  <TableCell className="text-xs">{entry.matched}</TableCell>
                  <TableCell className="text-right text-xs tabular-nums">{entry.multiplier}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
        <section aria-label="If cancelled" className="lg:col-span-2">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">If cancelled</h3>
          <p className="mb-2 text-sm text-slate-600">
            What this premium would return under the configuration's cancellation terms. Fees are never returned; a
            mid-term adjustment under {formatGbp(Math.round(waiverThreshold * 100))} is waived.
          </p>
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>Cancelled</TableHeaderCell>
                <TableHeaderCell>Basis</TableHeaderCell>
                <TableHeaderCell className="text-right">Kept</TableHeaderCell>
                <TableHeaderCell className="text-right">Returned with IPT</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {cancellations.map(({ afterMonths, basis, retainedPremium, returnTotal }) => (
                <TableRow key={afterMonths}>
                  <TableCell className="text-xs">
                    {afterMonths === 0
                      ? "From inception"
                      : `After ${afterMonths} ${afterMonths === 1 ? "month" : "months"}`}
                  </TableCell>
                  <TableCell className="text-xs">{basis}</TableCell>
                  <TableCell className="text-right text-xs tabular-nums">{formatGbp(retainedPremium)}</TableCell>
                  <TableCell className="text-right text-xs tabular-nums">{formatGbp(returnTotal)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      </CardContent>
    </Card>
  );
}
