import { formatDateGb } from "@domain/format/dates";
import type { PolicyView } from "@domain/quote/policy-schema";
import { policyTransactionLabel } from "@domain/quote/policy-transactions";
import { CardListHeader } from "@web/components/ui/card-list";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@web/components/ui/table";
import { MD_QUERY, useMediaQuery } from "@web/hooks/use-media-query";
import { money } from "./policy-parts";

type Transaction = PolicyView["transactions"][number];

const AMOUNT = "text-right whitespace-nowrap tabular-nums";

/** A run-off policy's period in years: its issue is named 'Run-off'. */
type RunOff = { runOffYears: number | null };

function TransactionTable({ rows, runOffYears }: { rows: readonly Transaction[] } & RunOff) {
  return (
    <Table aria-label="Transactions">
      <TableHead>
        <tr>
          <TableHeaderCell className="px-2">No.</TableHeaderCell>
          <TableHeaderCell className="px-2">Type</TableHeaderCell>
          <TableHeaderCell className="px-2">Effective date</TableHeaderCell>
          <TableHeaderCell className="px-2 text-right">Premium</TableHeaderCell>
          <TableHeaderCell className="px-2 text-right">IPT</TableHeaderCell>
          <TableHeaderCell className="px-2 text-right">Total</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.sequence} data-testid="policy-transaction" data-kind={row.kind}>
            <TableCell className="px-2 tabular-nums">{row.sequence}</TableCell>
            <TableCell className="px-2">{policyTransactionLabel(row.kind, runOffYears)}</TableCell>
            <TableCell className="px-2 whitespace-nowrap">{formatDateGb(row.effectiveDate)}</TableCell>
            <TableCell className={`px-2 ${AMOUNT}`}>{money(row.basePremium)}</TableCell>
            <TableCell className={`px-2 ${AMOUNT}`}>{money(row.taxes)}</TableCell>
            <TableCell className={`px-2 font-medium ${AMOUNT}`} data-testid="transaction-total">
              {money(row.totalPremium)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * On a phone each transaction is a short entry, in line with the premium lines above it: what it is and its total,
 * then its date, premium and IPT.
 */
function TransactionCards({ rows, runOffYears }: { rows: readonly Transaction[] } & RunOff) {
  return (
    <ul aria-label="Transactions" className="divide-y divide-slate-100">
      {rows.map((row) => (
        <li key={row.sequence} className="grid gap-1 py-2.5" data-testid="policy-transaction" data-kind={row.kind}>
          <CardListHeader
            figure={<span data-testid="transaction-total">{money(row.totalPremium)}</span>}
            figureLabel="Total"
          >
            <span className="text-sm font-medium text-slate-900">
              {row.sequence}. {policyTransactionLabel(row.kind, runOffYears)}
            </span>
          </CardListHeader>
          <p className="text-xs text-slate-600">
            Effective {formatDateGb(row.effectiveDate)}: premium {money(row.basePremium)}, IPT {money(row.taxes)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Every premium movement on the policy, first to last (docs/product/life-cycle.md "The policy"): the issue, then a
 * cancellation's return, shown negative as the product shows any return of money.
 */
export function PolicyTransactions({ rows, runOffYears }: { rows: readonly Transaction[] } & RunOff) {
  const wide = useMediaQuery(MD_QUERY);
  return wide ? (
    <TransactionTable rows={rows} runOffYears={runOffYears} />
  ) : (
    <TransactionCards rows={rows} runOffYears={runOffYears} />
  );
}
