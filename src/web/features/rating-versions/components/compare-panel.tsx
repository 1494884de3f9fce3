import { formatDateGb } from "@domain/format/dates";
import type { ConfigChange } from "@domain/rating/config-diff";
import type { RatingVersion } from "@domain/rating/version";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { preload } from "@web/lib/on-first-use";
import { GitCompareArrows } from "lucide-react";
import { useState } from "react";
import type { Comparison } from "../compare";
import { editorEngine } from "../lib/editor-engine-code";

const KIND_WORDS: Record<ConfigChange["kind"], string> = { added: "Added", removed: "Removed", changed: "Changed" };

/**
 * 'Compare with published' (docs/product/screens.md): beside the impact analysis, what this draft changes in the
 * configuration, key by key, against the published version it will replace. Compares the text in the editor,
 * saved or not.
 */
export function ComparePanel({
  versions,
  configText,
  effectiveFrom,
}: {
  versions: readonly RatingVersion[];
  configText: string;
  effectiveFrom: string;
}) {
  const [comparison, setComparison] = useState<Comparison | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Compare with published</CardTitle>
        <Button
          variant="outline"
          size="sm"
          onFocus={() => preload(editorEngine)}
          onPointerEnter={() => preload(editorEngine)}
          onClick={async () => {
            const engine = await editorEngine.load();
            setComparison(engine.compareWithPublished(versions, configText, effectiveFrom));
          }}
        >
          <GitCompareArrows aria-hidden="true" className="h-4 w-4" />
          {comparison ? "Compare again" : "Compare with published"}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3 wrap-anywhere" aria-live="polite">
        {comparison === null ? (
          <p className="text-sm text-slate-700">
            Lists every setting this draft changes against the published version it will replace on its effective date:
            base rate, factor bands, fees, referral rules and caps.
          </p>
        ) : null}
        {comparison?.kind === "invalid-json" ? (
          <p role="alert" className="text-sm text-red-800">
            The configuration is not valid JSON, so it cannot be compared.
          </p>
        ) : null}
        {comparison?.kind === "no-published" ? (
          <p className="text-sm text-slate-700">
            No published version of {comparison.productCode} is in force on {formatDateGb(comparison.effectiveFrom)}:
            this draft replaces nothing.
          </p>
        ) : null}
        {comparison?.kind === "compared" ? (
          <>
            <p className="text-sm text-slate-700">
              Against <span className="font-semibold">{comparison.against.name}</span> (published, effective from{" "}
              {formatDateGb(comparison.against.effectiveFrom)}):{" "}
              {comparison.changes.length === 0
                ? "no setting changes."
                : `${comparison.changes.length} ${comparison.changes.length === 1 ? "setting changes" : "settings change"}.`}
            </p>
            {comparison.changes.length > 0 ? (
              <ul aria-label="Changes against the published version" className="grid gap-2">
                {comparison.changes.map((change) => (
                  <li
                    key={`${change.kind}|${change.path}`}
                    className="grid gap-0.5 rounded border border-slate-200 px-2 py-1.5 text-sm"
                  >
                    <span className="font-medium text-slate-900">
                      {KIND_WORDS[change.kind]}: {change.path}
                    </span>
                    <span className="font-mono text-xs text-slate-700">
                      {change.kind === "added"
                        ? `now ${change.after}`
                        : change.kind === "removed"
                          ? `was ${change.before}`
                          : `${change.before} → ${change.after}`}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
