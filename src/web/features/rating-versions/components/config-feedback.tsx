import type { RatingConfigIssue } from "@domain/rating/config-schema";
import { CheckCircle2, TriangleAlert } from "lucide-react";

function IssueList({ issues }: { issues: readonly RatingConfigIssue[] }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 wrap-anywhere">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
        {issues.length === 1 ? "1 problem in the configuration" : `${issues.length} problems in the configuration`}
      </p>
      <ul className="mt-2 grid gap-1">
        {issues.map((issue) => (
          <li key={`${issue.path}|${issue.message}`}>
            <code className="rounded bg-white px-1 py-0.5 text-xs font-semibold">{issue.path || "(root)"}</code>{" "}
            {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What Validate, Test Rating and Save found in the configuration: its problems, or that it is valid. */
export function ConfigFeedback({
  issues,
  validMessage,
}: {
  issues: readonly RatingConfigIssue[];
  validMessage: string | null;
}) {
  return (
    <>
      {issues.length > 0 ? <IssueList issues={issues} /> : null}
      {validMessage ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
          {validMessage}
        </p>
      ) : null}
    </>
  );
}
