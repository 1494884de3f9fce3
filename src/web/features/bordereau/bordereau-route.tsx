import { type BordereauFormat, bordereauMonthOptions, previousBordereauMonth } from "@domain/bordereau/bordereau";
import { todayInLondon } from "@domain/format/dates";
import { AppLayout } from "@web/components/layout/app-layout";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Label } from "@web/components/ui/label";
import { Select } from "@web/components/ui/select";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/components/ui/toast-store";
import { useNow } from "@web/hooks/use-now";
import { pageTitle, usePageTitle } from "@web/hooks/use-page-title";
import { errorMessageOf } from "@web/lib/api-client";
import { saveBlobAsFile } from "@web/lib/documents/save-file";
import { FileSpreadsheet, FileText, ReceiptText } from "lucide-react";
import { useId, useState } from "react";
import { downloadBordereau, downloadBordereauReceipts } from "./download-bordereau";

const FORMAT_LABELS: Readonly<Record<BordereauFormat, string>> = { csv: "CSV", xlsx: "Excel (XLSX)" };

/** Bordereau (UNDERWRITER, ADMIN): the month's policy transactions for the capacity provider, as CSV or Excel. */
export default function BordereauRoute() {
  usePageTitle(pageTitle("Bordereau"));
  const id = useId();
  const today = todayInLondon(useNow());
  const [month, setMonth] = useState(() => previousBordereauMonth(today));
  const [busy, setBusy] = useState<BordereauFormat | "receipts" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(format: BordereauFormat | "receipts") {
    setBusy(format);
    setError(null);
    try {
      const file =
        format === "receipts" ? await downloadBordereauReceipts(month) : await downloadBordereau(month, format);
      saveBlobAsFile(file.blob, file.fileName);
      toast({
        title: format === "receipts" ? "Receipts downloaded" : "Bordereau downloaded",
        description: file.fileName,
      });
    } catch (failure) {
      setError(errorMessageOf(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <AppLayout>
      <div className="grid gap-5">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Bordereau</h1>
          <p className="text-sm text-slate-600">
            Every policy issued or cancelled in a month, with its premium, for your capacity provider
          </p>
        </div>
        <Card className="max-w-2xl">
          <CardHeader>
            <CardTitle>Monthly premium bordereau</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-1 sm:max-w-72">
              <Label htmlFor={`${id}-month`}>Month</Label>
              <Select
                id={`${id}-month`}
                value={month}
                onValueChange={(value) => {
                  setMonth(value);
                  setError(null);
                }}
                options={bordereauMonthOptions(today)}
              />
            </div>
            <p className="text-sm text-slate-600">
              A line per transaction in the month (London time): each policy issued, and each cancellation with its
              return premium as a negative amount. Then the totals of base premium, fees, IPT and gross premium, returns
              netted. A month with none downloads as the header and a zero totals line.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              {(["csv", "xlsx"] as const).map((format) => (
                <Button
                  key={format}
                  variant={format === "csv" ? "primary" : "outline"}
                  disabled={busy !== null}
                  onClick={() => void download(format)}
                >
                  {busy === format ? (
                    <Spinner className="h-4 w-4" />
                  ) : format === "csv" ? (
                    <FileText aria-hidden="true" className="h-4 w-4" />
                  ) : (
                    <FileSpreadsheet aria-hidden="true" className="h-4 w-4" />
                  )}
                  Download {FORMAT_LABELS[format]}
                </Button>
              ))}
            </div>
            <div className="grid gap-2 border-t border-slate-200 pt-3">
              <p className="text-sm text-slate-600">
                Each line's Rating Receipt column holds the hash of the receipt that priced it. Download the month's
                receipts to re-rate every line with <code>npm run verify -- FILE</code> or{" "}
                <code>node verify-receipt.mjs FILE</code>.
              </p>
              <div>
                <Button variant="outline" disabled={busy !== null} onClick={() => void download("receipts")}>
                  {busy === "receipts" ? (
                    <Spinner className="h-4 w-4" />
                  ) : (
                    <ReceiptText aria-hidden="true" className="h-4 w-4" />
                  )}
                  Download receipts (JSON Lines)
                </Button>
              </div>
            </div>
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </AppLayout>
  );
}
