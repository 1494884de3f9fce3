import { targetInWords } from "@domain/underwriting/response-target";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { paths } from "@web/config/paths";
import { errorMessageOf } from "@web/lib/api-client";
import { ClipboardCheck } from "lucide-react";
import { Link } from "wouter";
import { useUnderwriterQueue } from "../api/get-underwriter-queue";

function referrals(count: number): string {
  return `${count} ${count === 1 ? "referral waits" : "referrals wait"}`;
}

/**
 * The underwriter's dashboard says what waits in the Review Queue and opens it: after each decision an
 * underwriter lands on the dashboard and goes on to the next referral from here. Its height is kept while the
 * counts load, so the list below does not move.
 */
export function QueueSummary() {
  const queue = useUnderwriterQueue({ page: 1, pageSize: 1, show: "all" });
  const meta = queue.data?.meta;
  return (
    <Card className="flex min-h-16 flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="queue-summary">
      <div className="text-sm text-slate-800" aria-live="polite">
        {meta ? (
          <>
            <span className="font-semibold text-slate-900">Review Queue: </span>
            {meta.waiting === 0 ? "nothing waits for a decision" : `${referrals(meta.waiting)} for a decision`}
            {meta.overdue > 0 ? (
              <span className="font-semibold text-red-700">, {meta.overdue} past the target</span>
            ) : null}{" "}
            <span className="text-slate-600">({targetInWords(meta.targetWorkingHours)})</span>
          </>
        ) : queue.isError ? (
          <span className="text-red-700">{errorMessageOf(queue.error)}</span>
        ) : (
          <span className="text-slate-600">Counting the referrals waiting...</span>
        )}
      </div>
      <Button asChild size="sm" variant="outline">
        <Link href={paths.underwriterDashboard}>
          <ClipboardCheck aria-hidden="true" className="h-4 w-4" />
          Open the Review Queue
        </Link>
      </Button>
    </Card>
  );
}
