import { formatDateGb } from "@domain/format/dates";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { paths } from "@web/config/paths";
import { useOverdueSubjectivities } from "@web/lib/api/terms";
import { AlertTriangle } from "lucide-react";
import { Link } from "wouter";

/**
 * "Subjectivities overdue" on the review queue (docs/product/screens.md): post-bind subjectivities of issued
 * policies still open after their due date, each linking to its policy. Not shown when none is overdue.
 */
export function OverdueSubjectivities() {
  const overdue = useOverdueSubjectivities();
  if (!overdue.data || overdue.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subjectivities overdue</CardTitle>
        <span className="text-sm text-slate-600">{overdue.data.length} overdue</span>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm" aria-label="Subjectivities overdue">
          {overdue.data.map((item) => (
            <li key={item.subjectivityId} className="flex flex-wrap items-start gap-x-3 gap-y-1">
              <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-700" />
              <span className="min-w-0 flex-1 break-words">
                <span className="font-medium text-slate-900">{item.text}</span>{" "}
                <span className="text-slate-700">
                  due {formatDateGb(item.dueDate)}, {item.proposerName}
                </span>
              </span>
              {item.policyNumber ? (
                <Link className="font-mono text-blue-800 underline" href={paths.policy(item.policyNumber)}>
                  {item.policyNumber}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
