import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Label } from "@web/components/ui/label";
import { CheckCircle2, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { editorEngine } from "../lib/editor-engine-code";

interface Checked {
  fileName: string;
  verified: boolean;
  lines: string[];
}

/**
 * Load a receipt: rates a rating receipt (or a month's receipts) again in the browser with the engine the editor
 * uses, and says "Verified" or shows the part that differs and the first differing line (docs/product/receipts.md).
 */
export function ReceiptCheckPanel() {
  const id = useId();
  const [checked, setChecked] = useState<Checked | null>(null);

  async function load(file: File | undefined) {
    if (!file) return;
    const [engine, text] = await Promise.all([editorEngine.load(), file.text()]);
    const answer = await engine.checkReceiptFile(text);
    setChecked({ fileName: file.name, ...answer });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Verify a rating receipt</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-slate-600">
          A quote's receipt (or a bordereau month's receipts) rated again here with the engine, as{" "}
          <code>npm run verify</code> does.
        </p>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-receipt`}>Load a receipt</Label>
          <input
            id={`${id}-receipt`}
            type="file"
            accept=".json,.jsonl,application/json"
            className="block w-full min-w-0 text-sm text-slate-700"
            onChange={(event) => void load(event.target.files?.[0])}
          />
        </div>
        {checked ? (
          <div
            role="status"
            className={`grid gap-1 rounded-md border p-3 text-sm wrap-anywhere ${
              checked.verified ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"
            }`}
          >
            <p className="flex items-center gap-2 font-semibold">
              {checked.verified ? (
                <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
              ) : (
                <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
              )}
              {checked.verified ? "Verified" : "Not verified"}: {checked.fileName}
            </p>
            <pre className="overflow-x-auto whitespace-pre-line font-mono text-xs">{checked.lines.join("\n")}</pre>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
