import { formatMiCell, type MiChart, type MiTable } from "@domain/mi/mi";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { saveBlobAsFile } from "@web/lib/documents/save-file";
import { FileText } from "lucide-react";
import { useId, useState } from "react";
import { downloadMiCsv, type MiFilters, useMiChart } from "./get-mi";
import { MiPlot, type MiSeries } from "./mi-plot";

/** The chart's figures as a table: every row the API answered and the totals row, as the CSV has them. */
function MiDataTable({ table }: { table: MiTable }) {
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{table.title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            {table.columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-2 py-1 font-medium ${column.kind === "text" ? "" : "text-right"}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...table.rows, table.totals].map((row, index) => (
            <tr
              key={String(row[table.columns[0]?.key ?? ""] ?? index)}
              className="border-b border-slate-100 last:font-semibold"
            >
              {table.columns.map((column, at) =>
                at === 0 ? (
                  <th key={column.key} scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap">
                    {formatMiCell(column.kind, row[column.key] ?? null)}
                  </th>
                ) : (
                  <td key={column.key} className="px-2 py-1 text-right tabular-nums whitespace-nowrap">
                    {formatMiCell(column.kind, row[column.key] ?? null)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One chart: its title, the chart, the figures as a table, and the CSV. */
export function MiCard({
  chart,
  filters,
  series,
  plotRows = (table) => table.rows,
  note,
}: {
  chart: MiChart;
  filters: MiFilters;
  series: readonly MiSeries[];
  /** The rows the chart draws (the table always has every row). */
  plotRows?: (table: MiTable) => MiTable["rows"];
  note?: string;
}) {
  const id = useId();
  const answer = useMiChart(chart, filters);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const file = await downloadMiCsv(chart, filters);
      saveBlobAsFile(file.blob, file.fileName);
      toast({ title: "CSV downloaded", description: file.fileName });
    } catch (failure) {
      toast({ title: "The CSV could not be downloaded", description: errorMessageOf(failure) });
    } finally {
      setBusy(false);
    }
  }

  const table = answer.data;
  return (
    <Card className="min-w-0" aria-labelledby={`${id}-title`} role="region">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <CardTitle id={`${id}-title`} className="text-base">
          {table?.title ?? "…"}
        </CardTitle>
        <Button variant="outline" size="sm" disabled={!table || busy} onClick={() => void download()}>
          {busy ? <Spinner className="h-4 w-4" /> : <FileText aria-hidden="true" className="h-4 w-4" />}
          CSV
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {answer.isPending ? (
          <div className="flex h-56 items-center justify-center">
            <Spinner className="h-6 w-6" />
          </div>
        ) : answer.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(answer.error)}
          </p>
        ) : table ? (
          <>
            <MiPlot table={table} series={series} rows={plotRows(table)} />
            {note ? <p className="text-xs text-slate-600">{note}</p> : null}
            <details>
              <summary className="cursor-pointer text-sm font-medium text-blue-800">Show as table</summary>
              <MiDataTable table={table} />
            </details>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
