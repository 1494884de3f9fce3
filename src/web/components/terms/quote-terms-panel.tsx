import { formatDateGb, formatDateTimeGb } from "@domain/format/dates";
import type { Subjectivity } from "@domain/underwriting/terms";
import { SUBJECTIVITY_STATUS_LABELS, SUBJECTIVITY_TIMING_LABELS } from "@domain/underwriting/terms-rules";
import { useMarkSubjectivity, useQuoteTerms } from "@web/lib/api/terms";
import { errorMessageOf } from "@web/lib/api-client";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { toast } from "../ui/toast-store";

function stateTone(s: Subjectivity): BadgeTone {
  if (s.overdue) return "danger";
  if (s.status === "OPEN") return s.timing === "PRE_BIND" ? "warning" : "info";
  return "success";
}

/**
 * The decision's terms (docs/product/screens.md): attached clauses and the subjectivities with their state. An
 * underwriter (`canMark`) marks an open one satisfied or waived; `only` limits the marking to pre- or post-bind
 * ones (the policy screen marks post-bind ones). Nothing shows when the decision carries no terms.
 */
export function QuoteTermsPanel({
  quoteId,
  canMark = false,
  only,
}: {
  quoteId: string;
  canMark?: boolean;
  only?: Subjectivity["timing"];
}) {
  const terms = useQuoteTerms(quoteId);
  const mark = useMarkSubjectivity(quoteId);
  if (!terms.data) return null;
  const { endorsements, subjectivities } = terms.data;
  if (endorsements.length === 0 && subjectivities.length === 0) return null;

  const onMark = async (s: Subjectivity, status: "SATISFIED" | "WAIVED") => {
    try {
      await mark.mutateAsync({ id: s.id, body: { status } });
      toast({
        title: "Subjectivity Updated",
        description: `Marked ${SUBJECTIVITY_STATUS_LABELS[status].toLowerCase()}.`,
      });
    } catch (error) {
      toast({ title: "Update Error", description: errorMessageOf(error), variant: "destructive" });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Terms</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {endorsements.length > 0 ? (
          <section aria-labelledby={`${quoteId}-endorsements`} className="grid gap-2">
            <h3 id={`${quoteId}-endorsements`} className="font-semibold text-slate-900">
              Endorsements
            </h3>
            <ul className="grid gap-2">
              {endorsements.map((clause) => (
                <li key={clause.id}>
                  <p className="font-medium text-slate-900">
                    {clause.code} - {clause.title}{" "}
                    <span className="text-xs text-slate-600">(version {clause.version})</span>
                  </p>
                  <p className="text-slate-700">{clause.wording}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {subjectivities.length > 0 ? (
          <section aria-labelledby={`${quoteId}-subjectivities`} className="grid gap-2">
            <h3 id={`${quoteId}-subjectivities`} className="font-semibold text-slate-900">
              Subjectivities
            </h3>
            <ul className="grid gap-2">
              {subjectivities.map((s) => (
                <li key={s.id} className="grid gap-1 rounded-md border border-slate-200 p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="min-w-0 font-medium break-words text-slate-900">{s.text}</p>
                    <Badge tone={stateTone(s)}>{s.overdue ? "Overdue" : SUBJECTIVITY_STATUS_LABELS[s.status]}</Badge>
                  </div>
                  <p className="text-xs text-slate-600">
                    {SUBJECTIVITY_TIMING_LABELS[s.timing]}, due {formatDateGb(s.dueDate)}
                    {s.resolvedAt && s.resolvedBy
                      ? ` - ${SUBJECTIVITY_STATUS_LABELS[s.status]} by ${s.resolvedBy.name}, ${formatDateTimeGb(s.resolvedAt)}`
                      : ""}
                  </p>
                  {canMark && s.status === "OPEN" && (only === undefined || only === s.timing) ? (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={mark.isPending}
                        aria-label={`Mark satisfied: ${s.text}`}
                        onClick={() => void onMark(s, "SATISFIED")}
                      >
                        Mark satisfied
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={mark.isPending}
                        aria-label={`Waive: ${s.text}`}
                        onClick={() => void onMark(s, "WAIVED")}
                      >
                        Waive
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
