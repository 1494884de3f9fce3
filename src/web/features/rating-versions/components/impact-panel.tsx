import type { RatingVersion } from "@domain/rating/version";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { toast } from "@web/components/ui/toast-store";
import { errorMessageOf } from "@web/lib/api-client";
import { BarChart3 } from "lucide-react";
import { useImpactJob } from "../api/get-impact-job";
import { useStartImpactAnalysis } from "../api/start-impact-analysis";
import { ImpactReportView } from "./impact-report-view";

const count = new Intl.NumberFormat("en-GB");

/**
 * Impact analysis of the saved draft, shown under the rating version editor: re-rates the last 12 months of
 * quotes on the server and shows what the draft would change (ADR 0025).
 */
export function ImpactPanel({
  version,
  unsavedChanges,
  jobId,
  onStarted,
}: {
  version: RatingVersion;
  unsavedChanges: boolean;
  /** The analysis shown: kept by the editor, whose publish confirmation repeats its headline. */
  jobId: string | null;
  onStarted: (jobId: string) => void;
}) {
  const start = useStartImpactAnalysis();
  const job = useImpactJob(version.id, jobId).data;
  const running = start.isPending || job?.status === "running";

  const run = async () => {
    try {
      const started = await start.mutateAsync(version.id);
      onStarted(started.id);
    } catch (error) {
      toast({ title: "Impact Analysis Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  const progress = job && job.total > 0 ? Math.round((job.processed / job.total) * 100) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Impact on existing quotes</CardTitle>
        <Button variant="outline" size="sm" onClick={run} disabled={running}>
          <BarChart3 aria-hidden="true" className="h-4 w-4" />
          {running ? "Analysing..." : job ? "Run again" : "Run Impact Analysis"}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-slate-700">
          Re-rates every quote of {version.productCode} rated in the last 12 months (up to 100,000, most recent first)
          with this draft and with the version it was rated with.
          {unsavedChanges ? " Save the draft first: the analysis uses the saved configuration." : ""}
        </p>
        {job?.status === "running" ? (
          <div className="grid gap-1">
            <div
              role="progressbar"
              aria-label="Impact analysis progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-blue-600 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-xs text-slate-600" aria-live="polite">
              {count.format(job.processed)} of {count.format(job.total)} quotes re-rated
            </p>
          </div>
        ) : null}
        {job?.status === "failed" ? (
          <p role="alert" className="text-sm text-red-800">
            The analysis failed: {job.error}
          </p>
        ) : null}
        {job?.status === "completed" && job.report ? (
          <>
            <p className="text-xs text-slate-600" aria-live="polite">
              Analysed {count.format(job.report.quoteCount)} quotes in {(job.elapsedMs / 1000).toFixed(1)} s.
            </p>
            <ImpactReportView report={job.report} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
